// Orders and trades in the public engine's JSON (rest.md `OrderInfo`, `Trade`): prices and sizes as JSON
// numbers in human units, order, trade and action ids as decimal strings, times as RFC3339 strings, sides
// `ask`/`bid` and fill modes in the public spellings. The interface's additions ride along under names the
// public records do not use: clientOrderId and marketMode on both (v19/v20), the maker side's order id and
// the fees on trades, the order's status.
import { z } from 'zod';
import { FillModeJson, Num, SideJson, TimeText, U64Text, UInt, pageOf } from './json';

const ClientOrderId = z
  .string()
  .regex(/^(0|[1-9]\d{0,19})$/)
  .nullable();

export const OrderInfoJsonSchema = z.object({
  addedAt: TimeText,
  updatedAt: TimeText,
  /** the order's latest trade ("0" before any) */
  tradeId: U64Text,
  traderId: UInt(),
  marketId: UInt(),
  orderId: U64Text,
  side: SideJson,
  placedSize: Num,
  filledSize: Num.nullable().optional(),
  updateActionId: U64Text,
  isReduceOnly: z.boolean(),
  fillMode: FillModeJson,
  placedPrice: Num,
  originalSizeLimit: Num.nullable().optional(),
  originalPriceLimit: Num.nullable().optional(),
  placementOrigin: z.enum(['User', 'Trigger', 'Liquidation']),
  finalizationReason: z.enum(['Filled', 'Canceled', 'Taken']).nullable().optional(),
  marketSymbol: z.string(),
  tokenSymbol: z.string(),
  clientOrderId: ClientOrderId.optional(),
  marketMode: z.literal('clob').optional(),
  status: z.enum(['open', 'filled', 'cancelled']).optional(),
});

export const TradeJsonSchema = z.object({
  time: TimeText,
  actionId: U64Text,
  tradeId: U64Text,
  takerId: UInt(),
  takerSide: SideJson,
  makerId: UInt(),
  marketId: UInt(),
  /** the taker's order */
  orderId: U64Text,
  price: Num,
  baseSize: Num,
  makerOrderId: U64Text.optional(),
  takerClientOrderId: ClientOrderId.optional(),
  /** quote charged (negative: a rebate) */
  takerFee: Num.optional(),
  makerFee: Num.optional(),
  marketMode: z.literal('clob').optional(),
});

/**
 * GET /trades, newest first. The interface names the array `trades` and adds `accountId` and the effective
 * `since` / `until`; the same array is also served as the public `items`.
 */
export const TradesPageJsonSchema = z.object({
  trades: z.array(TradeJsonSchema).max(255),
  items: z.array(TradeJsonSchema).max(255),
  accountId: UInt().optional(),
  since: z.string(),
  until: z.string(),
  nextStartInclusive: z.string().nullable().optional(),
});

export const OrderPageJsonSchema = pageOf(OrderInfoJsonSchema);
export const TradePageJsonSchema = pageOf(TradeJsonSchema);

export type WireOrderInfo = z.input<typeof OrderInfoJsonSchema>;
export type WireTrade = z.input<typeof TradeJsonSchema>;
