// The All activity feed's window: its slices tile the time from the window's start to now without a gap or
// an overlap (no row read twice, none missed), only the newest slice is what a live update reads again, and
// the look further back asks for one row before the window, and nothing once the window has everything. A
// live update reads the newest slice again from its last page on, and holds what a whole read would.
import { describe, expect, it } from 'vitest';
import {
  activityKey,
  FEED_MAX_LINES,
  feedParts,
  keptSince,
  olderAnywhereQuery,
  olderQueries,
  sliceQueries,
  windowStart,
  type PageQuery,
  type Slice,
} from '../../../../../src/renderer/src/components/history/activity-window';
import { HISTORY_KINDS } from '../../../../../src/shared/exchange/history';

const ANCHOR = 1_800_000_000;

function recorder() {
  const asked: PageQuery[] = [];
  return {
    asked,
    read: async (q: PageQuery) => {
      asked.push(q);
      return { kind: q.kind, items: [] } as never;
    },
  };
}

/**
 * One kind's history as the exchange pages it: rows in the order they were added, each page from a cursor
 * (here the row's place), within since..until, 50 a page at most, no cursor after the last page.
 */
function exchangeHistory(now: number) {
  const rows: { id: string; time: number; status?: string }[] = [];
  const asked: PageQuery[] = [];
  const read = async (q: PageQuery) => {
    asked.push(q);
    const from = Number(q.startInclusive ?? 0);
    const matching = rows
      .map((row, at) => ({ row, at }))
      .filter(({ row, at }) => at >= from && row.time >= (q.since ?? 0) && row.time <= (q.until ?? now));
    const size = Math.min(q.pageSize ?? 50, 50);
    const next = matching[size];
    return {
      kind: q.kind,
      items: matching.slice(0, size).map(({ row }) => ({ ...row })),
      ...(next ? { nextStartInclusive: String(next.at) } : {}),
    } as never;
  };
  return { rows, asked, read };
}

/** the ids of a slice's rows (the fake history's rows all have one) */
const ids = (slice: Slice) => slice.rows.map((r) => (r as { id: string }).id);

