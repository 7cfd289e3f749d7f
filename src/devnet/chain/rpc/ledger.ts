// The methods that read the transaction log: getSignatureStatuses, getTransaction, getBlock and
// getSignaturesForAddress. Each answers at its commitment (commitment.ts): a transaction still in the
// current slot is confirmed, not yet finalized, for all of them alike.
import type { TxRecord } from '../state';
import type { MethodContext } from './context';
import { reached, statusOf, type Commitment } from './commitment';
import { memoText } from './parsed-instructions';
import { decodeRecord, transactionWithMeta, type TxEncoding } from './transactions';
import { RPC_ERRORS, RpcError, big } from './wire';

export function signatureStatuses(ctx: MethodContext, signatures: string[]) {
  const current = ctx.chain.slot();
  return {
    context: ctx.context('processed'),
    value: signatures.map((s) => {
      const tx = ctx.chain.transaction(s);
      if (!tx) return null;
      const status = statusOf(tx.slot, current);
      return {
        slot: big(tx.slot),
        // a validator counts confirmations until the slot is rooted, then says null
        confirmations: status === 'finalized' ? null : 0,
        err: tx.err,
        status: tx.err === null ? { Ok: null } : { Err: tx.err },
        confirmationStatus: status,
      };
    }),
  };
}

interface LedgerConfig {
  commitment?: Commitment | undefined;
  encoding?: TxEncoding | undefined;
  maxSupportedTransactionVersion?: number | undefined;
}

export function getTransaction(ctx: MethodContext, signature: string, config: LedgerConfig = {}) {
  const tx = ctx.chain.transaction(signature);
  if (!tx || !reached(tx.slot, ctx.chain.slot(), config.commitment)) return null;
  return {
    slot: big(tx.slot),
    blockTime: big(tx.blockTime),
    ...transactionWithMeta(tx, config.encoding ?? 'json', config.maxSupportedTransactionVersion),
  };
}

export function getBlock(
  ctx: MethodContext,
  slotParam: number | bigint,
  config: LedgerConfig & {
    transactionDetails?: 'full' | 'accounts' | 'signatures' | 'none';
    rewards?: boolean;
  } = {},
) {
  const { chain } = ctx;
  const slot = Number(slotParam);
  if (!reached(slot, chain.slot(), config.commitment))
    throw new RpcError(RPC_ERRORS.BLOCK_NOT_AVAILABLE, `Block not available for slot ${slot}`);
  const first = chain.firstAvailableSlot();
  if (slot < first)
    throw new RpcError(
      RPC_ERRORS.BLOCK_CLEANED_UP,
      `Block ${slot} cleaned up, does not exist on node. First available block: ${first}`,
    );
  const details = config.transactionDetails ?? 'full';
  if (details === 'accounts')
    throw new RpcError(
      RPC_ERRORS.INVALID_PARAMS,
      'Invalid params: transactionDetails `accounts` is not supported by this devnet',
    );
  const txs = chain.transactions().filter((t) => t.slot === slot);
  const encoding = config.encoding ?? 'json';
  return {
    blockHeight: big(slot),
    blockTime: big(txs[0]?.blockTime ?? Math.floor(chain.slotStartMs(slot) / 1000)),
    blockhash: chain.blockhashAt(slot),
    parentSlot: big(Math.max(0, slot - 1)),
    previousBlockhash: chain.blockhashAt(Math.max(0, slot - 1)),
    ...(details === 'full'
      ? {
          transactions: txs.map((t) =>
            transactionWithMeta(t, encoding, config.maxSupportedTransactionVersion),
          ),
        }
      : details === 'signatures'
        ? { signatures: txs.map((t) => t.signature) }
        : {}),
    ...(config.rewards === false ? {} : { rewards: [] }),
  };
}

/** The memo field getSignaturesForAddress gives: each memo as "[bytes] text", joined by "; ". */
function memoOf(tx: TxRecord): string | null {
  const d = decodeRecord(tx);
  const memos = d.instructions
    .map((ix) => memoText({ programId: d.keys[ix.programIdIndex]!, data: ix.data }))
    .filter((m): m is string => m !== null)
    .map((m) => `[${Buffer.byteLength(m)}] ${m}`);
  return memos.length ? memos.join('; ') : null;
}

export function signaturesForAddress(
  ctx: MethodContext,
  address: string,
  config: {
    commitment?: Commitment | undefined;
    limit?: number | undefined;
    before?: string | undefined;
    until?: string | undefined;
  } = {},
) {
  const { chain } = ctx;
  const current = chain.slot();
  const all = chain.transactions();
  let start = all.length - 1;
  if (config.before !== undefined) {
    const at = all.findIndex((t) => t.signature === config.before);
    // a validator answers an unknown `before` with nothing: it cannot tell where to start
    if (at < 0) return [];
    start = at - 1;
  }
  const limit = config.limit ?? 1_000;
  const out = [];
  for (let i = start; i >= 0 && out.length < limit; i -= 1) {
    const tx = all[i]!;
    if (tx.signature === config.until) break;
    if (!reached(tx.slot, current, config.commitment)) continue;
    if (!decodeRecord(tx).keys.includes(address)) continue;
    out.push({
      signature: tx.signature,
      slot: big(tx.slot),
      err: tx.err,
      memo: memoOf(tx),
      blockTime: big(tx.blockTime),
      confirmationStatus: statusOf(tx.slot, current),
    });
  }
  return out;
}
