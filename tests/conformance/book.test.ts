// The book as a whole over real HTTP and WebSocket: when the index moves through users' resting orders, the
// built-in market maker's new quotes trade with them (the users are the makers, at their own prices) instead
// of resting on the other side, so the book is never left crossed; and each trades@<symbol> stream numbers
// its own messages, gap-free, whatever other markets trade.
import { afterEach, describe, expect, it } from 'vitest';
import {
  TestWallet,
  USDC,
  placedOrder,
  readBook,
  readLive,
  readOrder,
  readTradePage,
  startExchange,
  trader as traderOf,
  usdc,
  type PlaceOrder,
  type TestExchange,
} from './support/exchange';
import { openStreams, type StreamMessage } from './support/ws';

const BTC = 0; // BTC-PERP: priceDecimals 1, sizeDecimals 4
const ETH = 1; // ETH-PERP: priceDecimals 2, sizeDecimals 3
let ex: TestExchange;
afterEach(() => ex?.close());

type Order = PlaceOrder;
type AccountEvent = StreamMessage & { account: Record<string, unknown> };
type TradeEvent = StreamMessage & { trades: Record<string, unknown> };

const trader = (collateral = 10_000) => traderOf(ex, collateral);
const order = async (w: TestWallet, fields: Partial<Order>) => (await placedOrder(ex, w, fields)).kind;
const account = async (id: number) => await ex.account(id);
const book = async (marketId = BTC) => readBook(ex, marketId);
const setPrice = async (price: bigint) =>
  expect((await ex.postJson('/devnet/index-price', { marketId: BTC, price: price.toString() })).ok).toBe(
    true,
  );
const quote = (a: Awaited<ReturnType<typeof account>>) =>
  a.balances.find((b) => b.tokenId === USDC)?.amount ?? 0n;
const notional = (price: bigint, size: bigint) => (price * size * 1_000_000n) / 100_000n;
const makerFee = (value: bigint) => (value * 2n + 9_999n) / 10_000n; // tier 0 maker: 2 bps, rounded up
const orderTrades = async (orderId: bigint) => (await readTradePage(ex, `/order/${orderId}/trades`)).items;

async function expectUncrossed(): Promise<void> {
  const now = await book();
  expect(now.bids.length).toBeGreaterThan(0);
  expect(now.asks.length).toBeGreaterThan(0);
  expect(now.bids[0]![0]).toBeLessThan(now.asks[0]![0]);
  const live = await readLive(ex, BTC);
  expect(live.bestBid!).toBeLessThan(live.bestAsk!);
}

