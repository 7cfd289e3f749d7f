// Trading over real HTTP and WebSocket: every fill mode against the built-in market maker and between
// users, reduce-only, the margin check, fees by tier, positions and PnL, the order/trade reads with both
// /trades pagination modes, and the book's deltas chaining from the REST snapshot's updateId.
import { afterEach, describe, expect, it } from 'vitest';
import {
  TestWallet,
  USDC,
  errorOf,
  placeOrder,
  startExchange,
  trader as traderOf,
  usdc,
  type PlaceOrder,
  type TestExchange,
  readBook,
  readLive,
  readOrder,
  readOrderPage,
  readTradePage,
  readTrades,
} from './support/exchange';
import { MarketStatsJsonSchema } from '../../src/shared/exchange/markets';
import { scaledFromDecimal } from '../../src/shared/money';
import { openStreams, type StreamMessage } from './support/ws';
import type { Receipt } from '../../src/protocol/types';

const BTC = 0; // BTC-PERP: priceDecimals 1, sizeDecimals 4
let ex: TestExchange;
afterEach(() => ex?.close());

type Order = PlaceOrder;
const trader = (collateral = 10_000) => traderOf(ex, collateral);
const order = (w: TestWallet, fields: Partial<Order>): Promise<Receipt> => placeOrder(ex, w, fields);
const account = async (id: number) => await ex.account(id);
const book = async () => readBook(ex, BTC);
const setIndex = async (price: bigint) =>
  expect((await ex.postJson('/devnet/index-price', { marketId: BTC, price: price.toString() })).ok).toBe(
    true,
  );
const placed = (r: Receipt) => {
  if (r.kind.type !== 'placeOrderResult') throw new Error(`expected a placed order, got ${errorOf(r)}`);
  const { orderId, filledSize, remainingSize } = r.kind;
  if (orderId === undefined || filledSize === undefined || remainingSize === undefined)
    throw new Error('the devnet left out its order id or fill state');
  return { ...r.kind, orderId, filledSize, remainingSize };
};

