// Orders, trades and the order book: the reads a trader and the wallet's history screens need.
import type { DevnetConfig } from './config';
import type { Devnet } from './devnet';
import type { HttpRequest } from './http/router';
import { HttpError } from './http/errors';
import { MAX_PAGE_ENTRIES, parsePageQuery, parsePageSize, parseTime } from './http/paging';
import { accountIdValue, marketIdParam, optionalQuery, u64Value } from './http/params';
import {
  ACCOUNT_ID_SCHEMA,
  MARKET_ID_SCHEMA,
  PAGE_SIZE,
  SINCE,
  U64_CURSOR,
  UNTIL,
  startInclusive,
  u64Schema,
  type Parameter,
} from './http/contract';
import type { Route } from './routes';
import type { OrderRecord, TradeRecord } from './engine/state';
import { emptyBook, levels } from './markets/book';
import type { WireOrderInfo, WireOrderbook, WireTrade } from '../shared/exchange/orders';

const json = (value: unknown) => ({ status: 200, json: value });
const rfc3339 = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** /order/{id}/trades and /account/{id}/orders: a page by id, without a time window */
const PAGED_BY_ID: readonly Parameter[] = [PAGE_SIZE, U64_CURSOR];

const TRADES_QUERY: readonly Parameter[] = [
  SINCE,
  UNTIL,
  startInclusive(
    u64Schema(),
    'A TradeId, or an ActionId with paginationMode=actionId; trades at or before it (newest first).',
  ),
  PAGE_SIZE,
  {
    name: 'paginationMode',
    description:
      'tradeId (default): cursors are trade ids; actionId: cursors are action ids and pageSize counts actions',
    schema: { type: 'string', enum: ['tradeId', 'actionId'], default: 'tradeId' },
  },
  { name: 'takerId', description: 'Only trades this account took', schema: ACCOUNT_ID_SCHEMA },
  {
    name: 'takerSide',
    description: 'Only trades whose taker was on this side',
    schema: { type: 'string', enum: ['ASK', 'BID'] },
  },
  { name: 'makerId', description: 'Only trades this account made', schema: ACCOUNT_ID_SCHEMA },
  { name: 'marketId', description: 'Only this market', schema: MARKET_ID_SCHEMA },
];

export function wireOrder(o: OrderRecord): WireOrderInfo {
  return {
    orderId: o.orderId.toString(),
    clientOrderId: o.clientOrderId === undefined ? null : o.clientOrderId.toString(),
    accountId: o.accountId,
    marketId: o.marketId,
    side: o.side,
    fillMode: o.fillMode as WireOrderInfo['fillMode'],
    price: o.price.toString(),
    size: o.size.toString(),
    filledSize: o.filled.toString(),
    status: o.status,
    reduceOnly: o.reduceOnly,
    time: o.time,
    actionId: o.actionId.toString(),
    marketMode: 'clob',
  };
}

