// What the All activity feed reads: a window of recent time, not every page of every kind. The exchange
// lists each history oldest first, so reading "the newest rows" without a window means reading them all;
// with `since`/`until` it serves only the rows of the window. The window is read in slices: the newest
// (from its start to now, the one a live update reads again) and, for each "Show older", the slice before
// it, read once and kept. One row per kind before the window says whether anything older is there at all.
// A live update reads the newest slice again only from its last page on (see readNewer), not every page.
import type { HistoryKind } from '../../../../shared/exchange/history';
import { HISTORY_KINDS } from '../../../../shared/exchange/history';
import type { HistoryPage } from '../../../../shared/ipc/history';

export interface PageQuery {
  accountId: number;
  kind: HistoryKind;
  since?: number;
  until?: number;
  startInclusive?: string;
  pageSize?: number;
}
export type ReadPage = (query: PageQuery) => Promise<HistoryPage>;
/** one kind's rows (the union of the row types, as the feed reads them all alike) */
export type Rows = readonly HistoryPage['items'][number][];

/** The most rows the exchange serves a page (rest.md: at most 50). */
const FEED_PAGE_SIZE = 50;
/** How far back the window reaches after each step: a day, a week, a month, a quarter, a year, then all. */
const WINDOW_STEPS_S = [86_400, 7 * 86_400, 30 * 86_400, 90 * 86_400, 365 * 86_400];
/** The feed opens on at least this many events when the exchange has them: older slices until it does. */
const FEED_MIN_LINES = 10;
/**
 * The most events a feed holds: a busy day (the soak's 20 a second make 72,000 an hour) would otherwise be
 * held whole, in the page's memory and on every redraw. Beyond it the oldest go; the export reads them all.
 */
export const FEED_MAX_LINES = 2_000;

/**
 * Where a feed holding these rows starts once it keeps only its newest FEED_MAX_LINES: the time of the
 * oldest row kept (rows of that same second are all kept); 0 while it holds fewer.
 */
export function keptSince(parts: readonly { rows: Rows }[]): number {
  let count = 0;
  for (const { rows } of parts) count += rows.length;
  if (count <= FEED_MAX_LINES) return 0;
  // asked at every live update of a busy feed: a typed array sorts numbers without a comparator call each
  const times = new Float64Array(count);
  let i = 0;
  for (const { rows } of parts) for (const row of rows) times[i++] = row.time;
  times.sort();
  return times[count - FEED_MAX_LINES]!;
}

/**
 * Each account's rows of each kind as the feed shows them: its newest FEED_MAX_LINES rows, cut at the same
 * second for every kind (a kind that kept more of them would look as if the others had none), and whether
 * rows older than those shown exist.
 */
export function feedParts(
  accountIds: readonly number[],
  slicesOf: (accountId: number, kind: HistoryKind) => readonly (Slice | undefined)[],
  olderOf: (accountId: number, kind: HistoryKind) => boolean,
) {
  const held = accountIds.flatMap((accountId) =>
    HISTORY_KINDS.map((kind) => {
      const slices = slicesOf(accountId, kind);
      return {
        accountId,
        kind,
        rows: slices.length === 1 ? (slices[0]?.rows ?? []) : slices.flatMap((s): Rows => s?.rows ?? []),
        trimmed: slices.some((s) => s?.trimmed),
        // known for one account only (the history screen's marks); across accounts see olderExists
        older: olderOf(accountId, kind),
      };
    }),
  );
  const since = keptSince(held);
  return {
    since,
    parts: held.map(({ trimmed, ...part }) => {
      if (since === 0) return part;
      const rows = part.rows.filter((row) => row.time >= since);
      return { ...part, rows, older: part.older || trimmed || rows.length < part.rows.length };
    }),
  };
}

/** Where the window starts (seconds) after `step` steps back from `anchor`; 0 once it reaches everything. */
export function windowStart(anchor: number, step: number): number {
  const back = WINDOW_STEPS_S[step];
  return back === undefined ? 0 : Math.max(0, anchor - back);
}

/** Whether the window should reach one step further back on its own (too little shown, more there). */
export const shouldExtend = (lines: number, olderExists: boolean): boolean =>
  olderExists && lines < FEED_MIN_LINES;

