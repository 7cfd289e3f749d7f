// Trigger reads: per account, active across the exchange, placement and finalisation history.
import type { DevnetConfig } from '../config';
import type { Exchange } from '../engine/exchange';
import type { HttpRequest } from '../http/router';
import { HttpError } from '../http/errors';
import { each, page, type Cursor } from '../http/paging';
import { sideJson, time } from '../json';
import { PAGE_SIZE, pagingWith, startInclusive } from '../http/contract';
import { json, requireAccount, type Route } from '../http/route';
import {
  triggersOf,
  type FinalisationRow,
  type PlacementRow,
  type TriggerDefinition,
  type TriggerRecord,
} from './state';
import type {
  WireFinaliseTriggerRow,
  WireFullTriggerOrder,
  WirePlaceTriggerRow,
} from '../../shared/exchange/triggers';

// prices and sizes of triggers are mantissas (integer JSON numbers), as the public TriggerInfo types them
const wireDefinition = (d: TriggerDefinition) => ({
  marketId: d.marketId,
  side: sideJson(d.side),
  kind: d.kind,
  triggerPrice: d.triggerPrice,
  limitPrice: d.limitPrice ?? null,
  limitBaseSize: d.limitBaseSize ?? null,
  limitQuoteSize: d.limitQuoteSize ?? null,
});

const wireTrigger = (t: TriggerRecord): WireFullTriggerOrder => ({
  accountId: t.accountId,
  ...wireDefinition(t),
  actionId: t.actionId.toString(),
  createdAt: time(t.createdAt),
  triggerId: t.triggerId.toString(),
  status: t.status,
  updatedAt: time(t.updatedAt),
});

type Pair = [bigint, bigint];
const pairOf = (r: PlacementRow): Pair => [r.actionId, BigInt(r.subActionId)];
const pairText = (p: Pair) => `${p[0]}:${p[1]}`;
const atOrAfter = (a: Pair, b: Pair) => a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]);

const wirePlacement = (r: PlacementRow): WirePlaceTriggerRow => ({
  time: time(r.time),
  actionId: r.actionId.toString(),
  subActionId: r.subActionId,
  triggerId: r.triggerId.toString(),
  accountId: r.accountId,
  type: r.type,
  ...wireDefinition(r),
  cursor: pairText(pairOf(r)),
});

const wireFinalisation = (r: FinalisationRow): WireFinaliseTriggerRow => ({
  time: time(r.time),
  actionId: r.actionId.toString(),
  triggerId: r.triggerId.toString(),
  accountId: r.accountId,
  status: r.status,
  orderId: r.orderId?.toString() ?? null,
  reason: r.reason ?? null,
  ...wireDefinition(r),
});

/** Cursors that are not u64s: "<actionId>[:<subActionId>]" for placements, a TriggerId for finalisations. */
const PLACEMENT_CURSOR = /^(0|[1-9]\d{0,19})(?::(0|[1-9]\d{0,9}))?$/;
const TRIGGER_ID_CURSOR = /^(0|[1-9]\d{0,18})$/;

const PLACEMENT_PAGING = pagingWith(
  startInclusive(
    { type: 'string', pattern: PLACEMENT_CURSOR.source },
    'A TriggerHistCursor "actionId:subActionId", or "actionId" for sub action 0, as in each row\'s cursor.',
  ),
);
const FINALISATION_PAGING = pagingWith(
  startInclusive(
    { type: 'string', pattern: TRIGGER_ID_CURSOR.source },
    'A TriggerId: a decimal number of 1 to 19 digits.',
  ),
);

const PLACEMENT: Cursor<PlacementRow, Pair> = {
  parse(raw) {
    const m = PLACEMENT_CURSOR.exec(raw);
    if (!m || BigInt(m[1]!) >= 1n << 64n || Number(m[2] ?? 0) > 0xffffffff)
      throw new HttpError(
        'BadRequest',
        'startInclusive is "actionId:subActionId" or "actionId" (e.g. "12:0")',
      );
    return [BigInt(m[1]!), BigInt(m[2] ?? 0)];
  },
  reached: (row, start) => atOrAfter(pairOf(row), start),
  of: (row) => pairText(pairOf(row)),
};