describe('market orders against the market maker', () => {
  it('fill at the best ask, open a position at that entry, charge the taker fee and show it all in the reads', async () => {
    ex = await startExchange();
    // 1,000 USDC behind ~6,500 USDC of BTC: about 6.5x leverage, so there is a liquidation price
    const { w, account: a } = await trader(1_000);
    const { asks } = await book();
    const [bestAsk, bestSize] = asks[0]!;
    expect(bestSize).toBeGreaterThan(1_000n);

    const result = placed(await order(w, { size: 1_000n, clientOrderId: 18_446_744_073_709_551_615n }));
    expect(result.filledSize).toBe(1_000n);
    expect(result.remainingSize).toBe(0n);
    expect(result.fills).toEqual([expect.objectContaining({ price: bestAsk, size: 1_000n })]);

    // notional = price x size scaled to USDC (6 decimals) from priceDecimals 1 + sizeDecimals 4
    const notional = (bestAsk * 1_000n * 1_000_000n) / 100_000n;
    const takerFee = (notional * 5n + 9_999n) / 10_000n; // tier 0 taker: 5 bps, rounded up
    const after = await account(a);
    expect(after.balances.find((b) => b.tokenId === USDC)!.amount).toBe(usdc(1_000) - takerFee);
    expect(after.positions).toEqual([
      expect.objectContaining({
        marketId: BTC,
        size: 1_000n,
        entryPrice: bestAsk,
        unrealizedPnl: expect.any(BigInt),
      }),
    ]);
    const m = after.margin;
    expect(m.initialRequirement).toBeGreaterThan(0n);
    expect(m.maintenanceRequirement * 2n).toBeLessThanOrEqual(m.initialRequirement + 1n);
    expect(m.freeCollateral).toBe(m.equity - m.initialRequirement);
    expect(m.healthBps).toBeGreaterThan(10_000);
    expect(after.positions[0]!.liquidationPrice).not.toBeNull();
    // where equity meets maintenance: 1,000 − fee + 0.1·(P − entry) = 2.5% · 0.1 · P
    const liq = after.positions[0]!.liquidationPrice!;
    const equityAt = (p: bigint) => usdc(1_000) - takerFee + ((p - bestAsk) * 1_000n * 1_000_000n) / 100_000n;
    const maintenanceAt = (p: bigint) => (p * 1_000n * 1_000_000n * 250n) / 100_000n / 10_000n;
    expect(equityAt(liq) - maintenanceAt(liq)).toBeGreaterThanOrEqual(-10n * 1_000_000n);
    expect(equityAt(liq) - maintenanceAt(liq)).toBeLessThanOrEqual(10n * 1_000_000n);
    expect(liq).toBeLessThan(bestAsk);
    expect(liq).toBeGreaterThan((bestAsk * 80n) / 100n);

    const info = await readOrder(ex, result.orderId);
    expect(info).toMatchObject({
      status: 'filled',
      filledSize: 1_000n,
      clientOrderId: 18_446_744_073_709_551_615n,
      marketMode: 'clob',
    });
    const trades = await readTradePage(ex, `/order/${result.orderId}/trades`);
    expect(trades.items).toEqual([
      expect.objectContaining({ takerId: a, price: bestAsk, size: 1_000n, takerFee, takerSide: 'BID' }),
    ]);
    expect(trades.items[0]!.takerClientOrderId).toBe(18_446_744_073_709_551_615n);
  });

  it('a quote size (public QuoteSize: size and price whose product is the notional) bounds a market order', async () => {
    ex = await startExchange();
    const { w } = await trader(1_000);
    const [bestAsk] = (await book()).asks[0]!;
    // a notional of 500 (0.05 BTC) at twice the best ask buys 1,000 (0.1 BTC) at the best ask
    const r = placed(await order(w, { size: 0n, quoteSize: { size: 500n, price: bestAsk * 2n } }));
    expect(r.filledSize).toBeGreaterThan(900n);
    expect(r.filledSize).toBeLessThanOrEqual(1_000n);
    // with a limit price the size is the notional at that price, and the smaller of it and a given size wins
    const limited = placed(
      await order(w, { price: bestAsk * 2n, size: 100n, quoteSize: { size: 500n, price: bestAsk * 2n } }),
    );
    expect(limited.filledSize).toBe(100n);
  });

  it('answers as the public PlaceOrderResult: posted for what rests, fills naming the maker, sender_tracking_id echoed; delegation is refused', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader(1_000);
    const [bestBid] = (await book()).bids[0]!;
    const rests = placed(
      await order(w, {
        fillMode: 'LIMIT',
        side: 'BID',
        price: bestBid - 50n,
        size: 20n,
        senderTrackingId: 5n,
      }),
    );
    expect(rests).toMatchObject({
      posted: {
        side: 'BID',
        marketId: BTC,
        price: bestBid - 50n,
        size: 20n,
        orderId: rests.orderId,
        accountId: a,
      },
      fills: [],
      senderTrackingId: 5n,
    });
    const taken = placed(await order(w, { size: 10n }));
    expect(taken.posted).toBeUndefined();
    expect(taken.fills).toEqual([expect.objectContaining({ size: 10n, accountId: expect.any(Number) })]);
    expect(taken.fills[0]!.accountId).not.toBe(a);
    expect(errorOf(await order(w, { size: 10n, delegatorAccountId: a }))).toBe('ACTION_NOT_ALLOWED');
    expect(
      errorOf(
        await ex.submit(
          w.sessionBody({
            type: 'cancelOrderById',
            sessionId: w.session!.id,
            orderId: rests.orderId,
            delegatorAccountId: a,
          }),
        ),
      ),
    ).toBe('ACTION_NOT_ALLOWED');
  });

  it('realize PnL when the price moves and the position is closed', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const entry = placed(await order(w, { size: 1_000n })).fills[0]!.price;
    const up = (entry * 102n) / 100n;
    expect((await ex.postJson('/devnet/index-price', { marketId: BTC, price: up.toString() })).ok).toBe(true);
    const open = (await account(a)).positions[0]!;
    expect(open.markPrice).toBe(up);
    expect(open.unrealizedPnl).toBe(((up - entry) * 1_000n * 1_000_000n) / 100_000n);

    const close = placed(await order(w, { side: 'ASK', size: 1_000n, isReduceOnly: true }));
    const exit = close.fills[0]!.price;
    const after = await account(a);
    expect(after.positions).toEqual([]);
    const history = await ex.getJson<{ items: unknown[] }>(`/account/${a}/orders`);
    expect(history.items).toHaveLength(2);
    // the balance carries the realized PnL, (exit − entry) × size in USDC, less both taker fees
    expect(exit).toBeGreaterThan(entry);
    const value = (price: bigint) => (price * 1_000n * 1_000_000n) / 100_000n;
    const fee = (price: bigint) => (value(price) * 5n + 9_999n) / 10_000n;
    expect(after.balances.find((b) => b.tokenId === USDC)!.amount).toBe(
      usdc(10_000) + value(exit) - value(entry) - fee(entry) - fee(exit),
    );
  });

  it('refuse what the margin cannot carry (RISK) and change nothing', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader(100);
    const before = await account(a);
    // 0.1 BTC is ~6,500 USDC notional: 5% initial margin is ~325 USDC, more than the 100 deposited
    expect(errorOf(await order(w, { size: 1_000n }))).toBe('RISK');
    const after = await account(a);
    expect(after.positions).toEqual([]);
    expect(after.balances).toEqual(before.balances);
  });

  it('refuse a withdrawal or transfer of collateral an open position needs (RISK), changing nothing', async () => {
    ex = await startExchange();
    // 1,000 USDC behind ~6,500 USDC of BTC: ~325 USDC is tied up as margin
    const { w, account: a } = await trader(1_000);
    placed(await order(w, { size: 1_000n }));
    const before = await account(a);
    const held = before.balances.find((b) => b.tokenId === USDC)!.amount;
    const move = (type: 'withdraw' | 'transfer') =>
      ex.submit(
        w.sessionBody(
          type === 'withdraw'
            ? { type, sessionId: w.session!.id, tokenId: USDC, amount: held, accountId: a }
            : { type, sessionId: w.session!.id, tokenId: USDC, amount: held, fromAccountId: a },
        ),
      );
    // every unit is there (not BALANCE_INSUFFICIENT), but the position's margin is not free
    expect(errorOf(await move('withdraw'))).toBe('RISK');
    expect(errorOf(await move('transfer'))).toBe('RISK');
    const after = await account(a);
    expect(after.balances).toEqual(before.balances);
    expect(after.positions).toEqual(before.positions);
    expect((await w.accountIds()).length).toBe(1);
  });
});

