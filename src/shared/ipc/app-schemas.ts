// Argument and result schemas of the app's operations (custody, sessions, funds, portfolio, actions). Money
// is bigint. Only two results can carry a secret, both asked for by the person: createWallet's one-time
// reveal and exportWallet after the passphrase is entered again (SECRET_BEARING_METHODS).
import { z } from 'zod';

const Id = z.string().min(1).max(64);
const AccountId = z.number().int().min(0).max(0xffffffff);
const TokenId = z.number().int().min(0).max(0xffffffff);
const Amount = z
  .bigint()
  .positive()
  .max((1n << 64n) - 1n);
const Address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 address');
const Passphrase = z.string().min(1).max(1024);

export const LockStateSchema = z.object({
  status: z.enum(['uninitialized', 'locked', 'unlocked']),
  autoLockMinutes: z.number().int(),
  retryAfterSeconds: z.number().int().optional(),
});

export const WalletInfoSchema = z.object({
  walletId: Id,
  label: z.string(),
  publicKey: Address,
  createdAt: z.number(),
});

export const SessionViewSchema = z.object({
  walletId: Id,
  walletLabel: z.string(),
  walletPublicKey: Address,
  sessionId: z.string(),
  sessionKey: Address,
  label: z.string().nullable(),
  expiry: z.number(),
  refreshDeadline: z.number().nullable(),
  createdAt: z.number(),
  lastUsed: z.number().nullable(),
  createdHere: z.boolean(),
  status: z.enum(['active', 'expiring', 'expired']),
});

export const TrackedDepositSchema = z.object({
  depositId: z.string(),
  walletId: Id,
  tokenId: TokenId,
  amount: z.bigint(),
  txId: z.string().nullable(),
  accountId: AccountId.nullable(),
  status: z.enum(['submitted', 'confirmed', 'credited', 'failed']),
  detail: z.string().optional(),
});

const BalanceSchema = z.object({ tokenId: TokenId, amount: z.bigint() });

export const AccountViewSchema = z.object({
  accountId: AccountId,
  balances: z.array(BalanceSchema),
  equity: z.bigint(),
  freeCollateral: z.bigint(),
  maintenanceRequirement: z.bigint(),
  healthBps: z.number().nullable(),
  positions: z.array(
    z.object({
      marketId: z.number(),
      size: z.bigint(),
      entryPrice: z.bigint(),
      markPrice: z.bigint(),
      unrealizedPnl: z.bigint(),
      fundingPnl: z.bigint(),
    }),
  ),
  updateId: z.number(),
});

export const PortfolioSchema = z.object({
  wallets: z.array(
    z.object({
      wallet: WalletInfoSchema,
      registered: z.boolean(),
      accounts: z.array(AccountViewSchema),
      equity: z.bigint(),
    }),
  ),
  equity: z.bigint(),
});

export const IntentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('withdraw'),
    walletId: Id,
    accountId: AccountId,
    tokenId: TokenId,
    amount: Amount,
    destination: Address.optional(),
  }),
  z.object({
    kind: z.literal('transfer'),
    walletId: Id,
    fromAccountId: AccountId,
    tokenId: TokenId,
    amount: Amount,
    toAccountId: AccountId.optional(),
  }),
]);

export const SummarySchema = z.object({
  confirmationId: z.string(),
  kind: z.enum(['withdraw', 'transfer']),
  walletId: Id,
  walletLabel: z.string(),
  tokenId: TokenId,
  amount: z.bigint(),
  fromAccountId: AccountId,
  toAccountId: AccountId.nullable(),
  destination: Address.nullable(),
  fee: z.bigint(),
  receive: z.bigint(),
  balanceAfter: z.bigint(),
  warnings: z.array(z.string()),
  needsFreshUnlock: z.boolean(),
  expiresAt: z.number(),
});

export const ActionResultSchema = z.object({
  actionId: z.bigint(),
  kind: z.enum(['withdraw', 'transfer']),
  toAccountId: AccountId.nullable(),
  fee: z.bigint(),
  receive: z.bigint(),
  eventNonce: z.bigint().nullable(),
});

const HistoryRow = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.bigint()]));

export const AuditEntryViewSchema = z.object({
  time: z.number(),
  wallet: z.string(),
  kind: z.string(),
  accounts: z.array(z.number()),
  tokenId: z.number().optional(),
  amounts: z.record(z.string(), z.string()).optional(),
  sessionId: z.string().optional(),
  actionId: z.string().optional(),
  result: z.enum(['ok', 'err', 'unknown']),
  error: z.string().optional(),
  detail: z.string().optional(),
});

const Done = z.object({ done: z.literal(true) });
const AddressEntrySchema = z.object({ label: z.string(), address: Address });

