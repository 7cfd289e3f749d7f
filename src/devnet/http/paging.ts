// The interface's paging rules in one place, for every paged route: pageSize 1..255 (else 400), at most 50
// entries a page, since/until as RFC3339, startInclusive as the endpoint's cursor, and no
// nextStartInclusive on the last page. A route says what its rows are (their order, cursor and time); this
// module reads the parameters the route declares and cuts the page.
import { HttpError } from './errors';
import { U64_PATTERN } from './params';

export const MAX_PAGE_ENTRIES = 50;

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

/** since..until in engine seconds: the epoch start and now when absent; since after until is a 400. */
export function parseWindow(query: QueryReader, nowSeconds: number): { since: number; until: number } {
  const since = parseTime('since', query.get('since'), 0);
  const until = parseTime('until', query.get('until'), nowSeconds);
  if (since > until) throw new HttpError('BadRequest', 'since must not be after until');
  return { since, until };
}

/** An endpoint's startInclusive: how it is read, where a page starts, and how the next one is named. */
export interface Cursor<T, C> {
  parse(raw: string): C;
  /** the row is at or past the start, in the order the rows are served */
  reached(row: T, start: C): boolean;
  /** the next page's startInclusive as the endpoint writes it */
  of(row: T): string | number;
}

/** A uint64 key as the cursor (a row id, order id, trade id, ...), rows ascending by it unless `descending`. */
export function u64Cursor<T>(key: (row: T) => bigint, descending = false): Cursor<T, bigint> {
  return {
    parse(raw) {
      if (!U64_PATTERN.test(raw) || BigInt(raw) >= 1n << 64n)
        throw new HttpError('BadRequest', `startInclusive must be a non-negative integer, got "${raw}"`);
      return BigInt(raw);
    },
    reached: (row, start) => (descending ? key(row) <= start : key(row) >= start),
    of: (row) => key(row).toString(),
  };
}

/** The row id cursor most history rows take. */
const ROW_ID_CURSOR = u64Cursor((row: { id: bigint }) => row.id);

export interface PageOptions<T, C> {
  /** absent: the endpoint takes no startInclusive */
  cursor?: Cursor<T, C>;
  /** the row's time in seconds; absent: the endpoint takes no since/until */
  timeOf?: (row: T) => number;
  /** pageSize when the request gives none */
  defaultSize?: number;
  /** pageSize counts groups of rows (e.g. the trades of one action) and a page never splits one */
  groupOf?: (row: T) => unknown;
}

export interface Page<W> {
  items: W[];
  nextStartInclusive?: string | number;
}

/**
 * One page of `rows` (already filtered and in the order they are served): reads pageSize, startInclusive
 * and since/until as the options say the endpoint takes them, and maps the page's rows with `toWire`.
 */
export function page<T, C, W>(
  query: QueryReader,
  nowSeconds: number,
  rows: readonly T[],
  options: PageOptions<NoInfer<T>, C>,
  toWire: (rows: NoInfer<T>[]) => W[],
): Page<W> {
  const limit = Math.min(parsePageSize(query.get('pageSize'), options.defaultSize), MAX_PAGE_ENTRIES);
  const { cursor, timeOf, groupOf } = options;
  const raw = cursor ? query.get('startInclusive') : null;
  const start = raw === null ? undefined : cursor!.parse(raw);
  const window = timeOf ? parseWindow(query, nowSeconds) : undefined;
  const matching = rows.filter(
    (r) =>
      (window === undefined || (timeOf!(r) >= window.since && timeOf!(r) <= window.until)) &&
      (start === undefined || cursor!.reached(r, start)),
  );
  let taken = Math.min(limit, matching.length);
  if (groupOf) {
    const groups = new Set<unknown>();
    taken = matching.length;
    for (let i = 0; i < matching.length; i += 1) {
      const group = groupOf(matching[i]!);
      if (!groups.has(group) && groups.size === limit) {
        taken = i;
        break;
      }
      groups.add(group);
    }
  }
  const items = toWire(matching.slice(0, taken));
  const next = matching[taken];
  return next !== undefined && cursor ? { items, nextStartInclusive: cursor.of(next) } : { items };
}

/** toWire for a route that maps rows one at a time */
export const each =
  <T, W>(toWire: (row: T) => W) =>
  (rows: T[]): W[] =>
    rows.map(toWire);

/** The page most histories serve: rows ascending by row id (the cursor), within since..until. */
export function historyPage<T extends { id: bigint; time: number }, W>(
  query: QueryReader,
  nowSeconds: number,
  rows: readonly T[],
  toWire: (row: T) => W,
): Page<W> {
  return page(query, nowSeconds, rows, { cursor: ROW_ID_CURSOR, timeOf: (r) => r.time }, each(toWire));
}
