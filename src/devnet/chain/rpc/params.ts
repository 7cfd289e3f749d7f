// Every method's parameters as a schema: a request that does not fit is refused with -32602 and a reason,
// before anything reads it. Enumerations are refused in serde's words, as Solana's RPC refuses them
// ("unknown variant `json`, expected one of ..."), so a client's message reads the same against either.
import { z } from 'zod';
import { isAddress } from '@solana/kit';
import { BASE58_SIGNATURE } from '../../../shared/base58';

export const MAX_SIGNATURES = 256;
export const MAX_MULTIPLE_ACCOUNTS = 100;
export const MAX_SIGNATURES_FOR_ADDRESS = 1_000;
const MAX_FEE_ADDRESSES = 128;
const MAX_FILTERS = 4;
const MAX_MEMCMP_TEXT = 175;

/** A string enumeration refused in serde's words. */
const variant = <T extends string>(...names: [T, ...T[]]) =>
  z.enum(names, {
    error: (issue) =>
      typeof issue.input === 'string'
        ? `unknown variant \`${issue.input.slice(0, 64)}\`, expected one of ${names.map((n) => `\`${n}\``).join(', ')}`
        : `invalid type: expected one of ${names.map((n) => `\`${n}\``).join(', ')}`,
  });

export const Addr = z.string().refine(isAddress, 'not a base58 32-byte address');
export const Signature = z.string().regex(BASE58_SIGNATURE, 'not a base58 signature');
export const Commitment = variant('processed', 'confirmed', 'finalized').optional();
/** Methods that read the ledger answer from confirmed on, as a validator's do. */
const LedgerCommitment = Commitment.refine(
  (c) => c !== 'processed',
  'Method does not support commitment below `confirmed`',
);
const Binary = variant('base58', 'base64');
export const AccountEncoding = variant('binary', 'base58', 'base64', 'jsonParsed', 'base64+zstd');
export const TransactionEncoding = variant('binary', 'base64', 'base58', 'json', 'jsonParsed');
export const u64 = z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.bigint()]);
const Config = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ commitment: Commitment, minContextSlot: u64.optional(), ...shape }).optional();
const DataSlice = z.object({ offset: u64, length: u64 }).optional();
const AccountConfig = Config({ encoding: AccountEncoding.optional(), dataSlice: DataSlice });

const tuple = <T extends [z.ZodType, ...z.ZodType[]]>(...items: T) => z.tuple(items);
const opt = <T extends z.ZodType>(t: T) => t.optional();

/** The filters token clients send getProgramAccounts and programSubscribe (a size, bytes at an offset). */
export const Filters = z
  .array(
    z.union([
      z.object({ dataSize: u64 }).strict(),
      z
        .object({
          memcmp: z
            .object({
              offset: u64,
              bytes: z.string().max(MAX_MEMCMP_TEXT),
              encoding: variant('base58', 'base64').optional(),
            })
            .strict(),
        })
        .strict(),
    ]),
  )
  .max(MAX_FILTERS, `Too many filters provided; max ${MAX_FILTERS}`)
  .optional();

const sendConfig = Config({
  encoding: Binary.optional(),
  skipPreflight: z.boolean().optional(),
  preflightCommitment: Commitment,
  maxRetries: u64.optional(),
});

export const PARAMS = {
  getLatestBlockhash: tuple(opt(Config({}))),
  sendTransaction: tuple(z.string().max(4096), opt(sendConfig)),
  simulateTransaction: tuple(
    z.string().max(4096),
    opt(
      Config({
        encoding: Binary.optional(),
        sigVerify: z.boolean().optional(),
        replaceRecentBlockhash: z.boolean().optional(),
        innerInstructions: z.boolean().optional(),
        accounts: z
          .object({ addresses: z.array(Addr).max(64), encoding: AccountEncoding.optional() })
          .optional(),
      }),
    ),
  ),
  getSignatureStatuses: tuple(
    z.array(Signature).max(MAX_SIGNATURES, `Too many inputs provided; max ${MAX_SIGNATURES}`),
    opt(z.object({ searchTransactionHistory: z.boolean().optional() }).optional()),
  ),
  getTransaction: tuple(
    Signature,
    opt(
      z
        .object({
          commitment: LedgerCommitment,
          encoding: TransactionEncoding.optional(),
          maxSupportedTransactionVersion: z.number().int().min(0).max(0).optional(),
        })
        .optional(),
    ),
  ),
  getBlock: tuple(
    u64,
    opt(
      z
        .object({
          commitment: LedgerCommitment,
          encoding: TransactionEncoding.optional(),
          transactionDetails: variant('full', 'accounts', 'signatures', 'none').optional(),
          rewards: z.boolean().optional(),
          maxSupportedTransactionVersion: z.number().int().min(0).max(0).optional(),
        })
        .optional(),
    ),
  ),
  getSignaturesForAddress: tuple(
    Addr,
    opt(
      z
        .object({
          commitment: LedgerCommitment,
          minContextSlot: u64.optional(),
          limit: z.number().int().min(1).max(MAX_SIGNATURES_FOR_ADDRESS).optional(),
          before: Signature.optional(),
          until: Signature.optional(),
        })
        .optional(),
    ),
  ),
  getBalance: tuple(Addr, opt(Config({}))),
  getAccountInfo: tuple(Addr, opt(AccountConfig)),
  getMultipleAccounts: tuple(
    z.array(Addr).max(MAX_MULTIPLE_ACCOUNTS, `Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`),
    opt(AccountConfig),
  ),
  getProgramAccounts: tuple(
    Addr,
    opt(
      Config({
        encoding: AccountEncoding.optional(),
        dataSlice: DataSlice,
        filters: Filters,
        withContext: z.boolean().optional(),
      }),
    ),
  ),
  getTokenAccountsByOwner: tuple(
    Addr,
    z.union([z.object({ mint: Addr }).strict(), z.object({ programId: Addr }).strict()]),
    opt(AccountConfig),
  ),
  getTokenAccountBalance: tuple(Addr, opt(Config({}))),
  getTokenSupply: tuple(Addr, opt(Config({}))),
  getTokenLargestAccounts: tuple(Addr, opt(Config({}))),
  getMinimumBalanceForRentExemption: tuple(
    z
      .number()
      .int()
      .min(0)
      .max(10 * 1024 * 1024),
    opt(Config({})),
  ),
  getFeeForMessage: tuple(z.string().max(4096), opt(Config({}))),
  getRecentPrioritizationFees: tuple(
    opt(z.array(Addr).max(MAX_FEE_ADDRESSES, `Too many inputs provided; max ${MAX_FEE_ADDRESSES}`)),
  ),
  isBlockhashValid: tuple(z.string().max(64), opt(Config({}))),
  requestAirdrop: tuple(Addr, u64, opt(Config({}))),
  getVersion: z.tuple([]),
  getHealth: z.tuple([]),
  getSlot: tuple(opt(Config({}))),
  getBlockHeight: tuple(opt(Config({}))),
  getEpochInfo: tuple(opt(Config({}))),
  devnet_requestTokens: tuple(
    Addr,
    z.number().int().min(0).max(0xffffffff),
    z.string().regex(/^[1-9]\d{0,30}$/),
  ),
} satisfies Record<string, z.ZodType>;

export type Method = keyof typeof PARAMS;

/** The params of a method, checked; a schema failure as Solana words it (-32602 "Invalid params: ..."). */
export function parseParams<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { ok: true; value: z.output<S> } | { ok: false; message: string } {
  if (raw !== undefined && raw !== null && !Array.isArray(raw))
    return { ok: false, message: 'params must be an array' };
  const parsed = schema.safeParse(raw ?? []);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const message = issue?.message ?? 'invalid';
  // serde's own words stand alone, as a validator writes them
  if (message.startsWith('unknown variant')) return { ok: false, message: `${message}.` };
  return { ok: false, message: `${issue?.path.length ? `param ${issue.path.join('.')}: ` : ''}${message}` };
}

const SubscriptionId = tuple(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER));
const SubscribeConfig = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ commitment: Commitment, ...shape }).optional();

/** The PubSub methods' params, checked as the HTTP methods' are. */
export const SUBSCRIBE_PARAMS = {
  signatureSubscribe: tuple(
    Signature,
    opt(SubscribeConfig({ enableReceivedNotification: z.boolean().optional() })),
  ),
  accountSubscribe: tuple(
    Addr,
    opt(SubscribeConfig({ encoding: AccountEncoding.optional(), dataSlice: DataSlice })),
  ),
  programSubscribe: tuple(
    Addr,
    opt(SubscribeConfig({ encoding: AccountEncoding.optional(), dataSlice: DataSlice, filters: Filters })),
  ),
  slotSubscribe: z.tuple([]),
  logsSubscribe: tuple(
    z.union([
      variant('all', 'allWithVotes'),
      z.object({ mentions: z.array(Addr).length(1, 'Invalid Request: Only 1 address supported') }).strict(),
    ]),
    opt(SubscribeConfig({})),
  ),
  signatureUnsubscribe: SubscriptionId,
  accountUnsubscribe: SubscriptionId,
  programUnsubscribe: SubscriptionId,
  slotUnsubscribe: SubscriptionId,
  logsUnsubscribe: SubscriptionId,
} satisfies Record<string, z.ZodType>;

export type SubscribeMethod = keyof typeof SUBSCRIBE_PARAMS;
