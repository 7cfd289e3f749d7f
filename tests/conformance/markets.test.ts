// Prices, funding, market history and fee tiers over real HTTP. The oracle is a seeded walk in whole
// basis points: the same seed and engine time give the same prices however often the devnet ticks.
import { afterEach, describe, expect, it } from 'vitest';
import { TestWallet, USDC, startExchange, usdc, type TestExchange } from './support/exchange';
import {
  CandleSchema,
  FeeBracketsSchema,
  MarketLiveSchema,
  MarketStatsSchema,
  TokenStatsSchema,
  AccountFeeTierPageSchema,
} from '../../src/shared/exchange/markets';
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
const live = async (ex: TestExchange) => z.array(MarketLiveSchema).parse(await ex.getJson('/markets/live'));

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
    const one = MarketLiveSchema.parse(await ex.getJson('/market/1/live'));
    expect(one.symbol).toBe('ETH-PERP');
    const stats = MarketStatsSchema.parse(await ex.getJson('/market/1/stats'));
    expect(stats.high24h >= stats.indexPrice && stats.indexPrice >= stats.low24h).toBe(true);
    const candles = z.array(CandleSchema).parse(await ex.getJson('/market/1/history/PT1H'));
    expect(candles.length).toBeGreaterThanOrEqual(2);
    for (const c of candles) {
      expect(c.start % 3600).toBe(0);
      expect(c.high >= c.open && c.high >= c.close && c.low <= c.open && c.low <= c.close).toBe(true);
    }
    expect(candles.at(-1)!.close).toBe(one.indexPrice);
    expect(await (await ex.get('/market/99/live')).json()).toMatchObject({ error: 'MarketNotFound' });
    expect((await ex.get('/market/99/stats')).status).toBe(404);
    expect((await ex.get('/market/abc/live')).status).toBe(400);
  });

  it('/tokens/{id}/stats prices a token by its market; the quote token is 1; unknown 404', async () => {
    const ex = await exchange();
    const markets = await live(ex);
    const btc = TokenStatsSchema.parse(await ex.getJson('/tokens/1/stats'));
    expect(btc).toMatchObject({ symbol: 'BTC', price: markets[0]!.indexPrice, priceDecimals: 1 });
    expect(TokenStatsSchema.parse(await ex.getJson('/tokens/0/stats')).price).toBe(1n);
    expect(await (await ex.get('/tokens/42/stats')).json()).toMatchObject({ error: 'TokenNotFound' });
  });
});

describe('fees by tier', () => {
  it('brackets, an account’s tier, its maker and taker rates, and the paged tier list', async () => {
    const ex = await exchange();
    const w = new TestWallet(ex);
    await w.deposit(USDC, usdc(10));
    const [account] = await w.accountIds();
    const brackets = FeeBracketsSchema.parse(await ex.getJson('/fee/brackets/info'));
    expect(brackets.map(([id, c]) => [id, c.takerBps])).toEqual([
      [0, 5],
      [1, 4],
      [2, 3],
    ]);
    expect(await ex.getJson(`/account/${account}/fee/tier`)).toBe(0);
    expect(await ex.getJson(`/market/0/fees/taker/${account}`)).toBe(-0.0005);
    expect(await ex.getJson(`/market/0/fees/maker/${account}`)).toBe(-0.0002);
    expect((await ex.get(`/market/0/fees/sideways/${account}`)).status).toBe(400);
    expect(await (await ex.get('/market/0/fees/taker/9999')).json()).toMatchObject({ error: 'UserNotFound' });

    const other = new TestWallet(ex);
    await other.deposit(USDC, usdc(10));
    const first = AccountFeeTierPageSchema.parse(
      await ex.getJson(`/accounts/fee-tiers?pageSize=1&startInclusive=${account}`),
    );
    expect(first.items).toEqual([{ accountId: account, tier: 0 }]);
    const second = AccountFeeTierPageSchema.parse(
      await ex.getJson(`/accounts/fee-tiers?pageSize=1&startInclusive=${first.nextStartInclusive}`),
    );
    expect(second.items).toHaveLength(1);
    expect(second.nextStartInclusive).toBeUndefined();
    // the built-in market maker is the one account on the market-maker tier
    const makers = AccountFeeTierPageSchema.parse(await ex.getJson('/accounts/fee-tiers?tier=2')).items;
    expect(makers).toHaveLength(1);
    expect(makers[0]!.accountId).not.toBe(account);
    expect((await ex.get('/accounts/fee-tiers?tier=9')).status).toBe(400);
    expect((await ex.get('/accounts/fee-tiers?pageSize=0')).status).toBe(400);
  });
});