describe('fill modes, reduce-only and cancels', () => {
  it('LIMIT rests in the book, shows as an open order with its client id as a string, and cancels', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const { bids, updateId } = await book();
    const below = bids[0]![0] - 100n;
    const r = placed(await order(w, { fillMode: 'LIMIT', price: below, size: 500n, clientOrderId: 42n }));
    expect(r.filledSize).toBe(0n);
    expect(r.remainingSize).toBe(500n);
    const after = await book();
    expect(after.updateId).toBeGreaterThan(updateId);
    expect(after.bids.find(([p]) => p === below)).toEqual([below, 500n]);

    const open = await ex.getJson<unknown[]>(`/account/${a}/orders/open`);
    expect(open).toEqual([expect.objectContaining({ orderId: r.orderId.toString(), clientOrderId: '42' })]);
    expect((await account(a)).openOrders).toEqual([
      expect.objectContaining({ orderId: r.orderId.toString(), clientOrderId: '42', remainingSize: 500n }),
    ]);

    const other = await trader();
    const cancelAs = (t: TestWallet, orderId: bigint) =>
      ex.submit(t.sessionBody({ type: 'cancelOrderById', sessionId: t.session!.id, orderId }));
    expect(errorOf(await cancelAs(other.w, r.orderId))).toBe('ACCOUNT_INVALID_OWNER');
    const cancelled = await cancelAs(w, r.orderId);
    expect(cancelled.kind).toEqual({
      type: 'cancelOrderResult',
      orderId: r.orderId,
      accountId: a,
      cancelledSize: 500n,
    });
    expect((await book()).bids.find(([p]) => p === below)).toBeUndefined();
    expect(await ex.getJson(`/account/${a}/orders/open`)).toEqual([]);
    expect(errorOf(await cancelAs(w, r.orderId))).toBe('ORDER_NOT_FOUND');
    expect((await readOrder(ex, r.orderId)).status).toBe('cancelled');
  });

  it('POST_ONLY that would cross and FOK beyond the liquidity are refused with the public errors (135, 242), changing nothing', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader(1_000_000);
    const before = await book();
    const bestAsk = before.asks[0]![0];
    expect(errorOf(await order(w, { fillMode: 'POST_ONLY', price: bestAsk, size: 100n }))).toBe(
      'POST_ONLY_MUST_NOT_FILL_ANY_OPPOSITE_ORDERS',
    );
    const all = before.asks.reduce((sum, [, size]) => sum + size, 0n);
    expect(errorOf(await order(w, { fillMode: 'FILL_OR_KILL', price: 0n, size: all + 1n }))).toBe(
      'ORDER_EXECUTION_FILL_OR_KILL',
    );
    expect((await book()).updateId).toBe(before.updateId);
    expect((await account(a)).positions).toEqual([]);
    // FOK that fits fills completely; IOC at a limit fills what the limit reaches and drops the rest
    expect(placed(await order(w, { fillMode: 'FILL_OR_KILL', price: bestAsk, size: 10n })).filledSize).toBe(
      10n,
    );
    const ioc = placed(await order(w, { fillMode: 'IMMEDIATE_OR_CANCEL', price: bestAsk, size: all }));
    expect(ioc.filledSize).toBeLessThan(all);
    expect(ioc.remainingSize).toBe(0n);
    expect((await readOrder(ex, ioc.orderId)).status).toBe('cancelled');
  });

  it('IOC that would trade nothing is refused with the public IMMEDIATE_ORDER_GOT_NO_FILLS (133), changing nothing', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader(1_000_000);
    const before = await book();
    const bestAsk = before.asks[0]![0];
    const ordersBefore = (await readOrderPage(ex, `/account/${a}/orders`)).items;
    const accountBefore = await account(a);
    // a bid whose limit is below every ask: nothing crosses
    const receipt = await order(w, { fillMode: 'IMMEDIATE_OR_CANCEL', price: bestAsk - 10_000n, size: 100n });
    expect(errorOf(receipt)).toBe('IMMEDIATE_ORDER_GOT_NO_FILLS');
    expect((await book()).updateId).toBe(before.updateId);
    expect((await readOrderPage(ex, `/account/${a}/orders`)).items).toEqual(ordersBefore);
    expect((await account(a)).updateId).toBe(accountBefore.updateId);
    // the same order at a limit that reaches the ask fills
    expect(
      placed(await order(w, { fillMode: 'IMMEDIATE_OR_CANCEL', price: bestAsk, size: 100n })).filledSize,
    ).toBe(100n);
  });

  it('reduce-only needs an opposite position and is capped at its size; no size or no limit price is a public order error', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    expect(errorOf(await order(w, { side: 'ASK', isReduceOnly: true }))).toBe('ORDER_INVALID');
    placed(await order(w, { size: 300n }));
    expect(errorOf(await order(w, { side: 'BID', isReduceOnly: true }))).toBe('ORDER_INVALID');
    const reduce = placed(await order(w, { side: 'ASK', isReduceOnly: true, size: 1_000n }));
    expect(reduce.filledSize).toBe(300n);
    expect((await account(a)).positions).toEqual([]);
    expect(errorOf(await order(w, { size: 0n }))).toBe('ORDER_EXECUTION_MISSING_LIMITS');
    expect(errorOf(await order(w, { size: 0n, price: 1n }))).toBe('ORDER_SIZE_ZERO');
    expect(errorOf(await order(w, { fillMode: 'LIMIT', price: 0n }))).toBe('ORDER_EXECUTION_MISSING_PRICE');
    expect(errorOf(await order(w, { marketId: 99 }))).toBe('MARKET_NOT_FOUND');
  });

  it('two users trade: the resting order is the maker (maker fee), the crossing one the taker', async () => {
    ex = await startExchange();
    const maker = await trader();
    const taker = await trader();
    const bestBid = (await book()).bids[0]![0];
    // an ask inside the spread, below the market maker's asks, so it is first in line
    const price = bestBid + 1n;
    const resting = placed(await order(maker.w, { side: 'ASK', fillMode: 'LIMIT', price, size: 200n }));
    const take = placed(await order(taker.w, { side: 'BID', price, size: 200n }));
    expect(take.fills).toEqual([
      expect.objectContaining({ orderId: resting.orderId, accountId: maker.account, size: 200n }),
    ]);
    const notional = (price * 200n * 1_000_000n) / 100_000n;
    const trades = await readTrades(ex, `/trades?makerId=${maker.account}`);
    expect(trades.accountId).toBe(maker.account);
    expect(trades.trades).toEqual([
      expect.objectContaining({
        takerId: taker.account,
        makerId: maker.account,
        makerFee: (notional * 2n + 9_999n) / 10_000n,
        takerFee: (notional * 5n + 9_999n) / 10_000n,
      }),
    ]);
    expect((await account(maker.account)).positions[0]!.size).toBe(-200n);
    expect((await account(taker.account)).positions[0]!.size).toBe(200n);
    expect((await readOrder(ex, resting.orderId)).status).toBe('filled');
    // 200 size units of BTC-PERP (sizeDecimals 4) are 0.02 BTC
    const stats = await ex.read(`/market/${BTC}/stats`, MarketStatsJsonSchema);
    expect(stats).toMatchObject({ volumeBase24h: '0.02', perpStats: { open_interest: '0.02' } });
    const live = await readLive(ex, BTC);
    expect(live.bestBid!).toBeLessThan(live.bestAsk!);
  });
});

