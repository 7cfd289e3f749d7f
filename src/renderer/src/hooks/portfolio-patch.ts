// A live account update folded into the cached portfolio: the one account is read again and put in its
// place, with its wallet's and the total equity summed anew, instead of the whole portfolio (every account of
// every wallet) being read again for each event, which made a figure wait for all the others.
//
// Reads of one account do not pile up: while one is under way, any number of further updates of that account
// make one more read once it is in, not one each. Unpaced, a window that fell behind a burst (20 events a
// second in the soak, or a busy machine) had a read and a redraw queued for every event, and fell further
// behind; with this, what is queued is at most one read an account, and the figures drawn are the newest.
import type { QueryClient } from '@tanstack/react-query';
import type { ResultOf } from '../../../shared/ipc/contract';
import { unwrap, wallet } from '../bridge/wallet';
import { withAccount, type Portfolio } from '../../../shared/portfolio-merge';

type AccountDetail = ResultOf<'portfolio.account'>;

export interface AccountRefresher {
  /** The account changed: its figures are read and put in place. Resolves once figures at least as new as this update are in. */
  refresh(accountId: number): Promise<void>;
}

export function accountRefresher(
  client: QueryClient,
  keys: { portfolio: readonly unknown[]; account: (id: number) => readonly unknown[] },
  readAccount: (accountId: number) => Promise<AccountDetail> = (accountId) =>
    unwrap(wallet.portfolio.account({ accountId })),
): AccountRefresher {
  /** the read under way for each account, and whether an update came after it started */
  const running = new Map<number, { again: boolean; done: Promise<void> }>();

  const readOnce = async (accountId: number): Promise<void> => {
    let detail: AccountDetail;
    try {
      detail = await readAccount(accountId);
    } catch {
      // the query's own refetch says why, where it is shown
      await client.invalidateQueries({ queryKey: keys.account(accountId) });
      return;
    }
    client.setQueryData(keys.account(accountId), detail);
    const { owner: _owner, walletId: _walletId, walletLabel: _walletLabel, ...view } = detail;
    const portfolio = client.getQueryData<Portfolio>(keys.portfolio);
    if (!portfolio) return;
    const next = withAccount(portfolio, view);
    // an account the portfolio does not list yet (just created): read the whole portfolio
    if (next) client.setQueryData(keys.portfolio, next);
    else await client.invalidateQueries({ queryKey: keys.portfolio });
  };

  return {
    refresh(accountId) {
      const run = running.get(accountId);
      if (run) {
        // the read under way may have left before this update: one more once it is in
        run.again = true;
        return run.done;
      }
      const entry = { again: false, done: Promise.resolve() };
      entry.done = (async () => {
        try {
          do {
            entry.again = false;
            await readOnce(accountId);
          } while (entry.again);
        } finally {
          running.delete(accountId);
        }
      })();
      running.set(accountId, entry);
      return entry.done;
    },
  };
}