describe('the market maker re-quoting through resting orders', () => {
  it('a resting bid the index falls through is filled at its own price as the maker, and the book is not left crossed', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const price = (await book()).bids[0]![0] - 100n;
    const events = await openStreams<AccountEvent>(ex, `account@${a}`);
    const trades = await openStreams<TradeEvent>(ex, 'trades@BTC-PERP');
    const bid = await order(w, { fillMode: 'LIMIT', price, size: 500n, clientOrderId: 11n });
    expect(bid.filledSize).toBe(0n);

    // the index falls 1% below the bid: the market maker's new asks are all below it
    await setPrice((price * 99n) / 100n);

    expect(await readOrder(ex, bid.orderId)).toMatchObject({
      status: 'filled',
      filledSize: 500n,
    });
    const [trade, ...more] = await orderTrades(bid.orderId);
    expect(more).toEqual([]);
    expect(trade).toMatchObject({
      makerId: a,
      makerOrderId: bid.orderId,
      price,
      size: 500n,
      takerSide: 'ASK',
      makerFee: makerFee(notional(price, 500n)),
    });
    expect(trade!.takerId).not.toBe(a);
    const after = await account(a);
    expect(after.positions).toEqual([
      expect.objectContaining({ marketId: BTC, size: 500n, entryPrice: price }),
    ]);
    expect(after.openOrders).toEqual([]);
    expect(quote(after)).toBe(usdc(10_000) - makerFee(notional(price, 500n)));
    await expectUncrossed();

    // the usual records and pushes: the fill on the account stream, the trade on the market's
    await expect
      .poll(() => events.messages.map((m) => m.account))
      .toContainEqual(
        expect.objectContaining({
          type: 'fill',
          role: 'maker',
          orderId: bid.orderId.toString(),
          price: price.toString(),
          size: '500',
          position: { size: '500', entryPrice: price.toString() },
        }),
      );
    await expect
      .poll(() => trades.messages.map((m) => m.trades))
      .toContainEqual(expect.objectContaining({ makerId: a, makerOrderId: bid.orderId.toString() }));
    const positions = (await ex.client.history(a, 'position')).items;
    expect(positions.map((p) => [p.sizeBefore, p.sizeAfter, p.price])).toEqual([[0n, 500n, price]]);
    events.ws.close();
    trades.ws.close();
  });

  it('a resting ask larger than a quote level is filled by several new bids under one engine action', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader(100_000);
    const before = await book();
    const price = before.asks[0]![0] + 100n;
    // more than two of the market maker's levels (~10,000 USDC each): several quotes trade with it
    const size = before.asks[0]![1] * 2n + 500n;
    const ask = await order(w, { side: 'ASK', fillMode: 'LIMIT', price, size });
    expect(ask.remainingSize).toBe(size);

    await setPrice((price * 101n) / 100n);

    const fills = await orderTrades(ask.orderId);
    expect(fills.length).toBeGreaterThanOrEqual(3);
    expect(fills.every((t) => t.price === price && t.makerId === a && t.takerSide === 'BID')).toBe(true);
    expect(fills.reduce((sum, t) => sum + t.size, 0n)).toBe(size);
    expect(new Set(fills.map((t) => t.actionId)).size).toBe(1);
    expect((await readOrder(ex, ask.orderId)).status).toBe('filled');
    expect((await account(a)).positions).toEqual([
      expect.objectContaining({ size: -size, entryPrice: price }),
    ]);
    // one history row per fill, each with its own cursor
    const rows = (await ex.client.history(a, 'pnl')).items;
    expect(rows).toHaveLength(fills.length);
    expect(new Set(rows.map((r) => `${r.actionId}:${r.subActionId}`)).size).toBe(fills.length);
    await expectUncrossed();
  });

  it('orders the index does not reach stay resting, and a crossing quote rests what is left after trading', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const start = await book();
    const near = start.bids[0]![0] - 100n;
    const far = (start.bids[0]![0] * 95n) / 100n;
    const crossed = await order(w, { fillMode: 'LIMIT', price: near, size: 100n });
    const untouched = await order(w, { fillMode: 'LIMIT', price: far, size: 100n });

    await setPrice((near * 99n) / 100n);

    expect((await readOrder(ex, crossed.orderId)).status).toBe('filled');
    expect((await readOrder(ex, untouched.orderId)).status).toBe('open');
    const [trade] = await orderTrades(crossed.orderId);
    // the quote that took our bid rests the rest of its level on the book
    const taker = await readOrder(ex, trade!.takerOrderId);
    expect(taker).toMatchObject({ side: 'ASK', filledSize: 100n, status: 'open' });
    const now = await book();
    expect(now.asks[0]).toEqual([taker.price, taker.size - 100n]);
    expect((await account(a)).openOrders).toEqual([
      expect.objectContaining({ orderId: untouched.orderId.toString(), remainingSize: 100n }),
    ]);
    await expectUncrossed();
  });
});

describe('trades@<symbol> update ids', () => {
  it('chain per symbol without gaps while two markets trade interleaved; the trade id stays in the payload', async () => {
    ex = await startExchange();
    const { w } = await trader(100_000);
    const streams = await openStreams<TradeEvent>(ex, 'trades@BTC-PERP&trades@ETH-PERP');
    for (const marketId of [BTC, ETH, BTC, ETH, BTC, BTC, ETH])
      await order(w, { marketId, size: 10n, side: marketId === BTC ? 'BID' : 'ASK' });
    await streams.next(7);

    const tradeIds: bigint[] = [];
    for (const [symbol, count] of [
      ['BTC-PERP', 4],
      ['ETH-PERP', 3],
    ] as const) {
      const messages = streams.messages.filter((m) => m.stream === `trades@${symbol}`);
      expect(messages).toHaveLength(count);
      // the market's n-th trade is update n, following update n − 1
      expect(messages.map((m) => [m.last_update_id, m.update_id])).toEqual(
        Array.from({ length: count }, (_, i) => [i, i + 1]),
      );
      tradeIds.push(...messages.map((m) => BigInt(m.trades.tradeId as string)));
    }
    // the payload keeps the exchange-wide trade ids: all seven, each once
    expect(tradeIds.sort((x, y) => (x < y ? -1 : 1))).toEqual([1n, 2n, 3n, 4n, 5n, 6n, 7n]);
    expect((await book(ETH)).bids.length).toBeGreaterThan(0);
    streams.ws.close();
  });
});