describe('resting reduce-only orders', () => {
  const openReduceOnly = async () => {
    const seller = await trader();
    placed(await order(seller.w, { size: 1_000n })); // long 0.1 BTC
    const price = (await book()).bids[0]![0] + 1n; // inside the spread: first in line for a buyer
    return { seller, price };
  };

  it('fill at most the position they close: two together never flip it, and FILL_OR_KILL sees that up front', async () => {
    ex = await startExchange();
    const { seller, price } = await openReduceOnly();
    const events = await openStreams<StreamMessage & { account: Record<string, unknown> }>(
      ex,
      `account@${seller.account}`,
    );
    // each is within the 1,000 long on its own; together they would sell 1,200
    const first = placed(
      await order(seller.w, { side: 'ASK', fillMode: 'LIMIT', price, size: 600n, isReduceOnly: true }),
    );
    const second = placed(
      await order(seller.w, { side: 'ASK', fillMode: 'LIMIT', price, size: 600n, isReduceOnly: true }),
    );
    const buyer = await trader();
    const bookBefore = await book();
    expect(errorOf(await order(buyer.w, { fillMode: 'FILL_OR_KILL', price, size: 1_200n }))).toBe(
      'ORDER_EXECUTION_FILL_OR_KILL',
    );
    expect((await book()).updateId).toBe(bookBefore.updateId);

    const lift = placed(await order(buyer.w, { price, size: 1_200n }));
    expect(lift.fills.map((f) => [f.orderId, f.size])).toEqual([
      [first.orderId, 600n],
      [second.orderId, 400n],
    ]);
    const after = await account(seller.account);
    expect(after.positions).toEqual([]); // flat, not short 200
    expect(after.openOrders).toEqual([]);
    expect(await readOrder(ex, second.orderId)).toMatchObject({
      status: 'filled',
      size: 400n,
      filledSize: 400n,
    });
    expect((await account(buyer.account)).positions[0]!.size).toBe(1_000n);
    // the 200 it could not sell was taken off the order and the account was told
    await expect
      .poll(() => events.messages.map((m) => m.account))
      .toContainEqual(
        expect.objectContaining({
          type: 'orderReduced',
          orderId: second.orderId.toString(),
          cancelledSize: '200',
          remainingSize: '400',
          reason: 'reduceOnly',
        }),
      );
    events.ws.close();
  });

  it('shrink when the position shrinks and are cancelled when it closes, so a later buyer cannot flip the account', async () => {
    ex = await startExchange();
    const { seller, price } = await openReduceOnly();
    const exit = placed(
      await order(seller.w, {
        side: 'ASK',
        fillMode: 'LIMIT',
        price: price + 5_000n,
        size: 1_000n,
        isReduceOnly: true,
      }),
    );
    const events = await openStreams<StreamMessage & { account: Record<string, unknown> }>(
      ex,
      `account@${seller.account}`,
    );

    placed(await order(seller.w, { side: 'ASK', size: 400n })); // sold 400 at market: 600 left to reduce
    expect((await account(seller.account)).openOrders).toEqual([
      expect.objectContaining({ orderId: exit.orderId.toString(), remainingSize: 600n }),
    ]);
    expect((await book()).asks.find(([p]) => p === price + 5_000n)).toEqual([price + 5_000n, 600n]);

    placed(await order(seller.w, { side: 'ASK', size: 600n })); // closed
    const closed = await account(seller.account);
    expect(closed.positions).toEqual([]);
    expect(closed.openOrders).toEqual([]);
    expect((await readOrder(ex, exit.orderId)).status).toBe('cancelled');
    const cancel = (await events.next(4))
      .map((m) => m.account)
      .filter((e) => e.type === 'orderReduced' || e.type === 'orderCancelled');
    expect(cancel).toEqual([
      expect.objectContaining({
        type: 'orderReduced',
        orderId: exit.orderId.toString(),
        remainingSize: '600',
      }),
      {
        type: 'orderCancelled',
        accountId: seller.account,
        marketId: BTC,
        orderId: exit.orderId.toString(),
        reason: 'reduceOnly',
      },
    ]);

    // someone buys through that price: nothing of the seller's is left to sell
    const buyer = await trader(100_000);
    placed(await order(buyer.w, { fillMode: 'IMMEDIATE_OR_CANCEL', price: price + 5_000n, size: 1_000n }));
    expect((await account(seller.account)).positions).toEqual([]);
    expect((await readTrades(ex, `/trades?makerId=${seller.account}`)).trades).toEqual([]);
    events.ws.close();
  });
});

