import { z } from 'zod';
import { AccountIdNumber, Base58Key, ScaledString, Seconds, TokenIdNumber, pageOf } from './wire';

export const DepositRowSchema = z.object({
  id: z.string(),
  time: Seconds,
  accountId: AccountIdNumber,
  tokenId: TokenIdNumber,
  amount: ScaledString,
  chainTxId: z.string(),
  from: Base58Key,
});

export const WithdrawalRowSchema = z.object({
  id: z.string(),
  actionId: z.string(),
  time: Seconds,
  accountId: AccountIdNumber,
  tokenId: TokenIdNumber,
  amount: ScaledString,
  fee: ScaledString,
  destination: Base58Key,
  eventNonce: z.string(),
  status: z.enum(['requested', 'processed']),
  /** the payout's settlement-chain transaction signature, once processed */
  chainTxId: z.string().optional(),
});

export const TransferRowSchema = z.object({
  id: z.string(),
  actionId: z.string(),
  time: Seconds,
  fromAccountId: AccountIdNumber,
  toAccountId: AccountIdNumber,
  tokenId: TokenIdNumber,
  amount: ScaledString,
  direction: z.enum(['sent', 'received']),
  accountCreated: z.boolean(),
});

export const DepositPageSchema = pageOf(DepositRowSchema);
export const WithdrawalPageSchema = pageOf(WithdrawalRowSchema);
export const TransferPageSchema = pageOf(TransferRowSchema);

export type DepositRow = z.infer<typeof DepositRowSchema>;
export type WithdrawalRow = z.infer<typeof WithdrawalRowSchema>;
export type TransferRow = z.infer<typeof TransferRowSchema>;
export type WireDepositRow = z.input<typeof DepositRowSchema>;
export type WireWithdrawalRow = z.input<typeof WithdrawalRowSchema>;
export type WireTransferRow = z.input<typeof TransferRowSchema>;

// Trading history (GET /account/{id}/history/{pnl,position,funding,liquidation,fee-tier}). pnl and position
// rows page by an "actionId:subActionId:marketId" cursor (subActionId orders the fills inside one action);
// the others by a row id. Amounts are quote-token units, sizes and prices the market's scaled integers.
const TripleCursor = z.string().regex(/^\d{1,20}:\d{1,10}:\d{1,10}$/);

export const PnlRowSchema = z.object({
  cursor: TripleCursor,
  actionId: z.string(),
  subActionId: z.number().int().min(0),
  marketId: z.number().int().min(0),
  time: Seconds,
  /** realized by this fill (0 when it opened or added) */
  tradingPnl: ScaledString,
  /** fee charged for this fill (negative: a rebate) */
  fee: ScaledString,
});

export const PositionRowSchema = z.object({
  cursor: TripleCursor,
  actionId: z.string(),
  subActionId: z.number().int().min(0),
  marketId: z.number().int().min(0),
  time: Seconds,
  sizeBefore: ScaledString,
  sizeAfter: ScaledString,
  price: ScaledString,
  entryPrice: ScaledString,
  reason: z.enum(['trade', 'liquidation']),
});

export const FundingRowSchema = z.object({
  id: z.string(),
  time: Seconds,
  marketId: z.number().int().min(0),
  size: ScaledString,
  /** received (positive) or paid (negative) */
  payment: ScaledString,
});

export const LiquidationRowSchema = z.object({
  id: z.string(),
  actionId: z.string(),
  time: Seconds,
  marketId: z.number().int().min(0),
  size: ScaledString,
  price: ScaledString,
  equityBefore: ScaledString,
  maintenanceBefore: ScaledString,
});

export const FeeTierRowSchema = z.object({
  id: z.string(),
  time: Seconds,
  fromTier: z.number().int(),
  toTier: z.number().int(),
  /** 30-day volume in quote units when the tier changed */
  volume30d: ScaledString,
});

export const PnlPageSchema = pageOf(PnlRowSchema);
export const PositionPageSchema = pageOf(PositionRowSchema);
export const FundingPageSchema = pageOf(FundingRowSchema);
export const LiquidationPageSchema = pageOf(LiquidationRowSchema);
export const FeeTierPageSchema = pageOf(FeeTierRowSchema);

/** GET /account/{id}/position/summary: per market, realized trading and funding PnL over three horizons. */
const PnlHorizons = z.object({ sinceChange: ScaledString, sinceOpen: ScaledString, allTime: ScaledString });
export const PositionSummarySchema = z.array(
  z.object({ marketId: z.number().int().min(0), tradingPnl: PnlHorizons, fundingPnl: PnlHorizons }),
);

/** GET /account/{id}/pnl/summary: cumulative PnL in a window, with the running series for a chart. */
export const PnlSummarySchema = z.object({
  since: z.string(),
  until: z.string(),
  tradingPnl: ScaledString,
  fundingPnl: ScaledString,
  fees: ScaledString,
  total: ScaledString,
  /** cumulative total after each change in the window, oldest first (at most 500 points) */
  series: z.array(z.object({ time: Seconds, total: ScaledString })).max(500),
});

/** GET /account/volume: [marketId, volume] pairs; volume is raw (base size units of the market). */
export const AccountVolumeSchema = z.array(z.tuple([z.number().int().min(0), ScaledString]));

export type WirePnlRow = z.input<typeof PnlRowSchema>;
export type WirePositionRow = z.input<typeof PositionRowSchema>;
export type WireFundingRow = z.input<typeof FundingRowSchema>;
export type WireLiquidationRow = z.input<typeof LiquidationRowSchema>;
export type WireFeeTierRow = z.input<typeof FeeTierRowSchema>;
