// Accounts as Solana's RPC encodes them (base58, base64, jsonParsed for SPL Token accounts and mints), and
// the getProgramAccounts / programSubscribe filters (dataSize, memcmp) token clients use to find them.
import { getBase58Decoder, getBase58Encoder, type ReadonlyUint8Array } from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS, getMintDecoder, getTokenDecoder } from '@solana-program/token';
import { MINT_SIZE, TOKEN_ACCOUNT_SIZE, uiAmount } from '../runtime';
import { big, invalid } from './wire';

const U64_MAX = 2n ** 64n - 1n;
/** Solana refuses base58 account data above this many bytes (it is slow to encode). */
const MAX_BASE58_BYTES = 128;

// Kit's codecs cost more to build than to use: built once.
const codecs = {
  base58Text: getBase58Decoder(),
  base58Bytes: getBase58Encoder(),
  token: getTokenDecoder(),
  mint: getMintDecoder(),
};

export interface AccountLike {
  lamports: bigint;
  data: Uint8Array | ReadonlyUint8Array;
  programAddress: string;
  executable: boolean;
}

export interface Slice {
  offset: number | bigint;
  length: number | bigint;
}

/** One account in the encoding asked for; decimalsOf names a mint's decimals for jsonParsed token accounts. */
export function accountJson(
  a: AccountLike,
  encoding: string,
  decimalsOf: (mint: string) => number | undefined,
  slice?: Slice,
) {
  const full = new Uint8Array(a.data);
  const data = slice
    ? full.subarray(Number(slice.offset), Number(slice.offset) + Number(slice.length))
    : full;
  const base = {
    lamports: big(a.lamports),
    owner: a.programAddress,
    executable: a.executable,
    rentEpoch: big(U64_MAX),
    space: big(full.length),
  };
  // An account jsonParsed does not know (or a sliced one) falls back to base64, as on a validator.
  if (encoding === 'jsonParsed' && !slice) {
    const parsed = parsedToken(a.programAddress, full, decimalsOf);
    if (parsed) return { ...base, data: parsed };
  }
  if (encoding === 'base58' || encoding === 'binary') {
    if (data.length > MAX_BASE58_BYTES)
      throw invalid(
        'encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
      );
    const text = codecs.base58Text.decode(data);
    return { ...base, data: encoding === 'binary' ? text : [text, 'base58'] };
  }
  if (encoding === 'base64+zstd') throw invalid('base64+zstd encoding is not supported by this devnet');
  return { ...base, data: [Buffer.from(data).toString('base64'), 'base64'] };
}

/** SPL Token accounts and mints as jsonParsed: what wallets read balances from. */
function parsedToken(owner: string, data: Uint8Array, decimalsOf: (mint: string) => number | undefined) {
  if (owner !== TOKEN_PROGRAM_ADDRESS) return null;
  if (BigInt(data.length) === TOKEN_ACCOUNT_SIZE) {
    const t = codecs.token.decode(data);
    return {
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: {
          isNative: false,
          mint: t.mint,
          owner: t.owner,
          state: t.state === 1 ? 'initialized' : t.state === 2 ? 'frozen' : 'uninitialized',
          tokenAmount: uiAmount(t.amount, decimalsOf(t.mint) ?? 0),
          ...(t.delegate.__option === 'Some'
            ? {
                delegate: t.delegate.value,
                delegatedAmount: uiAmount(t.delegatedAmount, decimalsOf(t.mint) ?? 0),
              }
            : {}),
          ...(t.closeAuthority.__option === 'Some' ? { closeAuthority: t.closeAuthority.value } : {}),
        },
      },
      space: big(data.length),
    };
  }
  if (BigInt(data.length) === MINT_SIZE) {
    const m = codecs.mint.decode(data);
    return {
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: {
          decimals: m.decimals,
          freezeAuthority: m.freezeAuthority.__option === 'Some' ? m.freezeAuthority.value : null,
          isInitialized: m.isInitialized,
          mintAuthority: m.mintAuthority.__option === 'Some' ? m.mintAuthority.value : null,
          supply: m.supply.toString(),
        },
      },
      space: big(data.length),
    };
  }
  return null;
}

export type Filter =
  | { dataSize: number | bigint }
  | { memcmp: { offset: number | bigint; bytes: string; encoding?: 'base58' | 'base64' | undefined } };

/** The filters as one test over account data; an undecodable memcmp is refused as a validator refuses it. */
export function filterTest(filters: readonly Filter[] = []): (data: Uint8Array) => boolean {
  const tests = filters.map((f) => {
    if ('dataSize' in f) {
      const size = Number(f.dataSize);
      return (data: Uint8Array) => data.length === size;
    }
    const offset = Number(f.memcmp.offset);
    let bytes: Uint8Array;
    try {
      bytes =
        f.memcmp.encoding === 'base64'
          ? new Uint8Array(Buffer.from(f.memcmp.bytes, 'base64'))
          : new Uint8Array(codecs.base58Bytes.encode(f.memcmp.bytes));
    } catch {
      throw invalid(`Invalid param: failed to decode memcmp bytes ${f.memcmp.bytes.slice(0, 32)}`);
    }
    if (bytes.length > MAX_BASE58_BYTES) throw invalid('Invalid param: memcmp bytes longer than 128');
    return (data: Uint8Array) =>
      offset + bytes.length <= data.length && bytes.every((b, i) => data[offset + i] === b);
  });
  return (data) => tests.every((t) => t(data));
}