describe('margin held by open orders', () => {
  const imf = (held: bigint) => (held * 500n + 9_999n) / 10_000n; // BTC-PERP: 5%, rounded up
  const value = (price: bigint, size: bigint) => (price * size * 1_000_000n) / 100_000n;

  it('resting bids hold initial margin: one the free collateral cannot carry is RISK, and a seller filling them leaves it non-negative', async () => {
    ex = await startExchange();
    // the audit's account: 1,000 USDC resting 0.1 BTC bids (~6,500 USDC each, ~325 USDC of margin)
    const { w, account: a } = await trader(1_000);
    const price = (await book()).bids[0]![0] + 1n;
    for (let i = 0; i < 3; i += 1) placed(await order(w, { fillMode: 'LIMIT', price, size: 1_000n }));
    const holding = (await account(a)).margin;
    expect(holding.initialRequirement).toBe(imf(value(price, 3_000n)));
    expect(holding.maintenanceRequirement).toBe(0n);
    expect(holding.freeCollateral).toBe(usdc(1_000) - imf(value(price, 3_000n)));
    const before = await account(a);
    expect(errorOf(await order(w, { fillMode: 'LIMIT', price, size: 1_000n }))).toBe('RISK');
    expect(await account(a)).toEqual(before);

    // a seller hits them all (and more, had they rested): the account can carry what it bought
    const seller = await trader(100_000);
    const hit = placed(await order(seller.w, { side: 'ASK', price, size: 5_380n }));
    expect(hit.filledSize).toBe(3_000n);
    const after = await account(a);
    expect(after.positions[0]!.size).toBe(3_000n);
    expect(after.margin.freeCollateral).toBeGreaterThanOrEqual(0n);
  });

  it('check an order as it executes: what fills at once counts as position, only the rest holds at its limit', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader(1_000);
    const bestAsk = (await book()).asks[0]![0];
    // 0.25 BTC is ~812 USDC of margin at the market, but would hold ~1,625 at twice the price
    const through = placed(await order(w, { fillMode: 'LIMIT', price: bestAsk * 2n, size: 2_500n }));
    expect(through.filledSize).toBe(2_500n);
    expect(through.fills.every((f) => f.price < bestAsk + 1_000n)).toBe(true);
    const after = await account(a);
    expect(after.openOrders).toEqual([]);
    expect(after.margin.freeCollateral).toBeGreaterThanOrEqual(0n);
    // the same size resting at that price would hold more than the account has
    const far = bestAsk * 2n;
    expect(errorOf(await order(w, { side: 'ASK', fillMode: 'LIMIT', price: far, size: 5_000n }))).toBe(
      'RISK',
    );
  });

  it('free collateral for withdrawals counts what open orders hold; cancelling gives it back', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader(1_000);
    const price = (await book()).bids[0]![0] - 1_000n;
    const bid = placed(await order(w, { fillMode: 'LIMIT', price, size: 1_000n }));
    const free = usdc(1_000) - imf(value(price, 1_000n));
    expect((await account(a)).margin.freeCollateral).toBe(free);
    const withdraw = (amount: bigint) =>
      ex.submit(w.sessionBody({ type: 'withdraw', sessionId: w.session!.id, tokenId: USDC, amount }));
    expect(errorOf(await withdraw(free + 1n))).toBe('RISK');
    const transfer = await ex.submit(
      w.sessionBody({
        type: 'transfer',
        sessionId: w.session!.id,
        fromAccountId: a,
        tokenId: USDC,
        amount: free + 1n,
      }),
    );
    expect(errorOf(transfer)).toBe('RISK');
    expect(errorOf(await withdraw(free))).toBeNull();

    await ex.submit(
      w.sessionBody({ type: 'cancelOrderById', sessionId: w.session!.id, orderId: bid.orderId }),
    );
    const after = (await account(a)).margin;
    expect(after.initialRequirement).toBe(0n);
    expect(after.freeCollateral).toBe(usdc(1_000) - free);
  });

  it('hold only what would add exposure: the larger side when flat, nothing for closing or reduce-only orders', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader(10_000);
    const { bids, asks } = await book();
    const low = bids[0]![0] - 1_000n;
    const high = asks[0]![0] + 1_000n;
    const bid = placed(await order(w, { fillMode: 'LIMIT', price: low, size: 1_000n }));
    const ask = placed(await order(w, { side: 'ASK', fillMode: 'LIMIT', price: high, size: 1_000n }));
    // flat: either side filling opens 0.1 BTC, not both at once; the larger (the ask) is held
    expect((await account(a)).margin.initialRequirement).toBe(imf(value(high, 1_000n)));
    for (const o of [bid, ask])
      await ex.submit(
        w.sessionBody({ type: 'cancelOrderById', sessionId: w.session!.id, orderId: o.orderId }),
      );

    placed(await order(w, { size: 1_000n })); // long 0.1
    const positionOnly = (await account(a)).margin.initialRequirement;
    // an ask within the long closes it: nothing more held; a reduce-only one neither
    placed(await order(w, { side: 'ASK', fillMode: 'LIMIT', price: high, size: 1_000n }));
    placed(await order(w, { side: 'ASK', fillMode: 'LIMIT', price: high, size: 1_000n, isReduceOnly: true }));
    expect((await account(a)).margin.initialRequirement).toBe(positionOnly);
    // past the long it would open a short: that part holds, at its limit price
    placed(await order(w, { side: 'ASK', fillMode: 'LIMIT', price: high, size: 500n }));
    expect((await account(a)).margin.initialRequirement).toBe(positionOnly + imf(value(high, 500n)));
  });

  it('a resting order whose account can no longer carry it is cancelled when hit, not filled', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader(1_000);
    const entry = placed(await order(w, { size: 1_000n })).fills[0]!.price; // long 0.1 (~6,500 USDC)
    const low = (entry * 85n) / 100n;
    const bid = placed(await order(w, { fillMode: 'LIMIT', price: low, size: 10n }));
    const events = await openStreams<StreamMessage & { account: Record<string, unknown> }>(
      ex,
      `account@${a}`,
    );

    // 12% down: equity is above maintenance (no liquidation) but below the initial requirement
    await setIndex((entry * 88n) / 100n);
    const under = (await account(a)).margin;
    expect(under.freeCollateral).toBeLessThan(0n);
    expect(under.equity).toBeGreaterThan(under.maintenanceRequirement);

    // a seller sweeps every bid down to ours
    const seller = await trader(1_000_000);
    const bidsAbove = (await book()).bids.filter(([p]) => p > low).reduce((sum, [, s]) => sum + s, 0n);
    const sweep = placed(await order(seller.w, { side: 'ASK', price: low, size: bidsAbove + 10n }));
    expect(sweep.filledSize).toBe(bidsAbove);
    expect(sweep.fills.some((f) => f.orderId === bid.orderId)).toBe(false);
    expect((await account(a)).positions[0]!.size).toBe(1_000n);
    expect(await readOrder(ex, bid.orderId)).toMatchObject({
      status: 'cancelled',
      filledSize: 0n,
    });
    await expect
      .poll(() => events.messages.map((m) => m.account))
      .toContainEqual({
        type: 'orderCancelled',
        accountId: a,
        marketId: BTC,
        orderId: bid.orderId.toString(),
        reason: 'margin',
      });
    events.ws.close();
  });
});

