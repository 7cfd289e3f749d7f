// Position and PnL reads: trading history kinds (pnl, position, funding, liquidation, fee-tier), the
// per-market PnL summary, PnL over a window with a series for charts, and traded volume.
import type { Exchange } from '../engine/exchange';
import type { DevnetConfig } from '../config';
import type { HttpRequest } from '../http/router';
import { HttpError } from '../http/errors';
import { each, historyPage, page, parseWindow, type Cursor } from '../http/paging';
import { accountIdValue, marketIdParam, optionalQuery } from '../http/params';
import { json, type Route } from '../http/route';
import type { PathParams } from '../http/path';
import { accountVolume, pnlSummary } from './pnl';
import {
  ACCOUNT_ID_SCHEMA,
  MARKET_ID_SCHEMA,
  PAGING,
  TIME_WINDOW,
  marketIdFilter,
  pagingWith,
  startInclusive,
  type Parameter,
} from '../http/contract';
import { whole } from '../json';
import { historyViews, tripleCursor, tripleOf } from './views';
import type { PnlRecord, PositionChangeRecord } from './state';

type Triple = ReturnType<typeof tripleOf>;
const compare = (a: Triple, b: Triple): number => {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
};
const TRIPLE_CURSOR = /^(\d{1,20}):(\d{1,10}):(\d{1,10})$/;

/** pnl and position rows: ascending by (actionId, subActionId, marketId), cursor "a:s:m" */
const TRIPLE: Cursor<PnlRecord | PositionChangeRecord, Triple> = {
  parse(raw) {
    const m = TRIPLE_CURSOR.exec(raw);
    if (!m)
      throw new HttpError('BadRequest', 'startInclusive is "actionId:subActionId:marketId" (e.g. "12:0:1")');
    return [BigInt(m[1]!), BigInt(m[2]!), BigInt(m[3]!)];
  },
  reached: (row, start) => compare(tripleOf(row), start) >= 0,
  of: tripleCursor,
};

const MARKET_FILTER = marketIdFilter('Only this market (one of /info; any other is 400)');
const TRIPLE_PAGING: readonly Parameter[] = [
  ...pagingWith(
    startInclusive(
      { type: 'string', pattern: TRIPLE_CURSOR.source },
      'An ActionIdSubActionIdMarketIdCursor "actionId:subActionId:marketId", as in each row\'s cursor.',
    ),
  ),
  MARKET_FILTER,
];

