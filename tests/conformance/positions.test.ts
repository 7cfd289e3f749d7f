// Positions and risk over real HTTP: funding paid and received, liquidation of an unhealthy account (and
// bad debt becoming protocol debt), the trading history kinds with their cursors, the PnL summaries,
// traded volume and the fee tier moving with it.
import { afterEach, describe, expect, it } from 'vitest';
import {
  TestWallet,
  USDC,
  placedOrder,
  startExchange,
  trader as traderOf,
  usdc,
  type PlaceOrder,
  type TestExchange,
  readBook,
  readOrder,
  scaledDeep,
} from './support/exchange';
import type { Receipt } from '../../src/protocol/types';
import {
  AccountVolumeJsonSchema,
  PnlSummaryJsonSchema,
  PositionSummaryResultJsonSchema,
} from '../../src/shared/exchange/history';
import { defaultConfig } from '../../src/devnet/config';

const BTC = 0;
let ex: TestExchange;
afterEach(() => ex?.close());

type Order = PlaceOrder;
const trader = (collateral: number) => traderOf(ex, collateral);
const order = (w: TestWallet, fields: Partial<Order>): Promise<Receipt> => placedOrder(ex, w, fields);
const account = async (id: number) => await ex.account(id);
const setPrice = async (price: bigint) =>
  expect((await ex.postJson('/devnet/index-price', { marketId: BTC, price: price.toString() })).ok).toBe(
    true,
  );
const quote = (a: Awaited<ReturnType<typeof account>>) =>
  a.balances.find((b) => b.tokenId === USDC)?.amount ?? 0n;

describe('liquidation', () => {
  it('closes every position of an account below maintenance, cancels its orders and records it', async () => {
    ex = await startExchange();
    // 400 USDC behind ~6,500 USDC of BTC: a drop of about 4% reaches maintenance
    const { w, account: a } = await trader(400);
    await order(w, { size: 1_000n });
    const resting = await order(w, { fillMode: 'LIMIT', price: 500_000n, size: 10n });
    const before = await account(a);
    const liq = before.positions[0]!.liquidationPrice!;
    expect(liq).toBeLessThan(before.positions[0]!.entryPrice);

    await setPrice(liq + 300n); // still above: nothing happens
    expect((await account(a)).positions).toHaveLength(1);
    await setPrice(liq - 300n);
    const after = await account(a);
    expect(after.positions).toEqual([]);
    expect(after.openOrders).toEqual([]);
    if (resting.kind.type !== 'placeOrderResult') throw new Error();
    expect((await readOrder(ex, resting.kind.orderId!)).status).toBe('cancelled');

    const rows = (await ex.client.history(a, 'liquidation')).items;
    expect(rows).toEqual([expect.objectContaining({ marketId: BTC, size: 1_000n })]);
    expect(rows[0]!.equityBefore).toBeLessThan(rows[0]!.maintenanceBefore);
    const positions = (await ex.client.history(a, 'position')).items;
    expect(positions.map((p) => [p.reason, p.sizeBefore, p.sizeAfter])).toEqual([
      ['trade', 0n, 1_000n],
      ['liquidation', 1_000n, 0n],
    ]);
    // the account lost money but kept what was left above zero
    expect(quote(after)).toBeGreaterThanOrEqual(0n);
    expect(quote(after)).toBeLessThan(usdc(400));
  });

  it('records the public margin figures before and after, and the fee the closing order paid', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader(400);
    await order(w, { size: 1_000n });
    await setPrice((await account(a)).positions[0]!.liquidationPrice! - 300n);
    expect((await account(a)).positions).toEqual([]);
    type Row = Record<string, number | string | null>;
    const [row] = (await ex.getJson<{ items: Row[] }>(`/account/${a}/history/liquidation`)).items;
    const n = (name: string) => row![name] as number;
    // before: a position below maintenance, its notional and what it required
    expect(n('prePn')).toBeGreaterThan(6_000);
    expect(n('prePon')).toBeGreaterThanOrEqual(n('prePn'));
    expect(n('preImf')).toBeGreaterThan(n('preCmf'));
    expect(n('preCmf')).toBeGreaterThan(n('preMmf'));
    expect(n('preMf')).toBeLessThan(n('preMmf'));
    expect(n('preOmf')).toBe(n('preMf'));
    // after the close: nothing open, nothing required, what was left
    for (const name of ['postPn', 'postPon', 'postImf', 'postCmf', 'postMmf'])
      expect([name, n(name)]).toEqual([name, 0]);
    const left = Number(quote(await account(a))) / 1e6;
    expect(n('postMf')).toBeCloseTo(left, 6);
    // the closing order was a taker: 5 bps of its notional, rounded up
    expect(n('fee')).toBeGreaterThan(0);
    const pnlFees = (await ex.client.history(a, 'pnl')).items.map((r) => r.fee);
    expect(Math.round(n('fee') * 1e6)).toBe(Number(pnlFees[pnlFees.length - 1]));
  });

  it('turns what a gap leaves unpaid into protocol debt instead of a negative balance', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader(400);
    await order(w, { size: 1_000n });
    const entry = (await account(a)).positions[0]!.entryPrice;
    await setPrice((entry * 80n) / 100n); // a 20% gap: far past zero equity
    const after = await account(a);
    expect(after.positions).toEqual([]);
    expect(quote(after)).toBe(0n);
    const health = await ex.get('/health/settlement');
    expect(health.status).toBe(503);
  });
});

