import { describe, expect, it } from 'vitest';
import { changeBps, marketStatsView } from '../../../../src/main/portfolio/market-stats';
import type { ExchangeClient } from '../../../../src/main/exchange/exchange-client';
import type { MarketsInfo } from '../../../../src/shared/exchange/info';

const info = {
  quoteTokenId: 0,
  tokens: [],
  markets: [
    { marketId: 0, symbol: 'BTC-PERP', priceDecimals: 1, sizeDecimals: 4, baseTokenId: 1, quoteTokenId: 0 },
  ],
} as unknown as MarketsInfo;

const HOUR = 3600;
const stats = (extra: Record<string, unknown> = {}) => ({
  indexPrice: '65000',
  indexPriceConf: '0',
  volumeBase24h: '0',
  volumeQuote24h: '0',
  high24h: '66000',
  low24h: '64000',
  close24h: '65000',
  prevClose24h: null,
  perpStats: {
    mark_price: '65100.5',
    aggregated_funding_index: '0',
    funding_rate: '0.0000125',
    next_funding_time: '2026-11-26T03:00:00Z',
    open_interest: '1',
  },
  ...extra,
});
/** hourly rows, newest first, with the given mark prices */
const hours = (marks: string[]) => ({
  items: marks.map((markPrice, i) => ({
    marketId: 0,
    time: 1_790_000_000 - i * HOUR,
    actionId: '1',
    fundingIndex: '0',
    fundingRate: '0',
    indexPrice: '0',
    markPrice,
  })),
});
const client = (s: unknown, h: unknown) =>
  ({ marketStats: async () => s, marketHours: async () => h }) as unknown as ExchangeClient;

describe('market figures for the home screen', () => {
  it('measures the 24 h change against the hourly mark of 24 hours ago', async () => {
    const marks = Array.from({ length: 25 }, (_, i) => (i === 24 ? '62000' : '65000'));
    const [view] = await marketStatsView(client(stats(), hours(marks)), info);
    expect(view).toEqual({
      marketId: 0,
      markPrice: 651_005n,
      // (65100.5 - 62000) / 62000 = 5.0008% -> 500 bps, toward zero
      change: { bps: 500n, hours: 24 },
      fundingRate: 125_000n,
      nextFundingTime: Date.parse('2026-11-26T03:00:00Z') / 1000,
    });
  });

  it('says over how many hours it measured when the exchange is younger than a day', async () => {
    const [view] = await marketStatsView(client(stats(), hours(['65000', '65000', '65000', '70000'])), info);
    // (65100.5 - 70000) / 70000 = -6.999%
    expect(view!.change).toEqual({ bps: -699n, hours: 3 });
  });

  it('uses the engine’s own 24 h closes when it gives both', async () => {
    const [view] = await marketStatsView(client(stats({ prevClose24h: '50000' }), hours([])), info);
    expect(view!.change).toEqual({ bps: 3000n, hours: 24 });
  });

  it('has no change with a single hour, and nulls rather than a failure when the stats cannot be read', async () => {
    const [young] = await marketStatsView(client(stats(), hours(['65000'])), info);
    expect(young!.change).toBeNull();
    const failing = {
      marketStats: async () => {
        throw new Error('503');
      },
    } as unknown as ExchangeClient;
    expect(await marketStatsView(failing, info)).toEqual([
      { marketId: 0, markPrice: null, change: null, fundingRate: null, nextFundingTime: null },
    ]);
  });

  it('computes the change toward zero and refuses a zero reference', () => {
    expect(changeBps(99n, 100n)).toBe(-100n);
    expect(changeBps(100n, 0n)).toBeNull();
  });
});
