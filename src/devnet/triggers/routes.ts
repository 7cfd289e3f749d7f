// Trigger reads: per account, active across the exchange, placement and finalisation history.
import type { Exchange } from '../engine/exchange';
import { HttpError } from '../http/errors';
import { each, page, type Cursor } from '../http/paging';
import { PAGE_SIZE, pagingWith, startInclusive, type Parameter } from '../http/contract';
import { json, type Route } from '../http/route';
import type { PathParams } from '../http/path';
import { type FinalisationRow, type PlacementRow, type TriggerRecord } from './state';
import { placementCursor, wireFinalisation, wirePlacement, wireTrigger } from './views';

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

type Pair = [actionId: bigint, subActionId: bigint];
const pairOf = (r: PlacementRow): Pair => [r.actionId, BigInt(r.subActionId)];
const atOrAfter = (a: Pair, b: Pair) => a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]);

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
  of: placementCursor,
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

export function triggerRoutes(devnet: Exchange, path: PathParams): Route[] {
  const triggers = () => devnet.engine.state.triggers;
  const now = () => devnet.engine.nowSeconds();
  const active = () =>
    Object.values(triggers().triggers)
      .filter((t) => t.status === 'Active')
      .sort((a, b) => (a.triggerId < b.triggerId ? -1 : 1));

  /** GET /account/{account_id}/triggers/history/<kind>: one page of the account's rows of that kind */
  const historyRoute = <R extends { accountId: number; time: number }, C, W>(
    kind: string,
    summary: string,
    query: readonly Parameter[],
    rows: () => R[],
    cursor: Cursor<R, C>,
    toWire: (row: R) => W,
  ): Route => ({
    method: 'GET',
    path: `/account/{account_id}/triggers/history/${kind}`,
    tag: 'triggers',
    summary,
    query,
    errors: ['BadRequest', 'UserNotFound'],
    handler: (req) => {
      const id = path.accountId(req);
      const own = rows().filter((r) => r.accountId === id);
      return json(page(req.query, now(), own, { cursor, timeOf: (r) => r.time }, each(toWire)));
    },
  });

  return [
    {
      method: 'GET',
      path: '/account/{account_id}/triggers',
      tag: 'triggers',
      summary: "The account's Active triggers (FullTriggerOrder), oldest first; 404 UserNotFound",
      errors: ['BadRequest', 'UserNotFound'],
      handler: (req) => {
        const id = path.accountId(req);
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
    historyRoute(
      'placements',
      'PlaceTriggerRow rows (every add and edit), oldest first; startInclusive is "actionId:subActionId" (or "actionId" for sub action 0), as in each row\'s cursor; 400 BadRequest; 404 UserNotFound',
      PLACEMENT_PAGING,
      () => triggers().placements,
      PLACEMENT,
      wirePlacement,
    ),
    historyRoute(
      'finalisations',
      'FinaliseTriggerRow rows (fired: Success or cancelled; removed), by trigger id ascending; startInclusive is a trigger id (decimal, 1 to 19 digits); 400 BadRequest; 404 UserNotFound',
      FINALISATION_PAGING,
      () => [...triggers().finalisations].sort((a, b) => (a.triggerId < b.triggerId ? -1 : 1)),
      byTriggerId<FinalisationRow>(),
      wireFinalisation,
    ),
  ];
}