describe('funding', () => {
  it('longs pay and shorts receive at each interval; both show in position, history and summary', async () => {
    ex = await startExchange({
      config: defaultConfig({
        oracle: { seed: 7, maxStepBps: 0, fundingIntervalSeconds: 60, maxFundingPpm: 100 },
      }),
    });
    const long = await trader(10_000);
    const short = await trader(10_000);
    const bestBid = (await readBook(ex, BTC)).bids[0]![0];
    await order(short.w, { side: 'ASK', fillMode: 'LIMIT', price: bestBid + 1n, size: 500n });
    await order(long.w, { side: 'BID', price: bestBid + 1n, size: 500n });
    for (let i = 0; i < 5; i += 1) ex.advance(60_000);

    const longRows = (await ex.client.history(long.account, 'funding')).items;
    const shortRows = (await ex.client.history(short.account, 'funding')).items;
    expect(longRows.length).toBeGreaterThan(0);
    // the same rate applies to both sides: what one pays the other receives
    expect(longRows.map((r) => r.payment)).toEqual(shortRows.map((r) => -r.payment));
    const paid = longRows.reduce((s, r) => s + r.payment, 0n);
    expect((await account(long.account)).positions[0]!.fundingPnl).toBe(paid);
    const summary = scaledDeep(
      await ex.read(`/account/${long.account}/position/summary`, PositionSummaryResultJsonSchema),
      6,
    );
    expect(summary[0]!.fundingPnl).toEqual({ sinceChange: paid, sinceOpen: paid, allTime: paid });
    expect((await ex.get(`/account/${long.account}/history/funding?marketId=99`)).status).toBe(400);

    // each row names the interval's rate and how far the funding index moved: a positive rate moves the
    // index up and makes the long pay
    type Row = { fundingRate: number; fundingIndexChange: number | null; fundingPnl: number };
    const raw = (await ex.getJson<{ items: Row[] }>(`/account/${long.account}/history/funding`)).items;
    expect(raw.some((r) => r.fundingRate !== 0)).toBe(true);
    for (const r of raw) {
      expect(r.fundingIndexChange).not.toBeNull();
      expect(Math.sign(r.fundingIndexChange!)).toBe(Math.sign(r.fundingRate));
      expect(Math.sign(r.fundingPnl)).toBe(-Math.sign(r.fundingRate));
    }
  });
});

