// Account history rows (GET /account/{id}/history/{kind}) in the public engine's JSON. deposit, withdrawal,
// funding, liquidation and pnl are rest.md's DepositInfo, WithdrawalInfo, AccountPnlHistInfo,
// LiquidationInfo and AccountPnlInfo; the devnet adds what the app shows under names the public rows do not
// use (optional here, so a public engine's rows read too). transfer, position and fee-tier rows, the
// position and PnL summaries are the interface's own records, written in the same style: camelCase, times as
// RFC3339 strings, ids as decimal strings, amounts as JSON numbers in human units.
import { z } from 'zod';
import { Base58Key, Num, SideJson, TimeText, U64Text, UInt, pageOf } from './json';
import { VaultDepositPageSchema, VaultWithdrawalPageSchema } from './vaults';

/** `DepositInfo` + devnet extras (chainTxId, sender) */
export const DepositInfoJsonSchema = z.object({
  time: TimeText,
  actionId: U64Text,
  accountId: UInt(),
  tokenId: UInt(),
  amount: Num,
  balance: Num,
  eventIndex: UInt(Number.MAX_SAFE_INTEGER),
  chainTxId: z.string().max(128).optional(),
  sender: Base58Key.optional(),
});

/** `WithdrawalInfo` + devnet extras (eventNonce, status, chainTxId) */
export const WithdrawalInfoJsonSchema = z.object({
  time: TimeText,
  actionId: U64Text,
  accountId: UInt(),
  tokenId: UInt(),
  amount: Num,
  balance: Num,
  fee: Num,
  destPubkey: Base58Key.nullable().optional(),
  eventNonce: U64Text.optional(),
  status: z.enum(['requested', 'processed']).optional(),
  /** devnet extra: the payout's settlement-chain transaction signature, once processed */
  chainTxId: z.string().max(128).optional(),
});

/** TransferRow (the interface's) */
export const TransferRowJsonSchema = z.object({
  time: TimeText,
  actionId: U64Text,
  fromAccountId: UInt(),
  toAccountId: UInt(),
  tokenId: UInt(),
  amount: Num,
  direction: z.enum(['sent', 'received']),
  accountCreated: z.boolean(),
});

/** `AccountPnlInfo` + devnet extras locating the fill (marketId, subActionId, cursor) and its fee */
export const PnlInfoJsonSchema = z.object({
  time: TimeText,
  actionId: U64Text,
  accountId: UInt(),
  pricePnlDelta: Num,
  fundingPnlDelta: Num,
  pnl: Num,
  marketId: UInt().optional(),
  subActionId: UInt().optional(),
  fee: Num.optional(),
  cursor: z.string().max(64).optional(),
});

/** AccountPositionHistoryInfo (the interface's); sizes signed, long > 0 */
export const PositionHistoryJsonSchema = z.object({
  time: TimeText,
  actionId: U64Text,
  subActionId: UInt(),
  marketId: UInt(),
  sizeBefore: Num,
  sizeAfter: Num,
  price: Num,
  entryPrice: Num,
  reason: z.enum(['trade', 'liquidation']),
  cursor: z.string().max(64),
});

/** `AccountPnlHistInfo` (what /history/funding serves): fundingSize unsigned, side of the position */
export const FundingInfoJsonSchema = z.object({
  time: TimeText,
  fundingRate: Num,
  fundingSize: Num.nullable().optional(),
  side: SideJson.nullable().optional(),
  fundingIndexChange: Num.nullable().optional(),
  fundingPnl: Num,
  market: z.object({ market_id: UInt(), market_symbol: z.string() }),
});

/** `LiquidationInfo`; orderSize is the signed size closed (long > 0) */
export const LiquidationInfoJsonSchema = z.object({
  time: TimeText,
  actionId: U64Text,
  liquidatorId: UInt(),
  liquidateeId: UInt(),
  fee: Num,
  liquidationKind: z.enum(['place_order', 'cancel_order', 'bankruptcy']),
  marketId: UInt().nullable().optional(),
  tokenId: UInt().nullable().optional(),
  orderId: z.string().nullable().optional(),
  orderPrice: Num.nullable().optional(),
  orderSize: Num.nullable().optional(),
  orderQuote: Num.nullable().optional(),
  preOmf: Num,
  preMmf: Num,
  preImf: Num,
  preCmf: Num,
  prePon: Num,
  preMf: Num,
  prePn: Num,
  postOmf: Num,
  postMmf: Num,
  postImf: Num,
  postCmf: Num,
  postPon: Num,
  postMf: Num,
  postPn: Num,
});

