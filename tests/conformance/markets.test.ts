// Prices, funding, market history and fee tiers over real HTTP. The oracle is a seeded walk in whole
// basis points: the same seed and engine time give the same prices however often the devnet ticks.
import { afterEach, describe, expect, it } from 'vitest';
import { TestWallet, USDC, startExchange, usdc, type TestExchange } from './support/exchange';
import {
  AccountFeeTierPageJsonSchema,
  FeeBracketsJsonSchema,
  MarketHistoryPageJsonSchema,
  MarketLiveJsonSchema,
  MarketStatsJsonSchema,
  TokenStatsJsonSchema,
} from '../../src/shared/exchange/markets';
import { scaledFromDecimal } from '../../src/shared/money';

/** the markets' price decimals (BTC 1, ETH 2, SOL 3): human prices read back as scaled integers */
const PRICE_DECIMALS = [1, 2, 3];
const scaled = (text: string, marketId: number) => scaledFromDecimal(text, PRICE_DECIMALS[marketId]!);
import { z } from 'zod';

const open: TestExchange[] = [];
afterEach(async () => {
  for (const ex of open.splice(0)) await ex.close();
});
async function exchange(seed = 7): Promise<TestExchange> {
  const ex = await startExchange({
    config: { oracle: { seed, maxStepBps: 3, fundingIntervalSeconds: 3600, maxFundingPpm: 100 } },
  });
  open.push(ex);
  return ex;
}
const live = async (ex: TestExchange) =>
  (await ex.read('/markets/live', z.array(MarketLiveJsonSchema))).map((m) => ({
    ...m,
    indexPrice: scaled(m.indexPrice, m.marketId),
    markPrice: scaled(m.markPrice, m.marketId),
    nextFundingTime: Date.parse(m.nextFundingTime) / 1000,
    fundingRatePpm: Number(scaledFromDecimal(m.fundingRate, 6)),
  }));

describe('oracle prices', () => {
  it('start at the reference prices, scaled by each market’s priceDecimals', async () => {
    const markets = await live(await exchange());
    expect(markets.map((m) => [m.symbol, m.indexPrice])).toEqual([
      ['BTC-PERP', 650_000n], // 65,000.0 with priceDecimals 1
      ['ETH-PERP', 320_000n], // 3,200.00 with priceDecimals 2
      ['SOL-PERP', 150_000n], // 150.000 with priceDecimals 3
    ]);
    expect(markets.every((m) => m.markPrice === m.indexPrice)).toBe(true);
  });

  it('walk deterministically: same seed and time, same prices, however the time was ticked; another seed differs', async () => {
    const [a, b, c] = [await exchange(7), await exchange(7), await exchange(8)];
    for (const ex of [a, b, c]) await live(ex); // start the walk at the same engine second
    a.advance(3_600_000);
    for (let i = 0; i < 60; i += 1) b.advance(60_000);
    c.advance(3_600_000);
    const [pa, pb, pc] = [await live(a), await live(b), await live(c)];
    expect(pa.map((m) => m.indexPrice)).toEqual(pb.map((m) => m.indexPrice));
    expect(pa.map((m) => m.indexPrice)).not.toEqual(pc.map((m) => m.indexPrice));
    expect(pa[0]!.indexPrice).not.toBe(650_000n);
  });

  it('move at most maxStepBps a second', async () => {
    const ex = await exchange();
    let previous = (await live(ex))[0]!.indexPrice;
    for (let i = 0; i < 30; i += 1) {
      ex.advance(1_000);
      const now = (await live(ex))[0]!.indexPrice;
      const diff = now > previous ? now - previous : previous - now;
      expect(diff * 10_000n).toBeLessThanOrEqual(previous * 3n + 10_000n);
      previous = now;
    }
  });

  it('accrue funding on the interval: a new rate within bounds and the next funding time an interval later', async () => {
    const ex = await exchange();
    const before = (await live(ex))[0]!;
    ex.clock.advance((before.nextFundingTime - Number(ex.now())) * 1000 + 1000);
    const after = (await live(ex))[0]!;
    expect(after.nextFundingTime).toBe(before.nextFundingTime + 3600);
    expect(Math.abs(after.fundingRatePpm)).toBeLessThanOrEqual(100);
  });
});