/** One kind's rows in a slice, and where each page of them began, so that a later read can start at one. */
export interface Slice {
  rows: Rows;
  /** each page read: its startInclusive (absent for the slice's first) and the index of its first row */
  pages: readonly { start?: string; at: number }[];
  /** its oldest rows were let go (the feed keeps its newest rows only, see FEED_MAX_LINES) */
  trimmed?: true;
}

/** The rows of one kind in since..until (until absent: up to now), every page of it from `start` on. */
async function readRange(
  read: ReadPage,
  accountId: number,
  kind: HistoryKind,
  since: number,
  until: number | undefined,
  start?: string,
): Promise<Slice> {
  const rows: HistoryPage['items'][number][] = [];
  const pages: { start?: string; at: number }[] = [];
  let cursor = start;
  do {
    pages.push({ ...(cursor ? { start: cursor } : {}), at: rows.length });
    const page = await read({
      accountId,
      kind,
      since,
      ...(until !== undefined ? { until } : {}),
      pageSize: FEED_PAGE_SIZE,
      ...(cursor ? { startInclusive: cursor } : {}),
    });
    rows.push(...page.items);
    cursor = page.nextStartInclusive;
  } while (cursor);
  return { rows, pages };
}

/** A row that may still change where it is: a withdrawal not yet processed (its status, then its payout). */
const mayChange = (kind: HistoryKind, row: Rows[number]): boolean =>
  kind === 'withdrawal' && 'status' in row && row.status === 'requested';

/**
 * The newest slice read again (a live update): from the start of its last page held, or of the page
 * holding its oldest row that may still change, to now; the pages before are kept as they were. The
 * exchange pages a history by its own cursor, in the order rows were added, so whatever was added since the
 * last read is on or after the last page, even a row whose time is older than rows already held (its time
 * still within the slice). Every row is held once: the pages kept end where the first one read starts.
 * Rows added before any row of `keep` seconds or later are let go (the feed no longer shows them).
 */
export async function readNewer(
  read: ReadPage,
  accountId: number,
  kind: HistoryKind,
  since: number,
  held: Slice | undefined,
  keep = 0,
): Promise<Slice> {
  if (!held || held.pages.length === 0)
    return trimmed(await readRange(read, accountId, kind, since, undefined), keep);
  const changing = held.rows.findIndex((row) => mayChange(kind, row));
  let from = held.pages.length - 1;
  while (changing >= 0 && from > 0 && held.pages[from]!.at > changing) from -= 1;
  const { start, at } = held.pages[from]!;
  const fresh = await readRange(read, accountId, kind, since, undefined, start);
  return trimmed(
    {
      rows: [...held.rows.slice(0, at), ...fresh.rows],
      pages: [...held.pages.slice(0, from), ...fresh.pages.map((p) => ({ ...p, at: at + p.at }))],
      ...(held.trimmed ? { trimmed: true as const } : {}),
    },
    keep,
  );
}

/**
 * The slice without its first rows older than `keep` (those added first: a row stamped earlier that was
 * added later stays, as the pages must still tile what is held). A page whose rows all went goes with them;
 * the page holding the first row kept stays, so a later read from it finds its rows again, once each.
 */
function trimmed(slice: Slice, keep: number): Slice {
  let cut = 0;
  while (cut < slice.rows.length && slice.rows[cut]!.time < keep) cut += 1;
  const pages = slice.pages.filter((_, i) => (slice.pages[i + 1]?.at ?? Infinity) > cut);
  const first = pages[0]?.at ?? cut;
  if (first === 0) return slice;
  return {
    rows: slice.rows.slice(first),
    pages: pages.map((p) => ({ ...p, at: p.at - first })),
    trimmed: true,
  };
}

/**
 * Every row of every kind of the given accounts, from the beginning: what an export saves, read when the
 * person asks for it (the feed itself shows only its window).
 */
export function readEverything(
  read: ReadPage,
  accountIds: readonly number[],
): Promise<{ accountId: number; kind: HistoryKind; rows: Rows }[]> {
  return Promise.all(
    accountIds.flatMap((accountId) =>
      HISTORY_KINDS.map(async (kind) => ({
        accountId,
        kind,
        rows: (await readRange(read, accountId, kind, 0, undefined)).rows,
      })),
    ),
  );
}

