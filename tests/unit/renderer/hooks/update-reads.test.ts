// After an account's live update (its figures already in): its triggers, vaults and the activity window's
// newest slice (All activity and every history tab) are read once for a burst, at the end of a short window;
// the chart's series, whose redraw is long, once per longer window. A payout on the settlement chain reads the on-chain balances
// shown at once. Through a real QueryClient with queries on screen.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { updateReads } from '../../../../src/renderer/src/hooks/update-reads';
import { activityKey } from '../../../../src/renderer/src/components/history/activity-window';

const keys = {
  triggers: (id: number) => ['triggers', id],
  vaults: ['vaults'],
  portfolioHistory: (id?: number) => ['portfolioHistory', id ?? 'all'],
  chainAll: ['chain'],
};

/** Queries shown on screen (observed), each read once now; returns how often each was read again since. */
async function onScreen(client: QueryClient, queryKeys: (readonly unknown[])[]) {
  const reads = new Map<string, number>();
  for (const queryKey of queryKeys) {
    const name = JSON.stringify(queryKey);
    new QueryObserver(client, {
      queryKey,
      queryFn: () => reads.set(name, (reads.get(name) ?? 0) + 1).get(name)!,
      staleTime: Infinity,
    }).subscribe(() => {});
  }
  await vi.advanceTimersByTimeAsync(0);
  return (key: readonly unknown[]) => (reads.get(JSON.stringify(key)) ?? 1) - 1;
}

describe('reads after an account update', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the feed, triggers and vaults once per short window, the chart once per longer one', async () => {
    const client = new QueryClient();
    const reads = new Map<string, number>();
    const shown = (queryKey: readonly unknown[]) => {
      const name = JSON.stringify(queryKey);
      new QueryObserver(client, {
        queryKey,
        queryFn: () => reads.set(name, (reads.get(name) ?? 0) + 1).get(name)!,
        staleTime: Infinity,
      }).subscribe(() => {});
    };
    const feed = [...activityKey(7), 'transfer', 0];
    for (const key of [
      keys.triggers(7),
      keys.vaults,
      keys.portfolioHistory(),
      keys.portfolioHistory(7),
      feed,
    ])
      shown(key);
    await vi.advanceTimersByTimeAsync(0);
    const count = (key: readonly unknown[]) => (reads.get(JSON.stringify(key)) ?? 1) - 1;
    const after = updateReads(client, keys);

    // updates every 100 ms for two seconds
    for (let t = 0; t < 2_000; t += 100) {
      after.after(7, 'fill');
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(400);
    expect(count(feed)).toBe(5);
    expect(count(keys.triggers(7))).toBe(5);
    expect(count(keys.vaults)).toBe(5);
    expect(count(keys.portfolioHistory())).toBe(0);
    expect(count(keys.portfolioHistory(7))).toBe(0);
    // the chart a few seconds after the first update, once for them all
    await vi.advanceTimersByTimeAsync(5_000);
    expect(count(keys.portfolioHistory())).toBe(1);
    expect(count(keys.portfolioHistory(7))).toBe(1);
    expect(count(feed)).toBe(5);

    after.after(7, 'fill');
    after.cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(count(feed)).toBe(5);
    expect(count(keys.portfolioHistory())).toBe(1);
  });

  it('updates of many accounts read what they share (vaults, the all-accounts chart) once a window, not once per account', async () => {
    const client = new QueryClient();
    const count = await onScreen(client, [
      keys.vaults,
      keys.portfolioHistory(),
      ...[1, 2, 3].map((id) => keys.portfolioHistory(id)),
    ]);
    const after = updateReads(client, keys);
    // thirty updates spread over three accounts within one short window
    for (let i = 0; i < 30; i += 1) after.after(1 + (i % 3), 'fill');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(count(keys.vaults)).toBe(1);
    expect(count(keys.portfolioHistory())).toBe(1);
    // each account's own chart still once
    expect([1, 2, 3].map((id) => count(keys.portfolioHistory(id)))).toEqual([1, 1, 1]);
    after.cancel();
  });

  it('a transfer reads again only the transfers of the account, not its other history, triggers or vaults', async () => {
    const client = new QueryClient();
    const transfers = [...activityKey(7), 'transfer', 0];
    const trades = [...activityKey(7), 'pnl', 0];
    const otherTransfers = [...activityKey(8), 'transfer', 0];
    const count = await onScreen(client, [transfers, trades, otherTransfers, keys.triggers(7), keys.vaults]);
    const after = updateReads(client, keys);

    after.after(7, 'transferReceived');
    after.after(7, 'transferSent');
    await vi.advanceTimersByTimeAsync(400);
    expect(count(transfers)).toBe(1);
    expect([count(trades), count(otherTransfers), count(keys.triggers(7)), count(keys.vaults)]).toEqual([
      0, 0, 0, 0,
    ]);

    // a fill in the same window as a transfer: everything the account shows, as for any kind not known
    after.after(7, 'transferReceived');
    after.after(7, 'fill');
    await vi.advanceTimersByTimeAsync(400);
    expect([count(transfers), count(trades), count(keys.triggers(7)), count(keys.vaults)]).toEqual([
      2, 1, 1, 1,
    ]);
    // and the window after it is narrow again
    after.after(7, 'depositCredited');
    await vi.advanceTimersByTimeAsync(400);
    expect([count(transfers), count(trades), count(keys.vaults)]).toEqual([2, 1, 1]);
    // an event the app has no name for (the real exchange's stream names none), or one named like a
    // property every object has
    after.after(7, 'update');
    after.after(7, 'constructor');
    await vi.advanceTimersByTimeAsync(400);
    expect([count(transfers), count(trades), count(keys.triggers(7)), count(keys.vaults)]).toEqual([
      3, 2, 2, 2,
    ]);
    after.cancel();
  });

  it("reads every wallet's on-chain balances shown as soon as a withdrawal is paid out, not at their next poll", async () => {
    const client = new QueryClient();
    const reads: string[] = [];
    for (const walletId of ['w1', 'w2'])
      new QueryObserver(client, {
        queryKey: ['chain', walletId],
        queryFn: () => reads.push(walletId),
        staleTime: Infinity,
      }).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    reads.length = 0;
    const after = updateReads(client, keys);

    after.after(7, 'fill');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads).toEqual([]); // an ordinary update leaves the chain alone
    after.paidOut();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads.sort()).toEqual(['w1', 'w2']);
    after.cancel();
  });
});
