// Argument and result schemas of the app's operations (settings, custody, sessions, funds, portfolio, history,
// actions). Money is bigint. Only the reveals can carry a secret, each asked for by the person: createWallet's and
// createPhraseWallet's one-time reveal, exportWallet and exportPhrase after the passphrase (SECRET_BEARING_METHODS).
import { z } from 'zod';
import { AccountId, Address, Amount, Id, MarketId, Passphrase, TokenId, VaultId } from './ids';
import { ActionResultSchema, IntentSchema, SummarySchema, TriggerKindSchema } from './action-schemas';

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
  /** known for the sessions this device created; the exchange's User does not list it */
  createdAt: z.number().nullable(),
  lastUsed: z.number().nullable(),
  createdHere: z.boolean(),
  /** made by the demo data as it played its scenario in: not this device's, but expected */
  demo: z.boolean(),
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

/** A wallet on the settlement chain: its SOL (lamports, for fees) and each token's associated account. */
export const ChainBalancesSchema = z.object({
  address: Address,
  sol: z.bigint(),
  tokens: z.array(z.object({ tokenId: TokenId, amount: z.bigint(), hasAccount: z.boolean() })),
});

/** how close to liquidation: safe (green), warning (yellow), danger (red), none (nothing at stake) */
export const RiskLevelSchema = z.enum(['safe', 'warning', 'danger', 'none']);

export const PositionViewSchema = z.object({
  marketId: MarketId,
  /** signed: positive long, negative short; the market's size decimals */
  size: z.bigint(),
  entryPrice: z.bigint(),
  markPrice: z.bigint(),
  unrealizedPnl: z.bigint(),
  fundingPnl: z.bigint(),
  /** null when no mark price would liquidate the account */
  liquidationPrice: z.bigint().nullable(),
  /** room between mark and liquidation price, in basis points of the mark; null without a liquidation price */
  liquidationDistanceBps: z.bigint().nullable(),
  liquidationLevel: RiskLevelSchema,
});

export const OpenOrderViewSchema = z.object({
  orderId: z.string(),
  clientOrderId: z.string().nullable(),
  marketId: MarketId,
  side: z.enum(['ASK', 'BID']),
  price: z.bigint(),
  remainingSize: z.bigint(),
});

/** One exchange account as the screens show it; margin figures in quote-token units. */
export const AccountViewSchema = z.object({
  accountId: AccountId,
  balances: z.array(BalanceSchema),
  equity: z.bigint(),
  freeCollateral: z.bigint(),
  initialRequirement: z.bigint(),
  maintenanceRequirement: z.bigint(),
  /** equity over maintenance requirement in basis points; null while nothing is required */
  healthBps: z.number().nullable(),
  healthLevel: RiskLevelSchema,
  positions: z.array(PositionViewSchema),
  openOrders: z.array(OpenOrderViewSchema),
  updateId: z.number(),
});

export const AccountDetailSchema = AccountViewSchema.extend({
  owner: Address,
  /** the wallet in this app that owns it; null for someone else's account */
  walletId: Id.nullable(),
  walletLabel: z.string().nullable(),
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

/** Equity (sampled by main as it refreshes) and cumulative realized PnL (from the exchange) over time. */
export const PortfolioHistorySchema = z.object({
  points: z.array(
    z.object({ time: z.number().int(), equity: z.bigint().nullable(), pnl: z.bigint().nullable() }),
  ),
});

// Settings: where the exchange is, and how the app looks.
export const NetworkChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('embedded-devnet') }),
  z.object({ kind: z.literal('embedded-devnet-demo') }),
  z.object({ kind: z.literal('custom'), url: z.string().min(1).max(2048) }),
]);
export const ThemeSchema = z.enum(['light', 'dark', 'system']);

export const SettingsViewSchema = z.object({
  /** the saved choice; null until the person has chosen (first run) */
  network: NetworkChoiceSchema.nullable(),
  /** what this run is connected to; null while not connected */
  connection: z
    .object({
      kind: z.enum(['embedded-devnet', 'embedded-devnet-demo', 'custom']),
      baseUrl: z.string(),
      /** e.g. an unencrypted address; null when there is nothing to say */
      warning: z.string().nullable(),
    })
    .nullable(),
  /** the exchange was set on the command line for this run and cannot be changed from the app */
  fixed: z.boolean(),
  theme: ThemeSchema,
  /** notifications also go to the operating system (in Electron); on unless turned off in Settings */
  osNotifications: z.boolean(),
  /** the Solana RPC deposits and on-chain balances use (url null: none known); custom: the person's choice */
  solanaRpc: z.object({ url: z.string().nullable(), custom: z.boolean() }).nullable(),
});