/** AccountFeeTierHistory (the interface's) */
export const FeeTierHistoryJsonSchema = z.object({
  time: TimeText,
  fromTier: UInt(),
  toTier: UInt(),
  /** 30-day volume in quote units when the tier changed */
  volume30d: Num,
});

export const DepositPageJsonSchema = pageOf(DepositInfoJsonSchema);
export const WithdrawalPageJsonSchema = pageOf(WithdrawalInfoJsonSchema);
export const TransferPageJsonSchema = pageOf(TransferRowJsonSchema);
export const PnlPageJsonSchema = pageOf(PnlInfoJsonSchema);
export const PositionHistoryPageJsonSchema = pageOf(PositionHistoryJsonSchema);
export const FundingPageJsonSchema = pageOf(FundingInfoJsonSchema);
export const LiquidationPageJsonSchema = pageOf(LiquidationInfoJsonSchema);
export const FeeTierHistoryPageJsonSchema = pageOf(FeeTierHistoryJsonSchema);

/** Every history kind the interface serves at /account/{id}/history/{kind}, in the app's tab order. */
export const HISTORY_PAGE_SCHEMAS = {
  deposit: DepositPageJsonSchema,
  withdrawal: WithdrawalPageJsonSchema,
  transfer: TransferPageJsonSchema,
  pnl: PnlPageJsonSchema,
  position: PositionHistoryPageJsonSchema,
  funding: FundingPageJsonSchema,
  liquidation: LiquidationPageJsonSchema,
  'fee-tier': FeeTierHistoryPageJsonSchema,
  'vault/deposit': VaultDepositPageSchema,
  'vault/withdrawal': VaultWithdrawalPageSchema,
} as const;
export type HistoryKind = keyof typeof HISTORY_PAGE_SCHEMAS;
export const HISTORY_KINDS = Object.keys(HISTORY_PAGE_SCHEMAS) as [HistoryKind, ...HistoryKind[]];

/** GET /account/{id}/position/summary: per market, realized trading and funding PnL over three horizons */
const PnlHorizons = z.object({ sinceChange: Num, sinceOpen: Num, allTime: Num });
export const PositionSummaryResultJsonSchema = z.array(
  z.object({ marketId: UInt(), tradingPnl: PnlHorizons, fundingPnl: PnlHorizons }),
);

/** GET /account/{id}/pnl/summary: cumulative PnL in a window, with the running series for a chart */
export const PnlSummaryJsonSchema = z.object({
  since: z.string(),
  until: z.string(),
  tradingPnl: Num,
  fundingPnl: Num,
  fees: Num,
  total: Num,
  /** cumulative total after each change in the window, oldest first (at most 500 points) */
  series: z.array(z.object({ time: TimeText, total: Num })).max(500),
});

/** `AccountVolumeInfo`: raw values (the caller rescales), as the interface says of this endpoint */
export const AccountVolumeJsonSchema = z.array(
  z.object({ marketId: UInt(), volumeBase: Num, volumeQuote: Num }),
);

export type WireDepositInfo = z.input<typeof DepositInfoJsonSchema>;
export type WireWithdrawalInfo = z.input<typeof WithdrawalInfoJsonSchema>;
export type WireTransferRow = z.input<typeof TransferRowJsonSchema>;
export type WirePnlInfo = z.input<typeof PnlInfoJsonSchema>;
export type WirePositionHistory = z.input<typeof PositionHistoryJsonSchema>;
export type WireFundingInfo = z.input<typeof FundingInfoJsonSchema>;
export type WireLiquidationInfo = z.input<typeof LiquidationInfoJsonSchema>;
export type WireFeeTierHistory = z.input<typeof FeeTierHistoryJsonSchema>;