describe('order and trade reads', () => {
  it('/trades pages newest first by trade id or by whole actions, echoing since and until', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader(1_000_000);
    const { asks } = await book();
    // one order sweeping three levels makes one action with three trades; two small orders make two more
    const threeLevels = asks[0]![1] + asks[1]![1] + asks[2]![1] / 2n;
    expect(placed(await order(w, { size: threeLevels })).fills).toHaveLength(3);
    placed(await order(w, { size: 10n }));
    placed(await order(w, { size: 10n }));

    const first = await readTrades(ex, `/trades?takerId=${a}&pageSize=2`);
    expect(first.trades).toHaveLength(2);
    expect(first.trades[0]!.tradeId).toBeGreaterThan(first.trades[1]!.tradeId);
    expect(first.since).toBe('1970-01-01T00:00:00Z');
    const q = (extra: string) => `/trades?takerId=${a}&since=${first.since}&until=${first.until}&${extra}`;
    const rest = await readTrades(ex, q(`pageSize=2&startInclusive=${first.nextStartInclusive}`));
    const last = await readTrades(ex, q(`pageSize=2&startInclusive=${rest.nextStartInclusive}`));
    expect(last.nextStartInclusive).toBeUndefined();
    expect([...first.trades, ...rest.trades, ...last.trades]).toHaveLength(5);

    // by action: two actions per page, the sweep's three trades stay together
    const byAction = await readTrades(ex, q('paginationMode=actionId&pageSize=2'));
    expect(byAction.trades).toHaveLength(2);
    const older = await readTrades(
      ex,
      q(`paginationMode=actionId&pageSize=2&startInclusive=${byAction.nextStartInclusive}`),
    );
    expect(older.trades).toHaveLength(3);
    expect(new Set(older.trades.map((t) => t.actionId)).size).toBe(1);
    expect(older.nextStartInclusive).toBeUndefined();

    for (const bad of ['paginationMode=time', 'takerSide=UP', 'since=yesterday', 'pageSize=0', 'marketId=-1'])
      expect((await ex.get(`/trades?${bad}`)).status, bad).toBe(400);
    expect((await readTrades(ex, `/trades?takerId=${a}&takerSide=ask`)).trades).toEqual([]);
  });

  it('account orders page by order id; unknown order, account or market are 404s', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    for (let i = 0; i < 3; i += 1) placed(await order(w, { size: 10n }));
    const first = await readOrderPage(ex, `/account/${a}/orders?pageSize=2`);
    expect(first.items).toHaveLength(2);
    const second = await readOrderPage(
      ex,
      `/account/${a}/orders?pageSize=2&startInclusive=${first.nextStartInclusive}`,
    );
    expect(second.items).toHaveLength(1);
    expect(second.nextStartInclusive).toBeUndefined();
    expect((await ex.get('/order/999999')).headers.get('x-error')).toBe('OrderNotFound');
    expect((await ex.get('/order/abc')).status).toBe(400);
    expect((await ex.get('/account/9999/orders')).headers.get('x-error')).toBe('UserNotFound');
    expect((await ex.get('/account/9999/orders/open')).headers.get('x-error')).toBe('UserNotFound');
    expect((await ex.get('/market/77/orderbook')).headers.get('x-error')).toBe('MarketNotFound');
    expect((await ex.get('/market/0/orderbook?depth=0')).status).toBe(400);
  });
});

