// A live account update folded into the cached portfolio: the one account is read again and put in its
// place, with its wallet's and the total equity summed anew, instead of the whole portfolio (every account of
// every wallet) being read again for each event, which made a figure wait for all the others.
import type { QueryClient } from '@tanstack/react-query';
import type { ResultOf } from '../../../shared/ipc/contract';
import { unwrap, wallet } from '../bridge/wallet';
import { withAccount, type Portfolio } from '../../../shared/portfolio-merge';

/** Reads the account once and puts it in the account's own query and in the portfolio. */
export async function refreshAccount(
  client: QueryClient,
  keys: { portfolio: readonly unknown[]; account: (id: number) => readonly unknown[] },
  accountId: number,
): Promise<void> {
  let detail: ResultOf<'portfolio.account'>;
  try {
    detail = await unwrap(wallet.portfolio.account({ accountId }));
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
}
