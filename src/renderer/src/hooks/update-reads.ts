// What an account's live update makes stale besides its figures, read after the figures are in and once for
// a burst of updates. The account's history tails, its triggers, vaults and the activity feed's newest slice
// are read once per short window. The equity and PnL chart waits longer: its series changes at every read
// (it runs to now) and its redraw is one long uninterruptible task (recharts' own store re-renders it
// synchronously), so redrawn at every short window it held up the figures of the updates that followed. Its
// axis is in minutes and equity is sampled at most once a minute: a few seconds late is not seen.
//
// An update of a kind the app knows reads again only what that kind changes: a transfer the account's
// transfers, not its ten kinds of history, its triggers and the vaults. The soak (20 transfers a second into 30
// accounts) showed the feed's every-kind re-reads as the page's largest cost: 10 reads and 10 redraws of a
// 300-query feed per account and window, which left the figures seconds behind. An update of any other kind
// (the real exchange's stream names none) may have changed anything, and reads everything as before.
import type { QueryClient } from '@tanstack/react-query';
import type { HistoryKind } from '../../../shared/exchange/history';
import { activityKey } from '../components/history/activity-window';
import { oncePerWindow, type Timers } from './once-per-window';

/** How long the slow reads an account update prompts wait for more updates of that account to join them. */
const SLOW_READS_WINDOW_MS = 400;
/** The same for the chart's series. */
const CHART_READS_WINDOW_MS = 5_000;

export interface UpdateReadKeys {
  triggers: (accountId: number) => readonly unknown[];
  vaults: readonly unknown[];
  portfolioHistory: (accountId?: number) => readonly unknown[];
  /** every wallet's on-chain balances */
  chainAll: readonly unknown[];
}

/**
 * The history an account event of a known kind changes, and nothing else besides figures and charts (no
 * triggers, no vault shares). Kinds not here may change anything. A Map, since the type is the exchange's
 * word: a plain object would answer "constructor" from its prototype.
 */
const ONLY_HISTORY: ReadonlyMap<string, readonly HistoryKind[]> = new Map([
  ['transferSent', ['transfer']],
  ['transferReceived', ['transfer']],
  ['depositCredited', ['deposit']],
  ['withdrawalRequested', ['withdrawal']],
  ['withdrawalProcessed', ['withdrawal']],
]);

export interface UpdateReads {
  /**
   * the account changed on the exchange (an event of `type`) and its figures are in: what else it shows is
   * read in a while
   */
  after(accountId: number, type: string): void;
  /**
   * a withdrawal was paid out on the settlement chain: the on-chain balances shown are read now, not at their
   * next poll seconds later (the destination may be any of the person's wallets)
   */
  paidOut(): void;
  cancel(): void;
}

/**
 * The window key of what is shared by every account (the vaults, the chart of all accounts): one read a
 * window for updates of any account. Keyed by account, 30 accounts with an event each read the all-accounts
 * series 30 times a window (each a read of every account's PnL), which the soak showed piling up.
 */
const ALL_ACCOUNTS = -1;

export function updateReads(client: QueryClient, keys: UpdateReadKeys, timers?: Timers): UpdateReads {
  const slow = oncePerWindow(SLOW_READS_WINDOW_MS, timers);
  const chart = oncePerWindow(CHART_READS_WINDOW_MS, timers);
  /** per account, what the updates of its waiting window changed: some kinds of history, or anything */
  const stale = new Map<number, Set<HistoryKind> | 'anything'>();
  return {
    after(accountId, type) {
      const only = ONLY_HISTORY.get(type);
      const was = stale.get(accountId);
      if (!only) stale.set(accountId, 'anything');
      else if (was !== 'anything') stale.set(accountId, new Set([...(was ?? []), ...only]));
      slow.schedule(accountId, () => {
        const changed = stale.get(accountId);
        stale.delete(accountId);
        // the All activity feed and every history tab (both show the window's slices) read again only the
        // newest slice, where new rows appear
        if (changed === 'anything' || changed === undefined) {
          void client.invalidateQueries({ queryKey: keys.triggers(accountId) });
          void client.invalidateQueries({ queryKey: activityKey(accountId) });
        } else
          for (const kind of changed)
            void client.invalidateQueries({ queryKey: [...activityKey(accountId), kind] });
      });
      if (!only) slow.schedule(ALL_ACCOUNTS, () => void client.invalidateQueries({ queryKey: keys.vaults }));
      // a fill or funding changes realized PnL, a transfer equity: the charts too
      chart.schedule(accountId, () => {
        void client.invalidateQueries({ queryKey: keys.portfolioHistory(accountId) });
      });
      chart.schedule(ALL_ACCOUNTS, () => {
        void client.invalidateQueries({ queryKey: keys.portfolioHistory() });
      });
    },
    paidOut() {
      void client.invalidateQueries({ queryKey: keys.chainAll });
    },
    cancel() {
      stale.clear();
      slow.cancel();
      chart.cancel();
    },
  };
}
