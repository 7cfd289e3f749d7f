// The interface's paging rules in one place: pageSize 1..255 (else 400), at most 50 entries a page,
// since/until as RFC3339, startInclusive as the cursor, and no nextStartInclusive on the last page.
import { HttpError } from './errors';
import { U64_PATTERN } from './params';

export const MAX_PAGE_ENTRIES = 50;

export interface PageQuery {
  pageSize: number;
  startInclusive?: bigint;
  sinceSeconds: number;
  untilSeconds: number;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export function parseTime(name: string, value: string | null, fallback: number): number {
  if (value === null) return fallback;
  if (!RFC3339.test(value) || Number.isNaN(Date.parse(value)))
    throw new HttpError('BadRequest', `${name} must be an RFC3339 date-time, got "${value}"`);
  return Math.floor(Date.parse(value) / 1000);
}

/** Where the paging parameters are read from: a route's QueryView (only declared names are readable). */
export interface QueryReader {
  get(name: string): string | null;
}

export function parsePageSize(raw: string | null, fallback = MAX_PAGE_ENTRIES): number {
  if (raw === null) return fallback;
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > 255)
    throw new HttpError('BadRequest', `pageSize must be an integer from 1 to 255, got "${raw}"`);
  return Number(raw);
}

/**
 * pageSize, startInclusive (a uint64) and since/until. An endpoint with its own cursor form passes
 * cursor: false and reads startInclusive itself; one without a time window passes window: false. Either
 * way only the parameters the endpoint declares are read.
 */
export function parsePageQuery(
  query: QueryReader,
  nowSeconds: number,
  options: { cursor?: boolean; window?: boolean } = {},
): PageQuery {
  const pageSize = parsePageSize(query.get('pageSize'));
  const rawStart = options.cursor === false ? null : query.get('startInclusive');
  let startInclusive: bigint | undefined;
  if (rawStart !== null) {
    if (!U64_PATTERN.test(rawStart))
      throw new HttpError('BadRequest', `startInclusive must be a non-negative integer, got "${rawStart}"`);
    startInclusive = BigInt(rawStart);
  }
  const window = options.window !== false;
  const sinceSeconds = window ? parseTime('since', query.get('since'), 0) : 0;
  const untilSeconds = window ? parseTime('until', query.get('until'), nowSeconds) : nowSeconds;
  if (sinceSeconds > untilSeconds) throw new HttpError('BadRequest', 'since must not be after until');
  return {
    pageSize,
    ...(startInclusive !== undefined ? { startInclusive } : {}),
    sinceSeconds,
    untilSeconds,
  };
}

/** Rows in ascending cursor order; returns one page and the cursor of the next row, if any. */
export function page<T extends { id: bigint; time: number }, W>(
  rows: T[],
  q: PageQuery,
  toWire: (row: T) => W,
): { items: W[]; nextStartInclusive?: string } {
  const limit = Math.min(q.pageSize, MAX_PAGE_ENTRIES);
  const matching = rows.filter(
    (r) =>
      r.time >= q.sinceSeconds &&
      r.time <= q.untilSeconds &&
      (q.startInclusive === undefined || r.id >= q.startInclusive),
  );
  const items = matching.slice(0, limit).map(toWire);
  const next = matching[limit];
  return next ? { items, nextStartInclusive: next.id.toString() } : { items };
}