// History rows as the screens get them: the exchange's rows with amounts, prices and sizes as bigint.
const RowId = z.string().max(64);
const Time = z.number().int().min(0);
const DepositRowSchema = z.object({
  id: RowId,
  time: Time,
  accountId: AccountId,
  tokenId: TokenId,
  amount: z.bigint(),
  /** the settlement transaction and its sender, where the exchange says (the devnet does) */
  chainTxId: z.string().nullable(),
  from: Address.nullable(),
});
const WithdrawalRowSchema = z.object({
  id: RowId,
  actionId: RowId,
  time: Time,
  accountId: AccountId,
  tokenId: TokenId,
  amount: z.bigint(),
  fee: z.bigint(),
  destination: Address.nullable(),
  /** where the exchange says (the devnet does): the settlement event and whether it was paid out */
  eventNonce: z.string().nullable(),
  status: z.enum(['requested', 'processed']).nullable(),
  /** the payout's settlement-chain transaction, once paid (the devnet says) */
  chainTxId: z.string().max(128).nullable(),
});
const TransferRowSchema = z.object({
  id: RowId,
  actionId: RowId,
  time: Time,
  fromAccountId: AccountId,
  toAccountId: AccountId,
  tokenId: TokenId,
  amount: z.bigint(),
  direction: z.enum(['sent', 'received']),
  accountCreated: z.boolean(),
});
const PnlRowSchema = z.object({
  cursor: RowId,
  actionId: RowId,
  subActionId: z.number().int().min(0),
  /** the public AccountPnlInfo names neither: null where the exchange does not add them */
  marketId: MarketId.nullable(),
  time: Time,
  tradingPnl: z.bigint(),
  fee: z.bigint().nullable(),
});
const PositionRowSchema = z.object({
  cursor: RowId,
  actionId: RowId,
  subActionId: z.number().int().min(0),
  marketId: MarketId,
  time: Time,
  sizeBefore: z.bigint(),
  sizeAfter: z.bigint(),
  price: z.bigint(),
  entryPrice: z.bigint(),
  reason: z.enum(['trade', 'liquidation']),
});
const FundingRowSchema = z.object({
  id: RowId,
  time: Time,
  marketId: MarketId,
  size: z.bigint(),
  payment: z.bigint(),
});
const LiquidationRowSchema = z.object({
  id: RowId,
  actionId: RowId,
  time: Time,
  /** null for a liquidation that closed no order in a market */
  marketId: MarketId.nullable(),
  size: z.bigint().nullable(),
  price: z.bigint().nullable(),
  equityBefore: z.bigint(),
  maintenanceBefore: z.bigint(),
});
const FeeTierRowSchema = z.object({
  id: RowId,
  time: Time,
  fromTier: z.number().int(),
  toTier: z.number().int(),
  volume30d: z.bigint(),
});

const VaultDepositHistoryRow = z.object({
  id: RowId,
  /** null for the vault owner's seed */
  actionId: z.string().nullable(),
  time: Time,
  vaultId: z.number().int().min(0),
  amount: z.bigint(),
  shares: z.bigint(),
});
const VaultWithdrawalHistoryRow = z.object({
  id: RowId,
  actionId: z.string(),
  time: Time,
  vaultId: z.number().int().min(0),
  /** a request, its conversion at the epoch end, or the claim */
  type: z.enum(['requested', 'converted', 'claimed']),
  shares: z.bigint(),
  amount: z.bigint(),
  epoch: z.number().int(),
});

/** A market as the home screen shows it; null where the exchange did not say (or said it unreadably). */
export const MarketStatsViewSchema = z.object({
  marketId: MarketId,
  /** in the market's price decimals */
  markPrice: z.bigint().nullable(),
  /** the mark's change in basis points over `hours` (24, or fewer while the exchange is younger) */
  change: z.object({ bps: z.bigint(), hours: z.number().int().min(1).max(24) }).nullable(),
  /** per funding interval, a fraction of the position's value scaled by 1e10 */
  fundingRate: z.bigint().nullable(),
  /** seconds since the epoch */
  nextFundingTime: z.number().int().nullable(),
});
export type MarketStatsView = z.output<typeof MarketStatsViewSchema>;

