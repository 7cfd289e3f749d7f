// The interface's paging rules in one place: pageSize 1..255 (else 400), at most 50 entries a page,
// since/until as RFC3339, startInclusive as the cursor, and no nextStartInclusive on the last page.
import { HttpError } from './errors';

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

export function parsePageQuery(query: URLSearchParams, nowSeconds: number): PageQuery {
  const rawSize = query.get('pageSize');
  let pageSize = MAX_PAGE_ENTRIES;
  if (rawSize !== null) {
    if (!/^\d{1,3}$/.test(rawSize) || Number(rawSize) < 1 || Number(rawSize) > 255) {
      throw new HttpError('BadRequest', `pageSize must be an integer from 1 to 255, got "${rawSize}"`);
    }
    pageSize = Number(rawSize);
  }
  const rawStart = query.get('startInclusive');
  let startInclusive: bigint | undefined;
  if (rawStart !== null) {
    if (!/^(0|[1-9]\d{0,19})$/.test(rawStart))
      throw new HttpError('BadRequest', `startInclusive must be a non-negative integer, got "${rawStart}"`);
    startInclusive = BigInt(rawStart);
  }
  const sinceSeconds = parseTime('since', query.get('since'), 0);
  const untilSeconds = parseTime('until', query.get('until'), nowSeconds);
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
