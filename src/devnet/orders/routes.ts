// Orders, trades and the order book: the reads a trader and the wallet's history screens need.
import type { DevnetConfig } from '../config';
import type { Exchange } from '../engine/exchange';
import type { HttpRequest } from '../http/router';
import { HttpError } from '../http/errors';
import { each, page, parseWindow, u64Cursor } from '../http/paging';
import { accountIdValue, marketIdParam, optionalQuery, u64Value } from '../http/params';
import { json, type Route } from '../http/route';
import type { PathParams } from '../http/path';
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
} from '../http/contract';
import { time, unitsOf } from '../json';
import { orderbookJson, orderViews } from './views';
import type { OrderRecord, TradeRecord } from '../trading/state';
import { emptyBook } from '../trading/state';

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
    schema: { type: 'string', enum: ['ask', 'bid'] },
  },
  { name: 'makerId', description: 'Only trades this account made', schema: ACCOUNT_ID_SCHEMA },
  { name: 'marketId', description: 'Only this market', schema: MARKET_ID_SCHEMA },
];

export function orderRoutes(devnet: Exchange, config: DevnetConfig, path: PathParams): Route[] {
  const state = () => devnet.engine.state;
  const u = unitsOf(config);
  const { wireTrade, ordersJson } = orderViews(state, config);
  const orderJson = (o: OrderRecord) => ordersJson([o])[0]!;
  const { marketId: market, accountId: account } = path;
  const order = (req: HttpRequest): OrderRecord => {
    const id = u64Value(req.params.order_id, 'order_id');
    const found = state().orders[id.toString()];
    if (!found) throw new HttpError('OrderNotFound', `order ${id} does not exist`);
    return found;
  };
  /** ascending rows by a uint64 key, paged from startInclusive without a time window (see PAGED_BY_ID) */
  const pageBy = <T, W>(req: HttpRequest, rows: T[], key: (r: T) => bigint, toWire: (r: T[]) => W[]) =>
    page(req.query, devnet.engine.nowSeconds(), rows, { cursor: u64Cursor(key) }, toWire);
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
        const body = orderbookJson(
          state().books[id] ?? emptyBook(),
          config.markets.find((x) => x.marketId === id)!,
          depth ?? 50,
          u,
        );
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
        const { since, until } = parseWindow(req.query, devnet.engine.nowSeconds());
        const mode = req.query.get('paginationMode') ?? 'tradeId';
        if (mode !== 'tradeId' && mode !== 'actionId')
          throw new HttpError('BadRequest', 'paginationMode is tradeId or actionId');
        const takerId = optionalQuery(req, 'takerId', (raw) => accountIdValue(raw, 'takerId'));
        const makerId = optionalQuery(req, 'makerId', (raw) => accountIdValue(raw, 'makerId'));
        const marketId = optionalQuery(req, 'marketId', (raw) => marketIdParam(raw, 'marketId'));
        const takerSide = optionalQuery(req, 'takerSide', (raw) => {
          if (raw !== 'ask' && raw !== 'bid') throw new HttpError('BadRequest', 'takerSide is ask or bid');
          return raw === 'ask' ? 'ASK' : 'BID';
        });
        const newestFirst = state()
          .trades.filter(
            (t) =>
              (takerId === undefined || t.takerAccountId === takerId) &&
              (makerId === undefined || t.makerAccountId === makerId) &&
              (marketId === undefined || t.marketId === marketId) &&
              (takerSide === undefined || t.takerSide === takerSide),
          )
          .reverse();
        // in actionId mode cursors are action ids and a page holds whole actions: pageSize counts them
        const byAction = mode === 'actionId';
        const { items, nextStartInclusive } = page(
          req.query,
          devnet.engine.nowSeconds(),
          newestFirst,
          {
            cursor: u64Cursor((t) => (byAction ? t.actionId : t.id), true),
            timeOf: (t) => t.time,
            ...(byAction ? { groupOf: (t: TradeRecord) => t.actionId } : {}),
          },
          each(wireTrade),
        );
        const accountId = takerId ?? makerId;
        return json({
          trades: items,
          items,
          ...(accountId !== undefined ? { accountId } : {}),
          since: time(since),
          until: time(until),
          ...(nextStartInclusive !== undefined ? { nextStartInclusive } : {}),
        });
      },
    },
    {
      method: 'GET',
      path: '/order/{order_id}',
      tag: 'orders',
      summary: 'OrderInfo; 404 OrderNotFound',
      errors: ['BadRequest', 'OrderNotFound'],
      handler: (req) => json(orderJson(order(req))),
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
        return json(pageBy(req, rows, (t) => t.id, each(wireTrade)));
      },
    },
    {
      method: 'GET',
      path: '/account/{account_id}/orders',
      tag: 'orders',
      summary: "The account's orders, oldest first, paged by order id; 404 UserNotFound",
      query: PAGED_BY_ID,
      errors: ['BadRequest', 'UserNotFound'],
      handler: (req) => json(pageBy(req, ordersOf(account(req)), (o) => o.orderId, ordersJson)),
    },
    {
      method: 'GET',
      path: '/account/{account_id}/orders/open',
      tag: 'orders',
      summary: "The account's resting orders (unpaginated); 404 UserNotFound",
      errors: ['BadRequest', 'UserNotFound'],
      handler: (req) => json(ordersJson(ordersOf(account(req)).filter((o) => o.status === 'open'))),
    },
  ];
}
