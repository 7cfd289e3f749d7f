// The portfolio group: every wallet's exchange accounts with balances, positions, margin health and PnL,
// one account in detail, the equity and PnL series, and whose an account number is.
import { z } from 'zod';
import { AccountId, Address, Id, MarketId, TokenId } from './ids';
import { NoArgs, UNLOCKED, UNLOCKED_READ, group } from './method';
import { WalletInfoSchema } from './wallets';

const BalanceSchema = z.object({ tokenId: TokenId, amount: z.bigint() });

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

export const AccountUpdateSchema = z.object({
  accountId: AccountId,
  updateId: z.number().int(),
  /** the event that changed it, or 'resync' after a gap or reconnect */
  type: z.string(),
  /** a deposit credited that this app did not send (someone else, or the wallet used elsewhere) */
  fromElsewhere: z.boolean().optional(),
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

export const portfolio = group({
  get: { args: NoArgs, result: PortfolioSchema, access: UNLOCKED_READ },
  /** mark price, 24h change and funding of every market, for the home screen (re-read while it shows) */
  marketStats: { args: NoArgs, result: z.array(MarketStatsViewSchema).max(1000), access: UNLOCKED_READ },
  history: {
    args: z.object({ accountId: AccountId.optional() }).optional(),
    result: PortfolioHistorySchema,
    access: UNLOCKED_READ,
  },
  account: { args: z.object({ accountId: AccountId }), result: AccountDetailSchema, access: UNLOCKED_READ },
  /** whether an account exists and which wallet here owns it (a transfer's destination) */
  lookupAccount: {
    args: z.object({ accountId: AccountId }),
    /** sentBefore: a transfer from here went to it before (the first-time warning, while typing) */
    result: z.object({ exists: z.boolean(), ownWalletId: Id.nullable(), sentBefore: z.boolean() }),
    access: UNLOCKED,
  },
  /** the exchange accounts of a settlement-chain address (someone else's account, from the address book) */
  accountsOf: {
    args: z.object({ address: Address }),
    result: z.object({ accountIds: z.array(AccountId) }),
    access: UNLOCKED_READ,
  },
});