export const appMethods = {
  // lock
  getLockState: { args: z.undefined(), result: LockStateSchema },
  setupPassphrase: { args: z.object({ passphrase: Passphrase }), result: LockStateSchema },
  unlock: { args: z.object({ passphrase: Passphrase }), result: LockStateSchema },
  lock: { args: z.undefined(), result: LockStateSchema },
  changePassphrase: {
    args: z.object({ oldPassphrase: Passphrase, newPassphrase: Passphrase }),
    result: LockStateSchema,
  },
  setAutoLock: { args: z.object({ minutes: z.number().int().min(1).max(240) }), result: LockStateSchema },
  // wallets
  listWallets: { args: z.undefined(), result: z.array(WalletInfoSchema) },
  createWallet: {
    args: z.object({ label: z.string().max(40) }),
    result: z.object({
      pendingId: z.string(),
      publicKey: Address,
      secretKey: z.string(),
      confirmCharacters: z.number(),
    }),
  },
  confirmWalletBackup: {
    args: z.object({ pendingId: z.string().max(64), confirmation: z.string().max(64) }),
    result: WalletInfoSchema,
  },
  importWallet: {
    args: z.object({ label: z.string().max(40), secret: z.string().min(1).max(2048) }),
    result: WalletInfoSchema,
  },
  renameWallet: { args: z.object({ walletId: Id, label: z.string().max(40) }), result: WalletInfoSchema },
  removeWallet: { args: z.object({ walletId: Id, confirmPublicKey: z.string().max(64) }), result: Done },
  exportWallet: {
    args: z.object({ walletId: Id, passphrase: Passphrase }),
    result: z.object({ publicKey: Address, secretKey: z.string() }),
  },
  // sessions
  listSessions: { args: z.undefined(), result: z.array(SessionViewSchema) },
  createSession: {
    args: z.object({
      walletId: Id,
      label: z.string().max(40).optional(),
      expiresInSeconds: z
        .number()
        .int()
        .min(60)
        .max(30 * 86400)
        .optional(),
      refreshDeadlineSeconds: z
        .number()
        .int()
        .min(60)
        .max(90 * 86400)
        .optional(),
    }),
    result: SessionViewSchema,
  },
  refreshSession: {
    args: z.object({ walletId: Id, sessionId: z.string().regex(/^\d{1,20}$/) }),
    result: SessionViewSchema,
  },
  revokeSession: {
    args: z.object({ walletId: Id, sessionId: z.string().regex(/^\d{1,20}$/) }),
    result: Done,
  },
  revokeAllSessions: { args: z.object({ walletId: Id }), result: z.object({ revoked: z.number() }) },
  // funds
  faucet: { args: z.object({ walletId: Id, tokenId: TokenId, amount: Amount }), result: Done },
  getChainBalances: { args: z.object({ walletId: Id }), result: z.array(BalanceSchema) },
  deposit: {
    args: z.object({ walletId: Id, tokenId: TokenId, amount: Amount, accountId: AccountId.optional() }),
    result: TrackedDepositSchema,
  },
  listDeposits: { args: z.undefined(), result: z.array(TrackedDepositSchema) },
  // portfolio
  getPortfolio: { args: z.undefined(), result: PortfolioSchema },
  getHistory: {
    args: z.object({
      accountId: AccountId,
      kind: z.enum(['deposit', 'withdrawal', 'transfer']),
      startInclusive: z
        .string()
        .regex(/^\d{1,20}$/)
        .optional(),
      pageSize: z.number().int().min(1).max(255).optional(),
    }),
    result: z.object({ items: z.array(HistoryRow), nextStartInclusive: z.string().optional() }),
  },
  getWithdrawalFee: {
    args: z.object({ accountId: AccountId }),
    result: z.object({ tokenId: TokenId, fee: z.bigint() }),
  },
  lookupAccount: {
    args: z.object({ accountId: AccountId }),
    result: z.object({ exists: z.boolean(), ownWalletId: Id.nullable() }),
  },
  // actions
  prepareAction: { args: IntentSchema, result: SummarySchema },
  confirmAction: { args: z.object({ confirmationId: z.string().max(64) }), result: ActionResultSchema },
  // audit
  listAuditLog: {
    args: z.object({
      wallet: z.string().max(64).optional(),
      kind: z.string().max(40).optional(),
      offset: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(500).optional(),
    }),
    result: z.object({ entries: z.array(AuditEntryViewSchema), total: z.number() }),
  },
  exportAuditLog: { args: z.undefined(), result: z.object({ csv: z.string() }) },
  // address book
  listAddresses: { args: z.undefined(), result: z.array(AddressEntrySchema) },
  saveAddress: {
    args: z.object({ label: z.string().max(40), address: z.string().max(64) }),
    result: z.array(AddressEntrySchema),
  },
  removeAddress: { args: z.object({ address: z.string().max(64) }), result: z.array(AddressEntrySchema) },
} as const;

/** The only methods whose results may contain a secret key; a test checks no other result schema can. */
export const SECRET_BEARING_METHODS = ['createWallet', 'exportWallet'] as const;

export const appEvents = {
  lockState: LockStateSchema,
  depositStatus: TrackedDepositSchema,
  accountUpdate: z.object({ accountId: AccountId, updateId: z.number().int(), type: z.string() }),
};
