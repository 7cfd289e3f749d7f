// Market, token and fee reads in the public engine's JSON (rest.md): prices, sizes and volumes as JSON
// numbers in human units. /markets/live and /market/{id}/live are the interface's own (it names
// MarketLiveInfo and its `clob` section but not its fields); they follow the same style.
import { z } from 'zod';
import { Num, TimeText, U64Text, UInt, pageOf } from './json';

/** `PerpMarketStats` (snake_case in the public schema) */
export const PerpMarketStatsJsonSchema = z.object({
  mark_price: Num.nullable().optional(),
  aggregated_funding_index: Num,
  funding_rate: Num,
  next_funding_time: z.string(),
  open_interest: Num,
});

/** `MarketStats` */
export const MarketStatsJsonSchema = z.object({
  indexPrice: Num,
  indexPriceConf: Num,
  frozen: z.boolean().optional(),
  volumeBase24h: Num,
  volumeQuote24h: Num,
  high24h: Num,
  low24h: Num,
  close24h: Num,
  prevClose24h: Num.nullable().optional(),
  perpStats: PerpMarketStatsJsonSchema.nullable().optional(),
});

/** `TokenStats` */
export const TokenStatsJsonSchema = z.object({
  symbol: z.string(),
  decimals: UInt(18),
  mintAddr: z.string(),
  weightBps: UInt(0xffff),
  oracleSymbol: z.string(),
  indexPrice: z.object({ median: Num, confidence: Num }).nullable().optional(),
});

/** `OrderbookInfo`: levels are [price, size] number pairs */
const Level = z.tuple([Num, Num]);
const SideSummary = z.object({ sum: Num, count: UInt() });
export const OrderbookJsonSchema = z.object({
  updateId: UInt(Number.MAX_SAFE_INTEGER),
  asks: z.array(Level),
  bids: z.array(Level),
  asksSummary: SideSummary,
  bidsSummary: SideSummary,
});

/** `MarketHistoryInfo` (hourly): indexPrice scaled by the price decimals, as the public text says */
export const MarketHistoryJsonSchema = z.object({
  marketId: UInt(),
  time: TimeText,
  actionId: U64Text,
  fundingIndex: Num,
  fundingRate: Num,
  indexPrice: Num,
  markPrice: Num,
});
export const MarketHistoryPageJsonSchema = pageOf(MarketHistoryJsonSchema);

/**
 * `[FeeTierId, FeeTierConfig]` pairs. The public schema types the rates uint16; the devnet's market-maker
 * tier has a maker rebate, written as a negative number (docs/protocol-decisions.md).
 */
const Bps = Num.refine((t) => /^-?\d{1,5}$/.test(t), 'expected whole basis points');
export const FeeBracketsJsonSchema = z.array(
  z.tuple([UInt(), z.object({ maker_fee_bps: Bps, taker_fee_bps: Bps })]),
);
/** `PageResult_for_uint32_and_AccountFeeTier` */
export const AccountFeeTierPageJsonSchema = z.object({
  items: z.array(z.object({ accountId: UInt(), feeTier: UInt() })).max(255),
  nextStartInclusive: UInt().nullable().optional(),
});

/** MarketLiveInfo (the interface's): prices and funding now, with the clob section's best bid and ask */
export const MarketLiveJsonSchema = z.object({
  marketId: UInt(),
  symbol: z.string(),
  indexPrice: Num,
  markPrice: Num,
  fundingRate: Num,
  nextFundingTime: z.string(),
  clob: z.object({ bestBid: Num.nullable(), bestAsk: Num.nullable() }),
});

export type WireMarketLive = z.input<typeof MarketLiveJsonSchema>;
export type WireMarketStats = z.input<typeof MarketStatsJsonSchema>;