/** Query keys: the newest slice of an account apart, so that a live update reads only it again. */
export const activityKey = (accountId: number) => ['activity', accountId, 'newest'] as const;

export interface FeedQuery<T> {
  accountId: number;
  kind: HistoryKind;
  queryKey: readonly unknown[];
  queryFn: () => Promise<T>;
  staleTime: number;
}

/**
 * Every slice of the window `step` steps back from `anchor`, for each account and kind. `held` gives what a
 * query already holds (the query cache's data for its key): the newest slice reads on from there.
 */
export function sliceQueries(
  read: ReadPage,
  accountIds: readonly number[],
  anchor: number,
  step: number,
  held: (queryKey: readonly unknown[]) => Slice | undefined = () => undefined,
  /** the time of the feed's oldest row kept, when it reads again (0: it keeps every row) */
  keep: () => number = () => 0,
): FeedQuery<Slice>[] {
  return accountIds.flatMap((accountId) =>
    HISTORY_KINDS.flatMap((kind) =>
      Array.from({ length: step + 1 }, (_, i) => {
        const since = windowStart(anchor, i);
        // the newest slice reaches to now; each older one ends where the one after it starts
        const until = i === 0 ? undefined : windowStart(anchor, i - 1) - 1;
        if (until !== undefined && until < since) return [];
        const queryKey =
          i === 0
            ? [...activityKey(accountId), kind, since]
            : ['activity', accountId, 'older', kind, since, until];
        return {
          accountId,
          kind,
          queryKey,
          queryFn: () =>
            i === 0
              ? readNewer(read, accountId, kind, since, held(queryKey), keep())
              : readRange(read, accountId, kind, since, until),
          // what is past does not change; the newest slice is read again on live updates
          staleTime: i === 0 ? 30_000 : Infinity,
        };
      }).flat(),
    ),
  );
}

/**
 * For each kind of one account: is any row older than the window's start? One row asked for. (The history
 * screen marks each kind that has more; across several accounts, see olderAnywhereQuery.)
 */
export function olderQueries(
  read: ReadPage,
  accountIds: readonly number[],
  anchor: number,
  step: number,
): FeedQuery<boolean>[] {
  const start = windowStart(anchor, step);
  return accountIds.flatMap((accountId) =>
    HISTORY_KINDS.map((kind) => ({
      accountId,
      kind,
      queryKey: ['activityBefore', accountId, kind, start],
      queryFn: async () =>
        start > 0 && (await read({ accountId, kind, until: start - 1, pageSize: 1 })).items.length > 0,
      staleTime: Infinity,
    })),
  );
}

/** How many of the one-row looks back run at once when a feed across accounts asks whether anything is older. */
const OLDER_LOOKS_AT_ONCE = 10;

/**
 * For a feed across several accounts (the home screen's): is any row of any account and kind older than the
 * window's start? Only that is shown ("Show older activity"), so the one-row looks back run a few at a time
 * and stop at the first row found, rather than one per account and kind all at once (300 reads for 30
 * accounts, sent together with the feed's own 300 right after the portfolio is drawn).
 */
export function olderAnywhereQuery(
  read: ReadPage,
  accountIds: readonly number[],
  anchor: number,
  step: number,
): { queryKey: readonly unknown[]; queryFn: () => Promise<boolean>; staleTime: number } {
  const start = windowStart(anchor, step);
  const looks = accountIds.flatMap((accountId) => HISTORY_KINDS.map((kind) => ({ accountId, kind })));
  return {
    queryKey: ['activityBefore', 'any', accountIds.join(','), start],
    queryFn: async () => {
      if (start === 0) return false;
      for (let i = 0; i < looks.length; i += OLDER_LOOKS_AT_ONCE) {
        const found = await Promise.all(
          looks
            .slice(i, i + OLDER_LOOKS_AT_ONCE)
            .map(
              async ({ accountId, kind }) =>
                (await read({ accountId, kind, until: start - 1, pageSize: 1 })).items.length > 0,
            ),
        );
        if (found.includes(true)) return true;
      }
      return false;
    },
    staleTime: Infinity,
  };
}