export function orderRoutes(devnet: Devnet, config: DevnetConfig): Route[] {
  const state = () => devnet.engine.state;
  const wireTrade = (t: TradeRecord): WireTrade => {
    const takerOrder = state().orders[t.takerOrderId.toString()];
    return {
      tradeId: t.id.toString(),
      actionId: t.actionId.toString(),
      time: t.time,
      marketId: t.marketId,
      price: t.price.toString(),
      size: t.size.toString(),
      takerSide: t.takerSide,
      takerId: t.takerAccountId,
      makerId: t.makerAccountId,
      takerOrderId: t.takerOrderId.toString(),
      makerOrderId: t.makerOrderId.toString(),
      takerClientOrderId: takerOrder?.clientOrderId?.toString() ?? null,
      takerFee: t.takerFee.toString(),
      makerFee: t.makerFee.toString(),
      marketMode: 'clob',
    };
  };
  const market = (req: HttpRequest): number => {
    const id = marketIdParam(req.params.market_id);
    if (!config.markets.some((m) => m.marketId === id))
      throw new HttpError('MarketNotFound', `market ${id} does not exist`);
    return id;
  };
  const account = (req: HttpRequest): number => {
    const id = accountIdValue(req.params.account_id);
    if (!devnet.engine.account(id)) throw new HttpError('UserNotFound', `account ${id} does not exist`);
    return id;
  };
  const order = (req: HttpRequest): OrderRecord => {
    const id = u64Value(req.params.order_id, 'order_id');
    const found = state().orders[id.toString()];
    if (!found) throw new HttpError('OrderNotFound', `order ${id} does not exist`);
    return found;
  };
  /** ascending rows with a bigint key, one page from startInclusive (no time window: see PAGED_BY_ID) */
  const pageBy = <T, W>(rows: T[], key: (r: T) => bigint, req: HttpRequest, toWire: (r: T) => W) => {
    const q = parsePageQuery(req.query, devnet.engine.nowSeconds(), { window: false });
    const limit = Math.min(q.pageSize, MAX_PAGE_ENTRIES);
    const from = q.startInclusive;
    const matching = from === undefined ? rows : rows.filter((r) => key(r) >= from);
    const next = matching[limit];
    const items = matching.slice(0, limit).map(toWire);
    return next ? { items, nextStartInclusive: key(next).toString() } : { items };
  };
  const ordersOf = (accountId: number) =>
    Object.values(state().orders)
      .filter((o) => o.accountId === accountId)
      .sort((a, b) => (a.orderId < b.orderId ? -1 : 1));

  return [
    {
      method: 'GET',
      path: '/market/{market_id}/orderbook',
      tag: 'markets',
      summary:
        'OrderbookL2Info: aggregated levels, best first, with the updateId that deltas@<symbol> chains from; ?depth (1-500, default 50)',
      query: [
        {
          name: 'depth',
          description: 'Levels per side, best first (default 50)',
          schema: { type: 'integer', minimum: 1, maximum: 500 },
        },
      ],
      errors: ['BadRequest', 'MarketNotFound'],
      handler: (req) => {
        const id = market(req);
        const depth = optionalQuery(req, 'depth', (raw) => {
          if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > 500)
            throw new HttpError('BadRequest', 'depth must be an integer from 1 to 500');
          return Number(raw);
        });
        const book = state().books[id] ?? emptyBook();
        const { bids, asks } = levels(book, depth ?? 50);
        const body: WireOrderbook = {
          marketId: id,
          updateId: book.updateId,
          bids: bids.map(([p, s]) => [p.toString(), s.toString()]),
          asks: asks.map(([p, s]) => [p.toString(), s.toString()]),
        };
        return json(body);
      },
    },
    {
      method: 'GET',
      path: '/trades',
      tag: 'orders',
      summary:
        'Trades newest first. since/until (RFC3339), startInclusive, pageSize, paginationMode (tradeId | actionId: cursors are action ids and pageSize counts actions), takerId, takerSide, makerId, marketId',
      query: TRADES_QUERY,
      errors: ['BadRequest'],
      handler: (req) => {
        const now = devnet.engine.nowSeconds();
        const since = parseTime('since', req.query.get('since'), 0);
        const until = parseTime('until', req.query.get('until'), now);
        if (since > until) throw new HttpError('BadRequest', 'since must not be after until');
        const pageSize = parsePageSize(req.query.get('pageSize'));
        const mode = req.query.get('paginationMode') ?? 'tradeId';
        if (mode !== 'tradeId' && mode !== 'actionId')
          throw new HttpError('BadRequest', 'paginationMode is tradeId or actionId');
        const start = optionalQuery(req, 'startInclusive', (raw) => u64Value(raw, 'startInclusive'));
        const takerId = optionalQuery(req, 'takerId', (raw) => accountIdValue(raw, 'takerId'));
        const makerId = optionalQuery(req, 'makerId', (raw) => accountIdValue(raw, 'makerId'));
        const marketId = optionalQuery(req, 'marketId', (raw) => marketIdParam(raw, 'marketId'));
        const takerSide = optionalQuery(req, 'takerSide', (raw) => {
          if (raw !== 'ASK' && raw !== 'BID') throw new HttpError('BadRequest', 'takerSide is ASK or BID');
          return raw;
        });
        const cursorOf = (t: TradeRecord) => (mode === 'tradeId' ? t.id : t.actionId);
        const matching: TradeRecord[] = [];
        for (let i = state().trades.length - 1; i >= 0; i -= 1) {
          const t = state().trades[i]!;
          if (t.time < since || t.time > until) continue;
          if (start !== undefined && cursorOf(t) > start) continue;
          if (takerId !== undefined && t.takerAccountId !== takerId) continue;
          if (makerId !== undefined && t.makerAccountId !== makerId) continue;
          if (marketId !== undefined && t.marketId !== marketId) continue;
          if (takerSide !== undefined && t.takerSide !== takerSide) continue;
          matching.push(t);
        }
        const limit = Math.min(pageSize, MAX_PAGE_ENTRIES);
        let taken = 0;
        let next: bigint | undefined;
        if (mode === 'tradeId') {
          taken = Math.min(limit, matching.length);
          if (matching[limit]) next = matching[limit]!.id;
        } else {
          // a page holds whole actions: pageSize counts distinct action ids
          const seen = new Set<bigint>();
          for (const t of matching) {
            if (!seen.has(t.actionId)) {
              if (seen.size === limit) {
                next = t.actionId;
                break;
              }
              seen.add(t.actionId);
            }
            taken += 1;
          }
        }
        const accountId = takerId ?? makerId;
        return json({
          trades: matching.slice(0, taken).map(wireTrade),
          ...(accountId !== undefined ? { accountId } : {}),
          since: rfc3339(since),
          until: rfc3339(until),
          ...(next !== undefined ? { nextStartInclusive: next.toString() } : {}),
        });
      },
    },
    {
      method: 'GET',
      path: '/order/{order_id}',
      tag: 'orders',
      summary: 'OrderInfo; 404 OrderNotFound',
      errors: ['BadRequest', 'OrderNotFound'],
      handler: (req) => json(wireOrder(order(req))),
    },
    {
      method: 'GET',
      path: '/order/{order_id}/trades',
      tag: 'orders',
      summary: 'Trades of one order (as taker or maker), oldest first, paged by trade id',
      query: PAGED_BY_ID,
      errors: ['BadRequest', 'OrderNotFound'],
      handler: (req) => {
        const o = order(req);
        const rows = state().trades.filter(
          (t) => t.takerOrderId === o.orderId || t.makerOrderId === o.orderId,
        );
        return json(pageBy(rows, (t) => t.id, req, wireTrade));
      },
    },
    {
      method: 'GET',
      path: '/account/{account_id}/orders',
      tag: 'orders',
      summary: "The account's orders, oldest first, paged by order id; 404 UserNotFound",
      query: PAGED_BY_ID,
      errors: ['BadRequest', 'UserNotFound'],
      handler: (req) => json(pageBy(ordersOf(account(req)), (o) => o.orderId, req, wireOrder)),
    },
    {
      method: 'GET',
      path: '/account/{account_id}/orders/open',
      tag: 'orders',
      summary: "The account's resting orders (unpaginated); 404 UserNotFound",
      errors: ['BadRequest', 'UserNotFound'],
      handler: (req) =>
        json(
          ordersOf(account(req))
            .filter((o) => o.status === 'open')
            .map(wireOrder),
        ),
    },
  ];
}