describe('market reads', () => {
  it('/market/{id}/live, /stats and /history/PT1H; unknown market 404, bad id 400', async () => {
    const ex = await exchange();
    await live(ex);
    ex.advance(2 * 3_600_000);
    const one = await ex.read('/market/1/live', MarketLiveJsonSchema);
    expect(one.symbol).toBe('ETH-PERP');
    const stats = await ex.read('/market/1/stats', MarketStatsJsonSchema);
    const [high, index, low] = [stats.high24h, stats.indexPrice, stats.low24h].map((t) => scaled(t, 1));
    expect(high! >= index! && index! >= low!).toBe(true);
    expect(stats.perpStats?.mark_price).toBe(one.markPrice);
    const rows = (await ex.read('/market/1/history/PT1H', MarketHistoryPageJsonSchema)).items;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const bar = z.object({ open: z.string(), high: z.string(), low: z.string(), close: z.string() });
    const raw = (await ex.getJson<{ items: unknown[] }>('/market/1/history/PT1H')).items;
    rows.forEach((r, i) => {
      expect(r.time % 3600).toBe(0);
      const c = bar.parse(
        Object.fromEntries(Object.entries(raw[i] as object).map(([k, v]) => [k, String(v)])),
      );
      const [o, h, l, cl] = [c.open, c.high, c.low, c.close].map((t) => scaled(t, 1));
      expect(h! >= o! && h! >= cl! && l! <= o! && l! <= cl!).toBe(true);
    });
    // newest first; the raw indexPrice is the price mantissa, as the public text says
    expect(scaled(rows[0]!.markPrice, 1)).toBe(scaled(one.indexPrice, 1));
    expect(rows[0]!.indexPrice).toBe(String(scaled(one.indexPrice, 1)));
    expect((await ex.get('/market/99/live')).headers.get('x-error')).toBe('MarketNotFound');
    expect((await ex.get('/market/99/stats')).status).toBe(404);
    expect((await ex.get('/market/abc/live')).status).toBe(400);
  });

  it('/history/PT1H bars carry the funding index and rate as of their last second, not zeros', async () => {
    const ex = await exchange();
    await live(ex); // the oracle starts on first use
    ex.advance(3 * 3_600_000 + 60_000); // three funding intervals
    const [, eth] = await live(ex);
    const stats = await ex.read('/market/1/stats', MarketStatsJsonSchema);
    const rows = (await ex.read('/market/1/history/PT1H', MarketHistoryPageJsonSchema)).items;
    expect(stats.perpStats!.aggregated_funding_index).not.toBe('0');
    // the running bar ends now: its funding is the market's current index and rate
    expect(rows[0]!.fundingIndex).toBe(stats.perpStats!.aggregated_funding_index);
    expect(Number(scaledFromDecimal(rows[0]!.fundingRate, 6))).toBe(eth!.fundingRatePpm);
    // older bars hold what the index was then: it only moves at funding times, so they differ
    expect(new Set(rows.map((r) => r.fundingIndex)).size).toBeGreaterThan(1);
  });

  it('/tokens/{id}/stats prices a token by its market; the quote token is 1; unknown 404', async () => {
    const ex = await exchange();
    const markets = await live(ex);
    const btc = await ex.read('/tokens/1/stats', TokenStatsJsonSchema);
    expect(btc).toMatchObject({ symbol: 'BTC', decimals: 8 });
    expect(scaled(btc.indexPrice!.median, 0)).toBe(markets[0]!.indexPrice);
    expect((await ex.read('/tokens/0/stats', TokenStatsJsonSchema)).indexPrice!.median).toBe('1');
    expect((await ex.get('/tokens/42/stats')).headers.get('x-error')).toBe('TokenNotFound');
  });
});

describe('fees by tier', () => {
  it('brackets, an account’s tier, its maker and taker rates, and the paged tier list', async () => {
    const ex = await exchange();
    const w = new TestWallet(ex);
    await w.deposit(USDC, usdc(10));
    const [account] = await w.accountIds();
    const brackets = await ex.read('/fee/brackets/info', FeeBracketsJsonSchema);
    expect(brackets.map(([id, c]) => [id, c.taker_fee_bps])).toEqual([
      [0, '5'],
      [1, '4'],
      [2, '3'],
    ]);
    expect(await ex.getJson(`/account/${account}/fee/tier`)).toBe(0);
    expect(await ex.getJson(`/market/0/fees/taker/${account}`)).toBe(-0.0005);
    expect(await ex.getJson(`/market/0/fees/maker/${account}`)).toBe(-0.0002);
    expect((await ex.get(`/market/0/fees/sideways/${account}`)).status).toBe(400);
    expect((await ex.get('/market/0/fees/taker/9999')).headers.get('x-error')).toBe('UserNotFound');

    const other = new TestWallet(ex);
    await other.deposit(USDC, usdc(10));
    const first = await ex.read(
      `/accounts/fee-tiers?pageSize=1&startInclusive=${account}`,
      AccountFeeTierPageJsonSchema,
    );
    expect(first.items).toEqual([{ accountId: account, feeTier: 0 }]);
    const second = await ex.read(
      `/accounts/fee-tiers?pageSize=1&startInclusive=${first.nextStartInclusive}`,
      AccountFeeTierPageJsonSchema,
    );
    expect(second.items).toHaveLength(1);
    expect(second.nextStartInclusive).toBeUndefined();
    // the built-in market maker is the one account on the market-maker tier
    const makers = (await ex.read('/accounts/fee-tiers?tier=2', AccountFeeTierPageJsonSchema)).items;
    expect(makers).toHaveLength(1);
    expect(makers[0]!.accountId).not.toBe(account);
    expect((await ex.get('/accounts/fee-tiers?tier=9')).status).toBe(400);
    expect((await ex.get('/accounts/fee-tiers?pageSize=0')).status).toBe(400);
  });
});