/** Every history kind the interface offers, in tab order. */
export const HISTORY_KINDS = [
  'deposit',
  'withdrawal',
  'transfer',
  'pnl',
  'position',
  'funding',
  'liquidation',
  'fee-tier',
  'vault/deposit',
  'vault/withdrawal',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

const pageOf = <K extends HistoryKind, R extends z.ZodType>(kind: K, row: R) =>
  z.object({
    kind: z.literal(kind),
    items: z.array(row),
    nextStartInclusive: z.string().max(64).optional(),
  });
export const HistoryPageSchema = z.discriminatedUnion('kind', [
  pageOf('deposit', DepositRowSchema),
  pageOf('withdrawal', WithdrawalRowSchema),
  pageOf('transfer', TransferRowSchema),
  pageOf('pnl', PnlRowSchema),
  pageOf('position', PositionRowSchema),
  pageOf('funding', FundingRowSchema),
  pageOf('liquidation', LiquidationRowSchema),
  pageOf('fee-tier', FeeTierRowSchema),
  pageOf('vault/deposit', VaultDepositHistoryRow),
  pageOf('vault/withdrawal', VaultWithdrawalHistoryRow),
]);
export type HistoryPage = z.output<typeof HistoryPageSchema>;
export type HistoryRowOf<K extends HistoryKind> = Extract<HistoryPage, { kind: K }>['items'][number];

export const VaultsViewSchema = z.object({
  /** engine seconds, for epoch countdowns */
  now: z.number().int(),
  vaults: z.array(
    z.object({
      vaultId: VaultId,
      name: z.string(),
      marketId: MarketId,
      equity: z.bigint(),
      navPerShare: z.bigint(),
      navDecimals: z.number().int().min(0).max(18),
      totalShares: z.bigint(),
      pnl: z.bigint(),
      epoch: z.number().int(),
      epochSeconds: z.number().int(),
      epochEnd: z.number().int(),
    }),
  ),
  holdings: z.array(
    z.object({
      walletId: Id,
      walletLabel: z.string(),
      accountId: AccountId,
      vaultId: VaultId,
      shares: z.bigint(),
      ownerSharePpm: z.number().int(),
      value: z.bigint(),
      currentWithdrawal: z.bigint(),
      previousWithdrawal: z.bigint(),
      claimable: z.bigint(),
      claimableAt: z.number().int().nullable(),
    }),
  ),
});

const TriggerView = z.object({
  triggerId: z.bigint(),
  marketId: MarketId,
  side: z.enum(['ASK', 'BID']),
  kind: TriggerKindSchema,
  triggerPrice: z.bigint(),
  limitPrice: z.bigint().nullable(),
  size: z.bigint().nullable(),
});
export const TriggersViewSchema = z.object({
  active: z.array(TriggerView.extend({ createdAt: z.number().int() })),
  finished: z.array(
    TriggerView.extend({
      status: z.enum(['Success', 'cancelled', 'removed']),
      time: z.number().int(),
      orderId: z.bigint().nullable(),
      reason: z.string().nullable(),
    }),
  ),
});

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
  wording: z.object({ verb: z.string(), rest: z.string() }).optional(),
  /** the entry as a person reads it: "Withdrew 25 USDC from account 4 to 9xQe…VFin" */
  sentence: z.string(),
});

const Done = z.object({ done: z.literal(true) });
export const AddressEntrySchema = z.object({ label: z.string(), address: Address });
/** newest first: skip `offset`, then at most `limit` */
export const AuditQuerySchema = z.object({
  wallet: z.string().max(64).optional(),
  kind: z.string().max(40).optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(500).optional(),
});
export const AccountUpdateSchema = z.object({
  accountId: AccountId,
  updateId: z.number().int(),
  /** the event that changed it, or 'resync' after a gap or reconnect */
  type: z.string(),
  /** a deposit credited that this app did not send (someone else, or the wallet used elsewhere) */
  fromElsewhere: z.boolean().optional(),
});

/** A name the person gives an account on this computer: shown wherever its number is. */
export const AccountNameSchema = z
  .string()
  .trim()
  .min(1, 'A name has at least one character.')
  .max(32, 'A name has at most 32 characters.')
  .regex(/^[^\p{Cc}\p{Cf}]*$/u, 'A name cannot contain control characters.');
export const AccountNamesSchema = z.array(z.object({ accountId: AccountId, name: AccountNameSchema }));