describe('market and account streams', () => {
  it('deltas chain gap-free from the snapshot updateId; trades and account fills arrive keyed as the interface says', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const deltas = await openStreams(ex, 'deltas@BTC-PERP&trades@BTC-PERP');
    const fills = await openStreams<StreamMessage & { account: Record<string, unknown> }>(ex, `account@${a}`);
    const snapshot = await book();
    const bestBid = snapshot.bids[0]![0];
    const r = placed(await order(w, { fillMode: 'LIMIT', price: bestBid - 50n, size: 100n }));
    placed(await order(w, { size: 20n, clientOrderId: 7n }));
    ex.advance(5_000); // the index moves: the market maker re-quotes

    await deltas.next(4);
    const deltaMessages = deltas.messages.filter((m) => m.stream === 'deltas@BTC-PERP');
    expect(deltaMessages.length).toBeGreaterThanOrEqual(3);
    let previous = snapshot.updateId;
    for (const m of deltaMessages) {
      expect(m.last_update_id).toBe(previous);
      expect(m.update_id).toBeGreaterThan(previous);
      previous = m.update_id;
    }
    expect((await book()).updateId).toBe(previous);
    // replaying the deltas on the snapshot gives the book REST shows now
    // (levels are { price, size } in human units; size 0 removes the level)
    const replay = new Map(snapshot.bids.map(([p, s]) => [p, s]));
    for (const m of deltaMessages)
      for (const { price, size } of (m.delta as { bids: { price: string; size: string }[] }).bids) {
        const p = scaledFromDecimal(price, 1);
        if (size === '0') replay.delete(p);
        else replay.set(p, scaledFromDecimal(size, 4));
      }
    const now = await readBook(ex, BTC, '?depth=500');
    expect([...replay.entries()].sort((x, y) => (y[0] > x[0] ? 1 : -1))).toEqual(now.bids);

    const trade = deltas.messages.find((m) => m.stream === 'trades@BTC-PERP');
    expect(trade?.trades).toMatchObject({ takerId: a, size: 0.002, takerClientOrderId: '7' });

    await fills.next(2);
    const events = fills.messages.map((m) => m.account);
    expect(events[0]).toMatchObject({ type: 'orderPlaced', orderId: r.orderId.toString(), status: 'open' });
    const taken = events[1]!;
    expect(taken).toMatchObject({ type: 'orderPlaced', status: 'filled', clientOrderId: '7' });
    const [key] = Object.keys(taken.fills as object);
    expect(key).toMatch(/^\d+:\d+:\d+$/);
    expect(taken.position).toEqual({ size: '20', entryPrice: expect.any(String) });

    // cancelling the resting order is pushed too, one update id after the fill
    await ex.submit(w.sessionBody({ type: 'cancelOrderById', sessionId: w.session!.id, orderId: r.orderId }));
    const cancelled = (await fills.next(3))[2]!;
    expect(cancelled.account).toEqual({
      type: 'orderCancelled',
      accountId: a,
      marketId: BTC,
      orderId: r.orderId.toString(),
    });
    expect(cancelled.last_update_id).toBe(fills.messages[1]!.update_id);
    deltas.ws.close();
    fills.ws.close();
  });

  it('refuses unknown symbols and resolutions; candles stream the mark price', async () => {
    ex = await startExchange();
    await trader();
    for (const bad of [
      'trades@DOGE-PERP',
      'deltas@x',
      'candle@BTC-PERP:7m',
      'candle@NOPE:1',
      'candle@BTC-PERP:toString',
    ])
      await expect(openStreams(ex, bad)).rejects.toThrow(/^(400|404)/);
    // the public resolutions; a candle is a bare { res, mid, t, o, h, l, c, v }
    const candles = await openStreams(ex, 'candle@BTC-PERP:1');
    ex.advance(3_000);
    const [first] = await candles.next(1);
    const c = first!.raw as Record<string, string | number>;
    expect(c).toMatchObject({ res: '1', mid: BTC });
    expect(Number(c.t) % 60).toBe(0);
    expect(Number(c.h)).toBeGreaterThanOrEqual(Number(c.l));
    candles.ws.close();
  });
});
