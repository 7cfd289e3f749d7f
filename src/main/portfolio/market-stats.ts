// What the home screen shows of each market: the mark price, its change over 24 hours and the funding rate,
// read from the public MarketStats and the hourly market history. The change is the engine's own
// (close24h against prevClose24h) when it gives both; otherwise it is measured against the hourly mark of
// 24 hours ago, or of the oldest hour there is when the exchange is younger than that (the devnet after a
// fresh start), and says over how many hours it was measured.
import type { MarketStatsView } from '../../shared/ipc/portfolio';
import type { MarketsInfo } from '../../shared/exchange/info';
import { scaledFromDecimal } from '../../shared/money';
import type { ExchangeClient } from '../exchange/exchange-client';

/** What the market figures read of the exchange. */
export type MarketReads = Pick<ExchangeClient, 'marketHours' | 'marketStats'>;

/** the funding rate, a fraction of the position's value per interval, kept with this many decimals */
const FUNDING_RATE_DECIMALS = 10;
const HOURS = 24;

/** null rather than a wrong figure when a number does not fit the market's decimals */
function scaled(text: string | null | undefined, decimals: number): bigint | null {
  if (text === null || text === undefined) return null;
  try {
    return scaledFromDecimal(text, decimals);
  } catch {
    return null;
  }
}

/** (now - before) / before in basis points, toward zero; null without a positive reference */
export function changeBps(now: bigint, before: bigint): bigint | null {
  return before > 0n ? ((now - before) * 10_000n) / before : null;
}

async function one(client: MarketReads, market: MarketsInfo['markets'][number]): Promise<MarketStatsView> {
  const id = market.marketId;
  const stats = await client.marketStats(id);
  const mark = scaled(stats.perpStats?.mark_price ?? stats.indexPrice, market.priceDecimals);
  const fundingRate = scaled(stats.perpStats?.funding_rate, FUNDING_RATE_DECIMALS);
  const nextFundingTime = stats.perpStats
    ? Math.floor(Date.parse(stats.perpStats.next_funding_time) / 1000)
    : null;
  const base = {
    marketId: id,
    markPrice: mark,
    fundingRate,
    nextFundingTime: Number.isNaN(nextFundingTime) ? null : nextFundingTime,
  };
  const close = scaled(stats.close24h, market.priceDecimals);
  const prevClose = scaled(stats.prevClose24h, market.priceDecimals);
  const change = (bps: bigint | null, hours: number) => (bps === null ? null : { bps, hours });
  if (close !== null && prevClose !== null)
    return { ...base, change: change(changeBps(close, prevClose), HOURS) };
  const rows = (await client.marketHours(id, HOURS + 1)).items;
  const newest = rows[0];
  const reference = rows[Math.min(HOURS, rows.length - 1)];
  if (!newest || !reference || reference === newest || mark === null) return { ...base, change: null };
  const then = scaled(reference.markPrice, market.priceDecimals);
  const hours = Math.max(1, Math.round((newest.time - reference.time) / 3600));
  return { ...base, change: then === null ? null : change(changeBps(mark, then), hours) };
}

/** Every market's figures; a market whose stats cannot be read has nulls rather than failing the rest. */
export async function marketStatsView(client: MarketReads, info: MarketsInfo): Promise<MarketStatsView[]> {
  return Promise.all(
    info.markets.map((m) =>
      one(client, m).catch((): MarketStatsView => ({
        marketId: m.marketId,
        markPrice: null,
        fundingRate: null,
        nextFundingTime: null,
        change: null,
      })),
    ),
  );
}
