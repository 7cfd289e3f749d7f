// Orders, trades and the order book as the exchange serves them (GET /order/{id}, /order/{id}/trades,
// /account/{id}/orders[/open], /trades, /market/{id}/orderbook). Prices and sizes are scaled by the market's
// priceDecimals and sizeDecimals; ids that can pass 2^53 are strings.
import { z } from 'zod';
import { AccountIdNumber, ScaledString, Seconds, U64String, pageOf } from './wire';

export const SideSchema = z.enum(['ASK', 'BID']);
export const FillModeSchema = z.enum(['LIMIT', 'POST_ONLY', 'IMMEDIATE_OR_CANCEL', 'FILL_OR_KILL']);

export const OrderInfoSchema = z.object({
  orderId: U64String,
  clientOrderId: U64String.nullable(),
  accountId: AccountIdNumber,
  marketId: z.number().int().min(0),
  side: SideSchema,
  fillMode: FillModeSchema,
  /** 0 for a market order */
  price: ScaledString,
  size: ScaledString,
  filledSize: ScaledString,
  status: z.enum(['open', 'filled', 'cancelled']),
  reduceOnly: z.boolean(),
  time: Seconds,
  actionId: U64String,
  marketMode: z.literal('clob'),
});

export const TradeSchema = z.object({
  tradeId: U64String,
  actionId: U64String,
  time: Seconds,
  marketId: z.number().int().min(0),
  price: ScaledString,
  size: ScaledString,
  takerSide: SideSchema,
  takerId: AccountIdNumber,
  makerId: AccountIdNumber,
  takerOrderId: U64String,
  makerOrderId: U64String,
  takerClientOrderId: U64String.nullable(),
  /** quote-token units charged (negative: a rebate) */
  takerFee: ScaledString,
  makerFee: ScaledString,
  marketMode: z.literal('clob'),
});

/** GET /trades: newest first; pass since, until and nextStartInclusive back for the next page. */
export const TradesPageSchema = z.object({
  trades: z.array(TradeSchema).max(255),
  accountId: AccountIdNumber.optional(),
  since: z.string(),
  until: z.string(),
  nextStartInclusive: z.string().optional(),
});

export const OrderPageSchema = pageOf(OrderInfoSchema);
export const TradePageSchema = pageOf(TradeSchema);

const Level = z.tuple([ScaledString, ScaledString]);
export const OrderbookSchema = z.object({
  marketId: z.number().int().min(0),
  /** the book's version; deltas@<symbol> messages chain from it */
  updateId: z.number().int().min(0),
  bids: z.array(Level),
  asks: z.array(Level),
});

export type WireOrderInfo = z.input<typeof OrderInfoSchema>;
export type WireTrade = z.input<typeof TradeSchema>;
export type WireOrderbook = z.input<typeof OrderbookSchema>;