describe('the All activity window', () => {
  it('tiles the time from its start to now, newest slice open-ended, one slice per step', async () => {
    for (const step of [0, 1, 3, 5]) {
      const { asked, read } = recorder();
      const slices = sliceQueries(read, [7], ANCHOR, step).filter((q) => q.kind === 'deposit');
      expect(slices).toHaveLength(step + 1);
      for (const s of slices) await s.queryFn();
      const ranges = asked.map((q) => [q.since!, q.until ?? Infinity] as const);
      expect(ranges[0]).toEqual([windowStart(ANCHOR, 0), Infinity]);
      for (let i = 1; i < ranges.length; i += 1) expect(ranges[i]![1]).toBe(ranges[i - 1]![0] - 1);
      expect(ranges.at(-1)![0]).toBe(windowStart(ANCHOR, step));
    }
    expect(windowStart(ANCHOR, 0)).toBe(ANCHOR - 86_400);
    expect(windowStart(ANCHOR, 5)).toBe(0);
  });

  it('keys only the newest slices under the account’s live-update key', () => {
    const { read } = recorder();
    const slices = sliceQueries(read, [7, 8], ANCHOR, 2);
    expect(slices).toHaveLength(2 * HISTORY_KINDS.length * 3);
    const live = slices.filter((q) => activityKey(q.accountId).every((part, i) => q.queryKey[i] === part));
    expect(live).toHaveLength(2 * HISTORY_KINDS.length);
    expect(live.every((q) => q.staleTime !== Infinity)).toBe(true);
  });

  it('looks one row further back, and not at all once the window reaches the beginning', async () => {
    const { asked, read } = recorder();
    const [probe] = olderQueries(read, [7], ANCHOR, 1);
    expect(await probe!.queryFn()).toBe(false);
    expect(asked).toEqual([
      { accountId: 7, kind: HISTORY_KINDS[0], until: windowStart(ANCHOR, 1) - 1, pageSize: 1 },
    ]);
    const [atStart] = olderQueries(read, [7], ANCHOR, 5);
    expect(await atStart!.queryFn()).toBe(false);
    expect(asked).toHaveLength(1);
  });

  it('across 30 accounts asks whether anything is older a few rows at a time, stopping at the first found', async () => {
    const accounts = Array.from({ length: 30 }, (_, i) => i + 1);
    const start = windowStart(ANCHOR, 1);
    // account 3 has a deposit before the window: found in the first few looks, not after all 300
    const asked: PageQuery[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const read = async (q: PageQuery) => {
      asked.push(q);
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      await Promise.resolve();
      inFlight -= 1;
      const older = q.accountId === 3 && q.kind === 'deposit';
      return { kind: q.kind, items: older ? [{}] : [] } as never;
    };
    const query = olderAnywhereQuery(read, accounts, ANCHOR, 1);
    expect(await query.queryFn()).toBe(true);
    expect(asked.length).toBeLessThanOrEqual(30);
    expect(mostInFlight).toBeLessThanOrEqual(10);
    expect(asked.every((q) => q.until === start - 1 && q.pageSize === 1 && q.since === undefined)).toBe(true);

    // nothing older anywhere: every account and kind looked at once, and the answer is no
    const none = recorder();
    expect(await olderAnywhereQuery(none.read, accounts, ANCHOR, 1).queryFn()).toBe(false);
    expect(new Set(none.asked.map((q) => `${q.accountId}:${q.kind}`)).size).toBe(30 * HISTORY_KINDS.length);
    expect(none.asked).toHaveLength(30 * HISTORY_KINDS.length);

    // a window that reaches the beginning asks nothing
    const all = recorder();
    expect(await olderAnywhereQuery(all.read, accounts, ANCHOR, 5).queryFn()).toBe(false);
    expect(all.asked).toHaveLength(0);
  });

  it('reads the newest slice again from its last page on, and holds every row once, as a whole read would', async () => {
    const now = ANCHOR + 100;
    const exchange = exchangeHistory(now);
    const since = windowStart(ANCHOR, 0);
    exchange.rows.push({ id: 'old', time: since - 5 });
    for (let i = 0; i < 120; i += 1) exchange.rows.push({ id: `t${i}`, time: since + i });
    const cache = new Map<string, Slice>();
    const newest = () =>
      sliceQueries(exchange.read, [7], ANCHOR, 0, (key) => cache.get(JSON.stringify(key))).find(
        (q) => q.kind === 'transfer',
      )!;
    const readAndHold = async () => {
      const query = newest();
      const slice = await query.queryFn();
      cache.set(JSON.stringify(query.queryKey), slice);
      return slice;
    };
    const first = await readAndHold();
    expect(ids(first)).toEqual(exchange.rows.slice(1).map((r) => r.id));
    expect(exchange.asked).toHaveLength(3);

    // since: more rows, one of them stamped earlier than rows already held (still within the slice), and
    // one before the slice's start, which the slice never holds
    exchange.rows.push({ id: 'late', time: since + 3 }, { id: 'before', time: since - 1 });
    for (let i = 120; i < 125; i += 1) exchange.rows.push({ id: `t${i}`, time: since + i });
    exchange.asked.length = 0;
    const again = await readAndHold();
    // one page read, from where the last one held began
    expect(exchange.asked).toEqual([
      { accountId: 7, kind: 'transfer', since, pageSize: 50, startInclusive: first.pages.at(-1)!.start },
    ]);
    const whole = await sliceQueries(exchange.read, [7], ANCHOR, 0)
      .find((q) => q.kind === 'transfer')!
      .queryFn();
    expect(again.rows).toEqual(whole.rows);
    expect(ids(again)).toContain('late');
    expect(ids(again)).not.toContain('before');
    expect(new Set(ids(again)).size).toBe(again.rows.length);
    // and the slice read that way reads on from its own last page the next time
    exchange.asked.length = 0;
    await readAndHold();
    expect(exchange.asked.map((q) => q.startInclusive)).toEqual([again.pages.at(-1)!.start]);
  });

  it('reads a withdrawal not yet processed again until it is, wherever it is in the slice', async () => {
    const exchange = exchangeHistory(ANCHOR + 100);
    const since = windowStart(ANCHOR, 0);
    for (let i = 0; i < 110; i += 1)
      exchange.rows.push({ id: `w${i}`, time: since + i, status: i === 3 ? 'requested' : 'processed' });
    const query = sliceQueries(exchange.read, [7], ANCHOR, 0).find((q) => q.kind === 'withdrawal')!;
    const held = await query.queryFn();
    const again = (slice: Slice) =>
      sliceQueries(exchange.read, [7], ANCHOR, 0, () => slice)
        .find((q) => q.kind === 'withdrawal')!
        .queryFn();

    exchange.rows[3]!.status = 'processed';
    exchange.asked.length = 0;
    const processed = await again(held);
    // from the first page, where the requested one was: it shows processed now
    expect(exchange.asked[0]!.startInclusive).toBeUndefined();
    expect(processed.rows.find((r) => (r as { id: string }).id === 'w3')).toMatchObject({
      status: 'processed',
    });
    expect(processed.rows).toHaveLength(110);
    // with none left to change, the next read starts at the last page
    exchange.asked.length = 0;
    await again(processed);
    expect(exchange.asked).toHaveLength(1);
    expect(exchange.asked[0]!.startInclusive).toBe(processed.pages.at(-1)!.start);
  });

  it('keeps its newest rows only: a busy day read again holds about FEED_MAX_LINES rows, not the day', async () => {
    const exchange = exchangeHistory(ANCHOR + 100_000);
    const since = windowStart(ANCHOR, 0);
    const cache = new Map<string, Slice>();
    const newest = () =>
      sliceQueries(
        exchange.read,
        [7],
        ANCHOR,
        0,
        (key) => cache.get(JSON.stringify(key)),
        () => keptSince([...cache.values()]),
      ).find((q) => q.kind === 'transfer')!;
    const readAndHold = async () => {
      const query = newest();
      const slice = await query.queryFn();
      cache.set(JSON.stringify(query.queryKey), slice);
      return slice;
    };
    // a live update at a time, each adding 100 rows of a second each (ids in order of adding)
    let held: Slice | undefined;
    for (let burst = 0; burst < 40; burst += 1) {
      const first = exchange.rows.length;
      for (let i = 0; i < 100; i += 1) exchange.rows.push({ id: `t${first + i}`, time: since + first + i });
      held = await readAndHold();
    }
    // 4,000 rows added: the newest are all held, once each and in order; at most a page more than kept
    const all = exchange.rows.map((r) => r.id);
    expect(held!.trimmed).toBe(true);
    expect(held!.rows.length).toBeGreaterThanOrEqual(FEED_MAX_LINES);
    expect(held!.rows.length).toBeLessThanOrEqual(FEED_MAX_LINES + 150);
    expect(ids(held!)).toEqual(all.slice(all.length - held!.rows.length));
    // the feed starts at its FEED_MAX_LINES-th newest row
    expect(keptSince([held!])).toBe(since + 4_000 - FEED_MAX_LINES);
    // and reading on from what it holds still reads only the last page again
    exchange.rows.push({ id: 'next', time: since + 4_000 });
    exchange.asked.length = 0;
    const lastHeld = held!.pages.at(-1)!.start;
    const again = await readAndHold();
    expect(exchange.asked[0]!.startInclusive).toBe(lastHeld);
    expect(exchange.asked.length).toBeLessThanOrEqual(2);
    expect(ids(again).at(-1)).toBe('next');
    expect(new Set(ids(again)).size).toBe(again.rows.length);
  });

  it('a feed of fewer rows keeps them all; the cut falls on a second, never splitting it', () => {
    const rows = (times: number[]) => ({ rows: times.map((time) => ({ time })) as never });
    expect(keptSince([rows([1, 2, 3])])).toBe(0);
    const many = Array.from({ length: FEED_MAX_LINES + 10 }, (_, i) => 1_000 + Math.floor(i / 4));
    // the oldest second kept is that of the FEED_MAX_LINES-th newest row: its other rows stay too
    expect(keptSince([rows(many.slice(0, 500)), rows(many.slice(500))])).toBe(
      [...many].sort((a, b) => b - a)[FEED_MAX_LINES - 1],
    );
  });

  it('shows each account and kind from its slices, newest first, cut at one second for every kind', () => {
    const slice = (times: number[], trimmed = false): Slice => ({
      rows: times.map((time) => ({ time })) as never,
      pages: [],
      ...(trimmed ? { trimmed: true as const } : {}),
    });
    // account 1's transfers: a newest slice and an older one; account 2's deposits: a day of rows at 2,000
    const newest = slice([5_000, 5_001]);
    const older = slice([4_000]);
    const busy = slice(Array.from({ length: FEED_MAX_LINES }, (_, i) => 4_500 + Math.floor(i / 2)));
    const shown = feedParts(
      [1, 2],
      (accountId, kind) =>
        accountId === 1 && kind === 'transfer'
          ? [newest, older]
          : accountId === 2 && kind === 'deposit'
            ? [busy]
            : [undefined],
      (accountId, kind) => accountId === 1 && kind === 'pnl',
    );
    expect(shown.parts.map((p) => `${p.accountId}:${p.kind}`)).toEqual(
      [1, 2].flatMap((id) => HISTORY_KINDS.map((kind) => `${id}:${kind}`)),
    );
    const part = (accountId: number, kind: string) =>
      shown.parts.find((p) => p.accountId === accountId && p.kind === kind)!;
    // 2,003 rows held: the 2,000th newest is at second 4,501 (the deposits' two rows a second from 4,500 to
    // 5,499, and the transfers' two at 5,000 and 5,001), so the deposits' first second and the transfer at
    // 4,000 are cut
    expect(shown.since).toBe(4_501);
    expect(part(1, 'transfer').rows.map((r) => r.time)).toEqual([5_000, 5_001]);
    expect(part(1, 'transfer').older).toBe(true);
    expect(part(2, 'deposit').rows).toHaveLength(FEED_MAX_LINES - 2);
    expect(part(2, 'deposit').older).toBe(true);
    // a kind with nothing cut says older rows exist only where its look back or its slices said so
    expect(part(1, 'pnl')).toMatchObject({ rows: [], older: true });
    expect(part(2, 'withdrawal')).toMatchObject({ rows: [], older: false });
  });

  it('keeps every row, and says nothing older is there, while the feed holds fewer than its most', () => {
    const rows = [{ time: 7 }, { time: 8 }] as never;
    const shown = feedParts(
      [3],
      (_, kind) => (kind === 'funding' ? [{ rows, pages: [] }] : []),
      () => false,
    );
    expect(shown.since).toBe(0);
    // the very rows the query holds: the feed's lines are made once per row object
    expect(shown.parts.find((p) => p.kind === 'funding')!.rows).toBe(rows);
    expect(shown.parts.every((p) => !p.older)).toBe(true);
  });
});
