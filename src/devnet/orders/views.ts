// Orders, trades and the order book as the public engine writes them: OrderInfo, Trade, OrderbookInfo.
import type { DevnetConfig } from '../config';
import { levels } from '../trading/book';
import type { MarketInfo } from '../../shared/exchange/info';
import type { WireOrderInfo, WireTrade } from '../../shared/exchange/orders';
import type { z } from 'zod';
import type { OrderbookJsonSchema } from '../../shared/exchange/markets';
import { fillModeJson, human, sideJson, time, unitsOf, type Units } from '../json';
import type { EngineState } from '../state';
import type { OrderRecord, TradeRecord } from '../trading/state';
import type { BookState } from '../trading/state';

const FINALIZATION = { open: null, filled: 'Filled', cancelled: 'Canceled' } as const;

/** `OrderInfo`; the devnet keeps no separate update time or origin: updatedAt is the placement time and
 * every order is a User placement (a fired trigger's order too) */
function wireOrder(o: OrderRecord, u: Units, lastTradeId: bigint | undefined): WireOrderInfo {
  return {
    addedAt: time(o.time),
    updatedAt: time(o.time),
    tradeId: (lastTradeId ?? 0n).toString(),
    traderId: o.accountId,
    marketId: o.marketId,
    orderId: o.orderId.toString(),
    side: sideJson(o.side),
    placedSize: u.size(o.size, o.marketId),
    filledSize: u.size(o.filled, o.marketId),
    updateActionId: o.actionId.toString(),
    isReduceOnly: o.reduceOnly,
    fillMode: fillModeJson(o.fillMode),
    placedPrice: u.price(o.price, o.marketId),
    originalSizeLimit: u.size(o.size, o.marketId),
    originalPriceLimit: u.price(o.price, o.marketId),
    placementOrigin: 'User',
    finalizationReason: FINALIZATION[o.status],
    marketSymbol: u.symbolOf(o.marketId),
    tokenSymbol: u.baseSymbolOf(o.marketId),
    clientOrderId: o.clientOrderId === undefined ? null : o.clientOrderId.toString(),
    marketMode: 'clob',
    status: o.status,
  };
}

export function orderViews(state: () => EngineState, config: DevnetConfig) {
  const u = unitsOf(config);
  const wireTrade = (t: TradeRecord): WireTrade => {
    const takerOrder = state().orders[t.takerOrderId.toString()];
    return {
      time: time(t.time),
      actionId: t.actionId.toString(),
      tradeId: t.id.toString(),
      takerId: t.takerAccountId,
      takerSide: sideJson(t.takerSide),
      makerId: t.makerAccountId,
      marketId: t.marketId,
      orderId: t.takerOrderId.toString(),
      price: u.price(t.price, t.marketId),
      baseSize: u.size(t.size, t.marketId),
      makerOrderId: t.makerOrderId.toString(),
      takerClientOrderId: takerOrder?.clientOrderId?.toString() ?? null,
      takerFee: u.quote(t.takerFee),
      makerFee: u.quote(t.makerFee),
      marketMode: 'clob',
    };
  };
  /** OrderInfo of several orders: each with its newest trade (either side), found in one backward pass
   * over the trades that stops once every order is placed or the trades reach back before the oldest */
  const ordersJson = (orders: OrderRecord[]) => {
    const wanted = new Set(orders.map((o) => o.orderId));
    const oldest = orders.reduce((min, o) => (o.time < min ? o.time : min), Infinity);
    const last = new Map<bigint, bigint>();
    const trades = state().trades;
    for (let i = trades.length - 1; i >= 0 && last.size < wanted.size && trades[i]!.time >= oldest; i -= 1) {
      const t = trades[i]!;
      for (const id of [t.takerOrderId, t.makerOrderId])
        if (wanted.has(id) && !last.has(id)) last.set(id, t.id);
    }
    return orders.map((o) => wireOrder(o, u, last.get(o.orderId)));
  };
  return { wireTrade, ordersJson };
}

/** OrderbookInfo: `depth` aggregated levels a side, best first, each side summed over the levels served. */
export function orderbookJson(
  book: BookState,
  market: MarketInfo,
  depth: number,
  u: Units,
): z.input<typeof OrderbookJsonSchema> {
  const id = market.marketId;
  const { bids, asks } = levels(book, depth);
  const side = (list: [bigint, bigint][]) => ({
    levels: list.map(([p, s]) => [u.price(p, id), u.size(s, id)] as const),
    // the summary covers the levels served: their total size and how many there are
    summary: {
      sum: human(
        list.reduce((sum, [, s]) => sum + s, 0n),
        market.sizeDecimals,
      ),
      count: list.length,
    },
  });
  const b = side(bids);
  const a = side(asks);
  return {
    updateId: book.updateId,
    asks: a.levels.map(([p, s]) => [p, s]),
    bids: b.levels.map(([p, s]) => [p, s]),
    asksSummary: a.summary,
    bidsSummary: b.summary,
  };
}
