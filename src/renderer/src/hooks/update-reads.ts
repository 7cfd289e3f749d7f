// What an account's live update makes stale besides its figures, read after the figures are in and once for
// a burst of updates. The account's history tails, its triggers, vaults and the activity feed's newest slice
// are read once per short window. The equity and PnL chart waits longer: its series changes at every read
// (it runs to now) and its redraw is one long uninterruptible task (recharts' own store re-renders it
// synchronously), so redrawn at every short window it held up the figures of the updates that followed. Its
// axis is in minutes and equity is sampled at most once a minute: a few seconds late is not seen.
import type { QueryClient } from '@tanstack/react-query';
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

export interface UpdateReads {
  /** the account changed on the exchange and its figures are in: what else it shows is read in a while */
  after(accountId: number): void;
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
  return {
    after(accountId) {
      slow.schedule(accountId, () => {
        void client.invalidateQueries({ queryKey: keys.triggers(accountId) });
        // the All activity feed and every history tab (both show the window's slices) read again only the
        // newest slice, where new rows appear
        void client.invalidateQueries({ queryKey: activityKey(accountId) });
      });
      slow.schedule(ALL_ACCOUNTS, () => void client.invalidateQueries({ queryKey: keys.vaults }));
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
      slow.cancel();
      chart.cancel();
    },
  };
}