export const appMethods = {
  // settings
  getSettings: { args: z.undefined(), result: SettingsViewSchema },
  setNetwork: { args: NetworkChoiceSchema, result: SettingsViewSchema },
  setTheme: { args: z.object({ theme: ThemeSchema }), result: SettingsViewSchema },
  /** a Solana RPC address (checked before it is saved); null goes back to the exchange's own */
  setSolanaRpc: { args: z.object({ url: z.string().max(2048).nullable() }), result: SettingsViewSchema },
  /** notifications also go to the operating system (Electron only; the browser host has none) */
  setOsNotifications: { args: z.object({ enabled: z.boolean() }), result: SettingsViewSchema },
  /** the names given to accounts on this computer; never sent to the exchange */
  getAccountNames: { args: z.undefined(), result: AccountNamesSchema },
  /** name: null forgets the name; checked in main (AccountNameSchema) */
  setAccountName: {
    args: z.object({ accountId: AccountId, name: z.string().max(200).nullable() }),
    result: AccountNamesSchema,
  },
  // lock
  getLockState: { args: z.undefined(), result: LockStateSchema },
  setupPassphrase: { args: z.object({ passphrase: Passphrase }), result: LockStateSchema },
  unlock: { args: z.object({ passphrase: Passphrase }), result: LockStateSchema },
  lock: { args: z.undefined(), result: LockStateSchema },
  changePassphrase: {
    args: z.object({ oldPassphrase: Passphrase, newPassphrase: Passphrase }),
    result: LockStateSchema,
  },
  /** the person used keyboard or pointer: resets the idle timer (polled reads do not) */
  reportActivity: { args: z.undefined(), result: Done },
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
  getChainBalances: { args: z.object({ walletId: Id }), result: ChainBalancesSchema },
  deposit: {
    args: z.object({ walletId: Id, tokenId: TokenId, amount: Amount, accountId: AccountId.optional() }),
    result: TrackedDepositSchema,
  },
  listDeposits: { args: z.undefined(), result: z.array(TrackedDepositSchema) },
  // portfolio
  getPortfolio: { args: z.undefined(), result: PortfolioSchema },
  getPortfolioHistory: {
    args: z.object({ accountId: AccountId.optional() }).optional(),
    result: PortfolioHistorySchema,
  },
  getAccount: { args: z.object({ accountId: AccountId }), result: AccountDetailSchema },
  getVaults: { args: z.undefined(), result: VaultsViewSchema },
  getMarketStats: { args: z.undefined(), result: z.array(MarketStatsViewSchema).max(1000) },
  getTriggers: { args: z.object({ accountId: AccountId }), result: TriggersViewSchema },
  getHistory: {
    args: z.object({
      accountId: AccountId,
      kind: z.enum(HISTORY_KINDS),
      /** a row id, or "actionId:subActionId:marketId" for pnl and position */
      startInclusive: z
        .string()
        .regex(/^\d{1,20}(?::\d{1,10}:\d{1,10})?$/)
        .optional(),
      pageSize: z.number().int().min(1).max(255).optional(),
    }),
    result: HistoryPageSchema,
  },
  getWithdrawalFee: {
    /** the quote token unless tokenId is given */
    args: z.object({ accountId: AccountId, tokenId: TokenId.optional() }),
    result: z.object({ tokenId: TokenId, fee: z.bigint() }),
  },
  lookupAccount: {
    args: z.object({ accountId: AccountId }),
    /** sentBefore: a transfer from here went to it before (the first-time warning, while typing) */
    result: z.object({ exists: z.boolean(), ownWalletId: Id.nullable(), sentBefore: z.boolean() }),
  },
  /** whether a withdrawal from here went to this address before (the first-time warning, while typing) */
  checkDestination: {
    args: z.object({ address: z.string().max(64) }),
    result: z.object({ usedBefore: z.boolean() }),
  },
  // actions
  prepareAction: { args: IntentSchema, result: SummarySchema },
  confirmAction: {
    args: z.object({ confirmationId: z.string().max(64), passphrase: Passphrase.optional() }),
    result: ActionResultSchema,
  },
  // audit
  listAuditLog: {
    args: AuditQuerySchema,
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
export const SECRET_BEARING_METHODS = [
  'createWallet',
  'exportWallet',
  'createPhraseWallet',
  'exportPhrase',
] as const;

export const appEvents = {
  lockState: LockStateSchema,
  depositStatus: TrackedDepositSchema,
  accountUpdate: AccountUpdateSchema,
};