describe('trading history and summaries', () => {
  it('pnl and position rows page by "actionId:subActionId:marketId"; summaries add up', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader(100_000);
    const asks = (await readBook(ex, BTC)).asks;
    // one order across two levels: two fills under one action id
    await order(w, { size: asks[0]![1] + 10n });
    await setPrice((asks[0]![0] * 101n) / 100n);
    await order(w, { side: 'ASK', size: 500n, isReduceOnly: true });

    const first = await ex.client.history(a, 'pnl', { pageSize: 2 });
    expect(first.items.map((r) => r.subActionId)).toEqual([0, 1]);
    expect(first.items[0]!.actionId).toBe(first.items[1]!.actionId);
    expect(first.nextStartInclusive).toMatch(/^\d+:0:0$/);
    const second = await ex.client.history(a, 'pnl', {
      pageSize: 2,
      startInclusive: first.nextStartInclusive!,
    });
    expect(second.items).toHaveLength(1);
    expect(second.nextStartInclusive).toBeUndefined();
    const realized = second.items[0]!.tradingPnl;
    expect(realized).toBeGreaterThan(0n);
    const fees = [...first.items, ...second.items].reduce((s, r) => s + r.fee!, 0n);

    const summary = scaledDeep(await ex.read(`/account/${a}/pnl/summary`, PnlSummaryJsonSchema), 6);
    expect(summary).toMatchObject({ tradingPnl: realized, fees, total: realized - fees });
    expect(summary.series.at(-1)!.total).toBe(realized - fees);
    const byMarket = scaledDeep(
      await ex.read(`/account/${a}/position/summary?marketId=0`, PositionSummaryResultJsonSchema),
      6,
    );
    expect(byMarket[0]!.tradingPnl).toEqual({
      sinceChange: realized,
      sinceOpen: realized,
      allTime: realized,
    });

    for (const bad of ['startInclusive=12', 'startInclusive=a:b:c', 'pageSize=256'])
      expect((await ex.get(`/account/${a}/history/position?${bad}`)).status, bad).toBe(400);
    expect(
      (await ex.get(`/account/${a}/pnl/summary?since=2030-01-01T00:00:00Z&until=2020-01-01T00:00:00Z`))
        .status,
    ).toBe(400);
    expect((await ex.get('/account/9999/position/summary')).headers.get('x-error')).toBe('UserNotFound');
  });

  it('volume per market in raw size units; the fee tier rises with 30-day volume and is recorded', async () => {
    ex = await startExchange({
      config: defaultConfig({
        feeTiers: [
          { tierId: 0, name: 'Standard', makerBps: 2, takerBps: 5, minVolume: 0n },
          { tierId: 1, name: 'Active', makerBps: 0, takerBps: 4, minVolume: usdc(10_000) },
          { tierId: 2, name: 'Market maker', makerBps: -1, takerBps: 3, minVolume: usdc(1_000_000_000) },
        ],
      }),
    });
    const { w, account: a } = await trader(100_000);
    await order(w, { size: 1_000n }); // ~6,500 USDC: still tier 0
    expect(await ex.getJson(`/account/${a}/fee/tier`)).toBe(0);
    await order(w, { side: 'ASK', size: 1_000n }); // ~13,000 USDC in 30 days: tier 1
    expect(await ex.getJson(`/account/${a}/fee/tier`)).toBe(1);
    const tiers = (await ex.client.history(a, 'fee-tier')).items;
    expect(tiers).toEqual([expect.objectContaining({ fromTier: 0, toTier: 1 })]);
    expect(tiers[0]!.volume30d).toBeGreaterThanOrEqual(usdc(10_000));

    const volume = async (query: string) =>
      (await ex.read(`/account/volume?${query}`, AccountVolumeJsonSchema)).map((v) => [
        v.marketId,
        BigInt(v.volumeBase),
      ]);
    // raw: base size units of the market, not scaled to human units
    expect(await volume(`accountId=${a}`)).toEqual([
      [0, 2_000n],
      [1, 0n],
      [2, 0n],
    ]);
    expect(await volume(`accountId=${a}&marketIds=0`)).toEqual([[0, 2_000n]]);
    expect((await ex.get('/account/volume')).status).toBe(400);
    expect((await ex.get('/account/volume?accountId=9999')).headers.get('x-error')).toBe('UserNotFound');
  });
});
