// The app lock's state, and what the first screen after unlocking reads, asked for while unlocking.
import { notifyManager, useQuery, type QueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import type { Portfolio } from '../../../../shared/portfolio-merge';
import { accountKeys } from '../accounts';
import { marketKeys } from '../markets';
import { networkKeys } from '../network';

export const lockKeys = {
  lock: ['lockState'],
  /** this window's unlock, while it is being answered */
  unlock: ['unlock'],
};

export const useLockState = () =>
  useQuery({ queryKey: lockKeys.lock, queryFn: () => unwrap(wallet.lock.state()) });
/**
 * What the first screen after unlocking reads that the lock screen may read too, asked for as Unlock is
 * pressed: it is answered while the passphrase is checked. Asked for after the answer, the settings came
 * back 150-250 ms later, behind main's first reads of every account, and until then the app drew only a
 * "Loading settings" screen.
 */
export function prefetchForUnlock(client: QueryClient): void {
  void client.prefetchQuery({ queryKey: networkKeys.settings, queryFn: () => unwrap(wallet.settings.get()) });
  void client.prefetchQuery({ queryKey: marketKeys.markets, queryFn: () => unwrap(wallet.app.markets()) });
}

/**
 * What the first screen after unlocking reads, asked for at once the moment the unlock is answered: otherwise
 * the wallet list, then the portfolio would each wait for the screen the one before draws. The portfolio
 * main read while the passphrase was checked comes with the answer: it is put in place with the wallet list
 * it was read for, in one change, so the screen draws once and with it.
 */
export function prefetchUnlocked(client: QueryClient, portfolio?: Portfolio): void {
  if (portfolio)
    notifyManager.batch(() => {
      client.setQueryData(accountKeys.portfolio, portfolio);
      client.setQueryData(
        accountKeys.wallets,
        portfolio.wallets.map((w) => w.wallet),
      );
    });
  if (!portfolio) {
    void client.prefetchQuery({
      queryKey: accountKeys.wallets,
      queryFn: () => unwrap(wallet.wallets.list()),
    });
    void client.prefetchQuery({
      queryKey: accountKeys.portfolio,
      queryFn: () => unwrap(wallet.portfolio.get()),
    });
  }
}
