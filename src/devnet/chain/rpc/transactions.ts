// Landed transactions as getTransaction and getBlock answer them: base58/base64 wire, the "json" message
// (indices into the account keys) and "jsonParsed" (keys with signer and writable flags, instructions of
// the known programs parsed). Each record's wire is decoded once and kept, as the index and the PubSub
// notifications read the same keys.
import {
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from '@solana/kit';
import type { TxRecord } from '../state';
import { parsedInstruction } from './parsed-instructions';
import { RPC_ERRORS, RpcError, big } from './wire';

const codecs = {
  transaction: getTransactionDecoder(),
  message: getCompiledTransactionMessageDecoder(),
  base58Text: getBase58Decoder(),
  base58Bytes: getBase58Encoder(),
};
/** Decoded records kept; the chain keeps 2,000 transactions, so this holds every one a reader asks for. */
const CACHED = 4_096;

export interface DecodedTx {
  version: 'legacy' | 0;
  signatures: string[];
  keys: string[];
  writable: boolean[];
  signer: boolean[];
  header: {
    numRequiredSignatures: number;
    numReadonlySignedAccounts: number;
    numReadonlyUnsignedAccounts: number;
  };
  recentBlockhash: string;
  instructions: { programIdIndex: number; accounts: number[]; data: Uint8Array }[];
}

const cache = new Map<string, DecodedTx>();

export function decodeRecord(tx: TxRecord): DecodedTx {
  const known = cache.get(tx.signature);
  if (known) return known;
  const decoded = decodeWire(Buffer.from(tx.wire, 'base64'));
  if (cache.size >= CACHED) cache.delete(cache.keys().next().value!);
  cache.set(tx.signature, decoded);
  return decoded;
}

function decodeWire(wire: Uint8Array): DecodedTx {
  const tx = codecs.transaction.decode(wire);
  const m = codecs.message.decode(tx.messageBytes) as {
    version: 'legacy' | 0;
    header: {
      numSignerAccounts: number;
      numReadonlySignerAccounts: number;
      numReadonlyNonSignerAccounts: number;
    };
    staticAccounts: string[];
    lifetimeToken: string;
    instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[];
  };
  const { numSignerAccounts: s, numReadonlySignerAccounts: rs, numReadonlyNonSignerAccounts: rn } = m.header;
  const n = m.staticAccounts.length;
  return {
    version: m.version,
    signatures: Object.values(tx.signatures).map((sig) =>
      sig ? codecs.base58Text.decode(sig) : '1'.repeat(64),
    ),
    keys: m.staticAccounts,
    signer: m.staticAccounts.map((_k, i) => i < s),
    writable: m.staticAccounts.map((_k, i) => (i < s ? i < s - rs : i < n - rn)),
    header: { numRequiredSignatures: s, numReadonlySignedAccounts: rs, numReadonlyUnsignedAccounts: rn },
    recentBlockhash: m.lifetimeToken,
    instructions: m.instructions.map((ix) => ({
      programIdIndex: ix.programAddressIndex,
      accounts: ix.accountIndices ?? [],
      data: ix.data ?? new Uint8Array(),
    })),
  };
}

export type TxEncoding = 'binary' | 'base58' | 'base64' | 'json' | 'jsonParsed';

/** A transaction and its meta in one encoding, as getTransaction and getBlock's "full" details hold them. */
export function transactionWithMeta(tx: TxRecord, encoding: TxEncoding, maxVersion: number | undefined) {
  const d = decodeRecord(tx);
  if (d.version !== 'legacy' && maxVersion === undefined)
    throw new RpcError(
      RPC_ERRORS.UNSUPPORTED_TRANSACTION_VERSION,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    );
  return {
    transaction: transactionIn(tx, d, encoding),
    meta: metaIn(tx, d, encoding === 'jsonParsed'),
    ...(maxVersion !== undefined ? { version: d.version } : {}),
  };
}

function transactionIn(tx: TxRecord, d: DecodedTx, encoding: TxEncoding) {
  if (encoding === 'base64') return [tx.wire, 'base64'];
  if (encoding === 'base58' || encoding === 'binary') {
    const text = codecs.base58Text.decode(Buffer.from(tx.wire, 'base64'));
    return encoding === 'binary' ? text : [text, 'base58'];
  }
  const lookups = d.version === 0 ? { addressTableLookups: [] } : {};
  if (encoding === 'json')
    return {
      signatures: d.signatures,
      message: {
        accountKeys: d.keys,
        header: d.header,
        recentBlockhash: d.recentBlockhash,
        instructions: d.instructions.map((ix) => ({
          programIdIndex: ix.programIdIndex,
          accounts: ix.accounts,
          data: codecs.base58Text.decode(ix.data),
          stackHeight: null,
        })),
        ...lookups,
      },
    };
  return {
    signatures: d.signatures,
    message: {
      accountKeys: d.keys.map((pubkey, i) => ({
        pubkey,
        writable: d.writable[i],
        signer: d.signer[i],
        source: 'transaction',
      })),
      recentBlockhash: d.recentBlockhash,
      instructions: d.instructions.map((ix) =>
        parsedInstruction({
          programId: d.keys[ix.programIdIndex]!,
          accounts: ix.accounts.map((i) => d.keys[i]!),
          data: ix.data,
          stackHeight: null,
        }),
      ),
      ...lookups,
    },
  };
}

function metaIn(tx: TxRecord, d: DecodedTx, parsed: boolean) {
  const inner = tx.innerInstructions ?? [];
  return {
    err: tx.err,
    status: tx.err === null ? { Ok: null } : { Err: tx.err },
    fee: big(tx.fee),
    preBalances: tx.preBalances.map(big),
    postBalances: tx.postBalances.map(big),
    innerInstructions: parsed
      ? inner.map(({ index, instructions }) => ({
          index,
          instructions: instructions.map((ix) =>
            parsedInstruction({
              programId: d.keys[ix.programIdIndex]!,
              accounts: ix.accounts.map((i) => d.keys[i]!),
              data: new Uint8Array(codecs.base58Bytes.encode(ix.data)),
              stackHeight: ix.stackHeight,
            }),
          ),
        }))
      : inner,
    logMessages: tx.logs,
    preTokenBalances: tx.preTokenBalances,
    postTokenBalances: tx.postTokenBalances,
    rewards: [],
    // jsonParsed lists the keys with their source instead (a validator skips this field there)
    ...(parsed ? {} : { loadedAddresses: { readonly: [], writable: [] } }),
    computeUnitsConsumed: big(tx.computeUnits),
  };
}
