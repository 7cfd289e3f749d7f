// Market, token and fee reads (GET /markets/live, /market/{id}/live|stats|history/PT1H, /tokens/{id}/stats,
// /fee/brackets/info, /account/{id}/fee/tier, /accounts/fee-tiers). Prices are scaled by the market's
// priceDecimals and travel as decimal strings.
import { z } from 'zod';
import { ScaledString, pageOf } from './wire';

export const MarketLiveSchema = z.object({
  marketId: z.number().int().min(0),
  symbol: z.string(),
  indexPrice: ScaledString,
  markPrice: ScaledString,
  /** funding rate of the current interval, parts per million of notional; positive: longs pay shorts */
  fundingRatePpm: z.number().int(),
  nextFundingTime: z.number().int(),
  clob: z.object({ bestBid: ScaledString.nullable(), bestAsk: ScaledString.nullable() }),
});

export const MarketStatsSchema = z.object({
  marketId: z.number().int().min(0),
  indexPrice: ScaledString,
  markPrice: ScaledString,
  high24h: ScaledString,
  low24h: ScaledString,
  openInterest: ScaledString,
  volume24h: ScaledString,
  cumulativeFunding: ScaledString,
});

export const CandleSchema = z.object({
  start: z.number().int(),
  open: ScaledString,
  high: ScaledString,
  low: ScaledString,
  close: ScaledString,
});
export const TokenStatsSchema = z.object({
  tokenId: z.number().int().min(0),
  symbol: z.string(),
  price: ScaledString,
  priceDecimals: z.number().int(),
});

export const FeeTierConfigSchema = z.object({
  name: z.string(),
  makerBps: z.number(),
  takerBps: z.number(),
  minVolume: ScaledString,
});
export const FeeBracketsSchema = z.array(z.tuple([z.number().int(), FeeTierConfigSchema]));
export const AccountFeeTierSchema = z.object({ accountId: z.number().int().min(0), tier: z.number().int() });
export const AccountFeeTierPageSchema = pageOf(AccountFeeTierSchema);

export type WireMarketLive = z.input<typeof MarketLiveSchema>;
export type WireMarketStats = z.input<typeof MarketStatsSchema>;
