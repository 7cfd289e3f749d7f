// The simulated settlement chain: wallet token balances, a faucet, deposit transactions signed by the
// depositing wallet, and the payouts of processed withdrawals. A deposit confirms at once on the chain but is
// credited by the exchange only after its processing delay, as the interface warns clients.
import { createHash } from 'node:crypto';
import bs58 from 'bs58';
import { DepositTxSchema, depositMessage } from '../../protocol/chain-deposit';
import { verifyEd25519 } from '../../protocol/keys';
import type { DevnetConfig } from '../config';
import { HttpError } from '../http/errors';

export interface ChainTxRecord {
  txId: string;
  kind: 'deposit' | 'faucet' | 'withdrawal';
  status: 'confirmed' | 'credited' | 'failed';
  from?: string;
  to: string;
  tokenId: number;
  amount: bigint;
  accountId?: number;
  failure?: string;
  /** engine ms at which the exchange processes a deposit */
  dueMs?: number;
}

export interface ChainState {
  balances: Record<string, Record<number, bigint>>;
  txs: Record<string, ChainTxRecord>;
  /**
   * Deposit nonces seen per wallet, so a signed deposit cannot be replayed, with the transaction each became:
   * the identical signed deposit sent again (a client that lost the answer) gets that transaction back
   * instead of moving funds twice. (`true`: a nonce recorded before transactions were kept with it.)
   */
  usedNonces: Record<string, true | { txId: string; signature: string }>;
  nextTx: number;
}

export const emptyChain = (): ChainState => ({ balances: {}, txs: {}, usedNonces: {}, nextTx: 1 });

/** The most the faucet hands out in one request, in whole tokens. */
const FAUCET_MAX_WHOLE = 1_000_000n;

function isAddress(value: string): boolean {
  try {
    return bs58.decode(value).length === 32;
  } catch {
    return false;
  }
}

export class Chain {
  constructor(
    readonly state: ChainState,
    private readonly config: DevnetConfig,
  ) {}

  balance(address: string, tokenId: number): bigint {
    return this.state.balances[address]?.[tokenId] ?? 0n;
  }

  private add(address: string, tokenId: number, delta: bigint): void {
    const balances = (this.state.balances[address] ??= {});
    balances[tokenId] = (balances[tokenId] ?? 0n) + delta;
  }

  private newTxId(seed: string): string {
    const n = this.state.nextTx++;
    return bs58.encode(createHash('sha256').update(`${n}:${seed}`).digest());
  }

  private token(tokenId: number) {
    const token = this.config.tokens.find((t) => t.tokenId === tokenId);
    if (!token) throw new HttpError('TokenNotFound', `token ${tokenId} does not exist`);
    return token;
  }

  faucet(input: unknown): ChainTxRecord {
    const body = input as { address?: unknown; tokenId?: unknown; amount?: unknown };
    if (typeof body.address !== 'string' || !isAddress(body.address))
      throw new HttpError('BadRequest', 'address must be a base58 32-byte address');
    if (typeof body.tokenId !== 'number' || !Number.isInteger(body.tokenId))
      throw new HttpError('BadRequest', 'tokenId must be an integer');
    if (typeof body.amount !== 'string' || !/^[1-9]\d{0,30}$/.test(body.amount))
      throw new HttpError('BadRequest', 'amount must be a positive scaled integer string');
    const token = this.token(body.tokenId);
    const amount = BigInt(body.amount);
    if (amount > FAUCET_MAX_WHOLE * 10n ** BigInt(token.decimals))
      throw new HttpError(
        'BadRequest',
        `the faucet gives at most ${FAUCET_MAX_WHOLE} ${token.symbol} at a time`,
      );
    this.add(body.address, body.tokenId, amount);
    const tx: ChainTxRecord = {
      txId: this.newTxId(`faucet:${body.address}`),
      kind: 'faucet',
      status: 'credited',
      to: body.address,
      tokenId: body.tokenId,
      amount,
    };
    this.state.txs[tx.txId] = tx;
    return tx;
  }

  /** Checks the wallet's signature, moves the tokens off the wallet, and schedules the exchange credit. */
  deposit(input: unknown, nowMs: number): ChainTxRecord {
    const parsed = DepositTxSchema.safeParse(input);
    if (!parsed.success)
      throw new HttpError(
        'BadRequest',
        `not a deposit transaction: ${parsed.error.issues[0]?.path.join('.') || 'body'}: ${parsed.error.issues[0]?.message}`,
      );
    const tx = parsed.data;
    const { signature, ...fields } = tx;
    if (!verifyEd25519(bs58.decode(tx.from), depositMessage(fields), Buffer.from(signature, 'hex'))) {
      throw new HttpError('BadRequest', 'the deposit is not signed by the depositing wallet');
    }
    this.token(tx.tokenId);
    const nonceKey = `${tx.from}:${tx.nonce}`;
    const seen = this.state.usedNonces[nonceKey];
    if (seen !== undefined) {
      const earlier = seen === true ? undefined : this.state.txs[seen.txId];
      if (seen !== true && seen.signature === signature && earlier) return earlier;
      throw new HttpError('BadRequest', 'this deposit nonce was already used by another transaction');
    }
    const amount = BigInt(tx.amount);
    if (this.balance(tx.from, tx.tokenId) < amount)
      throw new HttpError(
        'BadRequest',
        'the wallet does not hold that much of this token on the settlement chain',
      );
    this.add(tx.from, tx.tokenId, -amount);
    const record: ChainTxRecord = {
      txId: this.newTxId(`deposit:${signature}`),
      kind: 'deposit',
      status: 'confirmed',
      from: tx.from,
      to: tx.recipient ?? tx.from,
      tokenId: tx.tokenId,
      amount,
      ...(tx.accountId !== undefined ? { accountId: tx.accountId } : {}),
      dueMs: nowMs + this.config.depositDelayMs,
    };
    this.state.txs[record.txId] = record;
    this.state.usedNonces[nonceKey] = { txId: record.txId, signature };
    return record;
  }

  /** Deposits whose processing delay has passed, oldest first. */
  dueDeposits(nowMs: number): ChainTxRecord[] {
    return Object.values(this.state.txs).filter(
      (t) => t.kind === 'deposit' && t.status === 'confirmed' && (t.dueMs ?? 0) <= nowMs,
    );
  }

  /** A withdrawal's payout lands on the destination's chain balance. */
  payout(destination: string, tokenId: number, amount: bigint, eventNonce: bigint): void {
    this.add(destination, tokenId, amount);
    const txId = this.newTxId(`withdrawal:${eventNonce}`);
    this.state.txs[txId] = { txId, kind: 'withdrawal', status: 'credited', to: destination, tokenId, amount };
  }

  tx(txId: string): ChainTxRecord | undefined {
    return this.state.txs[txId];
  }
}