/** rows ascending by trigger id, which is also their cursor */
const byTriggerId = <T extends { triggerId: bigint }>(): Cursor<T, bigint> => ({
  parse(raw) {
    if (!TRIGGER_ID_CURSOR.test(raw))
      throw new HttpError('BadRequest', 'startInclusive is a trigger id: a decimal number of 1 to 19 digits');
    return BigInt(raw);
  },
  reached: (row, start) => row.triggerId >= start,
  of: (row) => row.triggerId.toString(),
});

export function triggerRoutes(devnet: Exchange, _config: DevnetConfig): Route[] {
  const triggers = () => triggersOf(devnet.engine.state);
  const account = (req: HttpRequest): number => requireAccount(req, (id) => devnet.engine.account(id)).id;
  const now = () => devnet.engine.nowSeconds();
  const active = () =>
    Object.values(triggers().triggers)
      .filter((t) => t.status === 'Active')
      .sort((a, b) => (a.triggerId < b.triggerId ? -1 : 1));

  return [
    {
      method: 'GET',
      path: '/account/{account_id}/triggers',
      tag: 'triggers',
      summary: "The account's Active triggers (FullTriggerOrder), oldest first; 404 UserNotFound",
      errors: ['BadRequest', 'UserNotFound'],
      handler: (req) => {
        const id = account(req);
        return json(
          active()
            .filter((t) => t.accountId === id)
            .map(wireTrigger),
        );
      },
    },
    {
      method: 'GET',
      path: '/triggers/active',
      tag: 'triggers',
      summary:
        'Every Active trigger on the exchange (FullTriggerOrder), oldest first, paged by trigger id (PageResult)',
      query: [
        PAGE_SIZE,
        startInclusive({ type: 'string', pattern: TRIGGER_ID_CURSOR.source }, 'A TriggerId.'),
      ],
      errors: ['BadRequest'],
      handler: (req) =>
        json(page(req.query, now(), active(), { cursor: byTriggerId<TriggerRecord>() }, each(wireTrigger))),
    },
    {
      method: 'GET',
      path: '/account/{account_id}/triggers/history/placements',
      tag: 'triggers',
      summary:
        'PlaceTriggerRow rows (every add and edit), oldest first; startInclusive is "actionId:subActionId" (or "actionId" for sub action 0), as in each row\'s cursor; 400 BadRequest; 404 UserNotFound',
      query: PLACEMENT_PAGING,
      errors: ['BadRequest', 'UserNotFound'],
      handler: (req) => {
        const id = account(req);
        return json(
          page(
            req.query,
            now(),
            triggers().placements.filter((r) => r.accountId === id),
            { cursor: PLACEMENT, timeOf: (r) => r.time },
            each(wirePlacement),
          ),
        );
      },
    },
    {
      method: 'GET',
      path: '/account/{account_id}/triggers/history/finalisations',
      tag: 'triggers',
      summary:
        'FinaliseTriggerRow rows (fired: Success or cancelled; removed), by trigger id ascending; startInclusive is a trigger id (decimal, 1 to 19 digits); 400 BadRequest; 404 UserNotFound',
      query: FINALISATION_PAGING,
      errors: ['BadRequest', 'UserNotFound'],
      handler: (req) => {
        const id = account(req);
        return json(
          page(
            req.query,
            now(),
            triggers()
              .finalisations.filter((r) => r.accountId === id)
              .sort((a, b) => (a.triggerId < b.triggerId ? -1 : 1)),
            { cursor: byTriggerId<FinalisationRow>(), timeOf: (r) => r.time },
            each(wireFinalisation),
          ),
        );
      },
    },
  ];
}
