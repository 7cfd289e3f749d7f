// Oracle index prices as a seeded random walk, in whole scaled integers: each engine second every market's
// price moves by a whole number of basis points drawn from a PRNG keyed by (seed, market, second), so the
// path depends only on the seed and the engine time, never on how often the devnet ticks. Funding accrues on a
// fixed interval into a cumulative index per market that positions will settle against.
import type { MarketInfo, TokenInfo } from '../../shared/exchange/info';
import { bpsOf } from '../engine/bps';
import type { MarketPriceState, OracleState } from './state';

export interface OracleConfig {
  seed: number;
  /** largest move per second, in basis points */
  maxStepBps: number;
  fundingIntervalSeconds: number;
  /** largest funding rate per interval, in ppm */
  maxFundingPpm: number;
}

/** mulberry32 over a hash of the key: deterministic, fast, good enough for a simulated market. */
function random(seed: number, market: number, second: number, stream: number): number {
  let h =
    (seed ^
      Math.imul(market + 1, 0x9e3779b1) ^
      Math.imul(second, 0x85ebca6b) ^
      Math.imul(stream + 7, 0xc2b2ae35)) >>>
    0;
  h = (h + 0x6d2b79f5) >>> 0;
  let t = h;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const HOURS_KEPT = 24 * 14;

export function initialOracleState(
  markets: MarketInfo[],
  tokens: TokenInfo[],
  referencePrices: Record<number, bigint>,
  quoteTokenId: number,
  now: number,
  config: OracleConfig,
): OracleState {
  const quoteDecimals = tokens.find((t) => t.tokenId === quoteTokenId)?.decimals ?? 6;
  const state: OracleState = { second: now, markets: {} };
  for (const m of markets) {
    // reference prices are quote units per whole base token; a market price has priceDecimals
    const reference = referencePrices[m.baseTokenId] ?? 10n ** BigInt(quoteDecimals);
    const index = (reference * 10n ** BigInt(m.priceDecimals)) / 10n ** BigInt(quoteDecimals);
    const start = now - (now % 3600);
    state.markets[m.marketId] = {
      index,
      mark: index,
      fundingRatePpm: 0,
      cumulativeFunding: 0n,
      nextFundingTime: now - (now % config.fundingIntervalSeconds) + config.fundingIntervalSeconds,
      candles: [{ start, open: index, high: index, low: index, close: index }],
      high24h: index,
      low24h: index,
    };
  }
  return state;
}

/** Walks every market forward to `now`, one engine second at a time; returns the markets that moved. */
export function advanceOracle(state: OracleState, now: number, config: OracleConfig): number[] {
  if (now <= state.second) return [];
  // A devnet left off for days catches up without replaying every second: cap the catch-up.
  const from = Math.max(state.second, now - 6 * 3600);
  const moved = new Set<number>();
  for (let second = from + 1; second <= now; second += 1) {
    for (const [id, market] of Object.entries(state.markets)) {
      const marketId = Number(id);
      const bps = Math.round((random(config.seed, marketId, second, 0) * 2 - 1) * config.maxStepBps);
      if (bps !== 0) {
        market.index = bpsOf(market.index, 10_000 + bps, 'towardZero');
        if (market.index < 1n) market.index = 1n;
        moved.add(marketId);
      }
      market.mark = market.index;
      if (second >= market.nextFundingTime) {
        market.cumulativeFunding += BigInt(market.fundingRatePpm) * market.mark;
        market.lastFundingRatePpm = market.fundingRatePpm;
        market.fundingRatePpm = Math.round(
          (random(config.seed, marketId, second, 1) * 2 - 1) * config.maxFundingPpm,
        );
        market.nextFundingTime += config.fundingIntervalSeconds;
      }
      // after the funding of this second, so the bar holds the index and rate as of its end
      recordCandle(market, second);
    }
  }
  for (const market of Object.values(state.markets)) recordDayRange(market, now);
  state.second = now;
  return [...moved];
}

function recordCandle(market: MarketPriceState, second: number): void {
  const start = second - (second % 3600);
  let last = market.candles[market.candles.length - 1];
  if (!last || last.start !== start) {
    last = { start, open: market.index, high: market.index, low: market.index, close: market.index };
    market.candles.push(last);
    if (market.candles.length > HOURS_KEPT) market.candles.shift();
  }
  if (market.index > last.high) last.high = market.index;
  if (market.index < last.low) last.low = market.index;
  last.close = market.index;
  last.fundingIndex = market.cumulativeFunding;
  last.fundingRatePpm = market.fundingRatePpm;
}

function recordDayRange(market: MarketPriceState, now: number): void {
  const day = market.candles.filter((c) => c.start > now - 86_400);
  market.high24h = day.reduce((h, c) => (c.high > h ? c.high : h), market.index);
  market.low24h = day.reduce((l, c) => (c.low < l ? c.low : l), market.index);
}