export function positionRoutes(devnet: Exchange, config: DevnetConfig, path: PathParams): Route[] {
  const state = () => devnet.engine.state;
  const views = historyViews(config);
  const account = path.accountId;
  const marketFilter = (req: HttpRequest, name = 'marketId') =>
    optionalQuery(req, name, (raw) => {
      const id = marketIdParam(raw, name);
      if (!config.markets.some((m) => m.marketId === id))
        throw new HttpError('BadRequest', `market ${id} does not exist`);
      return id;
    });
  /** an account's rows, of one market when ?marketId names one */
  const ofAccount = <R extends { accountId: number; marketId?: number }>(
    req: HttpRequest,
    rows: R[],
    filterMarket = true,
  ): R[] => {
    const accountId = account(req);
    const marketId = filterMarket ? marketFilter(req) : undefined;
    return rows.filter(
      (r) => r.accountId === accountId && (marketId === undefined || r.marketId === marketId),
    );
  };
  const triplePage = <R extends PnlRecord | PositionChangeRecord, W>(
    req: HttpRequest,
    rows: R[],
    toWire: (r: R) => W,
  ) =>
    page(
      req.query,
      devnet.engine.nowSeconds(),
      ofAccount(req, rows),
      { cursor: TRIPLE, timeOf: (r) => r.time },
      each(toWire),
    );
  const rowIdPage = <R extends { id: bigint; time: number; accountId: number; marketId?: number }, W>(
    req: HttpRequest,
    rows: R[],
    toWire: (r: R) => W,
    filterMarket = false,
  ) => historyPage(req.query, devnet.engine.nowSeconds(), ofAccount(req, rows, filterMarket), toWire);

  const historyRoute = (
    kind: string,
    summary: string,
    query: readonly Parameter[],
    handler: Route['handler'],
  ): Route => ({
    method: 'GET',
    path: `/account/{account_id}/history/${kind}`,
    tag: 'history',
    summary,
    query,
    errors: ['BadRequest', 'UserNotFound'],
    handler,
  });

  return [
    historyRoute(
      'pnl',
      'AccountPnlInfo rows: realized trading PnL and fee of every fill, oldest first; startInclusive is "actionId:subActionId:marketId"; ?marketId',
      TRIPLE_PAGING,
      (req) => json(triplePage(req, state().history.pnl, views.pnl)),
    ),
    historyRoute(
      'position',
      'AccountPositionHistoryInfo rows: every size change (trade or liquidation), oldest first; cursor "actionId:subActionId:marketId"; ?marketId',
      TRIPLE_PAGING,
      (req) => json(triplePage(req, state().history.positions, views.position)),
    ),
    historyRoute(
      'funding',
      'AccountPnlHistInfo rows: funding paid (negative fundingPnl) or received per position and interval; cursor is a row id; ?marketId',
      [...PAGING, MARKET_FILTER],
      (req) => json(rowIdPage(req, state().history.funding, views.funding, true)),
    ),
    historyRoute('liquidation', 'Liquidations of the account, one row per market closed', PAGING, (req) => {
      const liquidator = state().marketMakerAccount ?? 0;
      return json(rowIdPage(req, state().history.liquidations, (r) => views.liquidation(r, liquidator)));
    }),
    historyRoute(
      'fee-tier',
      'AccountFeeTierHistory rows: the account’s fee tier moving with its 30-day volume',
      PAGING,
      (req) => json(rowIdPage(req, state().history.feeTiers, views.feeTier)),
    ),
    {
      method: 'GET',
      path: '/account/{account_id}/position/summary',
      tag: 'accounts',
      summary:
        'AccountPositionSummaryResult: per market, realized trading and funding PnL since the last change, since open and all time; ?marketId',
      query: [MARKET_FILTER],
      errors: ['BadRequest', 'UserNotFound'],
      handler: (req) => {
        const accountId = account(req);
        const marketId = marketFilter(req);
        return json(
          Object.entries(state().positions[accountId] ?? {})
            .filter(([m]) => marketId === undefined || Number(m) === marketId)
            .map(([m, p]) => views.positionSummary(Number(m), p)),
        );
      },
    },
    {
      method: 'GET',
      path: '/account/{account_id}/pnl/summary',
      tag: 'accounts',
      summary:
        'AccountPnlSummaryResult: realized trading PnL, funding and fees over since..until (RFC3339), with the running total as a series; ?marketId',
      query: [MARKET_FILTER, ...TIME_WINDOW],
      errors: ['BadRequest', 'UserNotFound'],
      handler: (req) => {
        const accountId = account(req);
        const marketId = marketFilter(req);
        const { since, until } = parseWindow(req.query, devnet.engine.nowSeconds());
        const summary = pnlSummary(state(), {
          accountId,
          ...(marketId !== undefined ? { marketId } : {}),
          since,
          until,
        });
        return json(views.pnlSummary({ since, until }, summary));
      },
    },
    {
      method: 'GET',
      path: '/account/volume',
      tag: 'accounts',
      summary:
        'AccountVolumeInfo per market: volumeBase and volumeQuote raw (base size in the market size units, price × size unscaled) as taker or maker; accountId required; since, until, marketIds (repeated or comma-separated), marketId (deprecated)',
      query: [
        { name: 'accountId', required: true, description: 'The account', schema: ACCOUNT_ID_SCHEMA },
        ...TIME_WINDOW,
        {
          name: 'marketIds',
          repeated: true,
          description: 'Only these markets; repeat the parameter or separate ids with commas',
          schema: MARKET_ID_SCHEMA,
        },
        {
          name: 'marketId',
          deprecated: true,
          description: 'Only this market (use marketIds)',
          schema: MARKET_ID_SCHEMA,
        },
      ],
      errors: ['BadRequest', 'UserNotFound'],
      handler: (req) => {
        const raw = req.query.get('accountId');
        if (raw === null) throw new HttpError('BadRequest', 'accountId is required');
        const accountId = accountIdValue(raw, 'accountId');
        if (!devnet.engine.account(accountId))
          throw new HttpError('UserNotFound', `account ${accountId} does not exist`);
        const { since, until } = parseWindow(req.query, devnet.engine.nowSeconds());
        const wanted = new Set<number>();
        for (const value of req.query.getAll('marketIds'))
          for (const part of value.split(',')) wanted.add(marketIdParam(part, 'marketIds entry'));
        const single = optionalQuery(req, 'marketId', (v) => marketIdParam(v, 'marketId'));
        if (single !== undefined) wanted.add(single);
        const volume = accountVolume(state(), { accountId, since, until }, wanted);
        const markets = wanted.size > 0 ? [...wanted] : config.markets.map((m) => m.marketId);
        return json(
          markets
            .sort((a, b) => a - b)
            .map((m) => ({
              marketId: m,
              volumeBase: whole(volume.get(m)?.base ?? 0n),
              volumeQuote: whole(volume.get(m)?.quote ?? 0n),
            })),
        );
      },
    },
  ];
}
