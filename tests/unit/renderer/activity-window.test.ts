// The All activity feed's window: its slices tile the time from the window's start to now without a gap or
// an overlap (no row read twice, none missed), only the newest slice is what a live update reads again, and
// the look further back asks for one row before the window, and nothing once the window has everything.
import { describe, expect, it } from 'vitest';
import {
  activityKey,
  olderAnywhereQuery,
  olderQueries,
  sliceQueries,
  windowStart,
  type PageQuery,
} from '../../../src/renderer/src/components/history/activity-window';
import { HISTORY_KINDS } from '../../../src/shared/exchange/history';

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
});
