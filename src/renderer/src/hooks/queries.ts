// Live events from main invalidate the queries they affect, so screens follow the exchange without polling.
// One subscription for the window (App.tsx); each feature owns its query keys, gathered here from its index.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { wallet } from '../bridge/wallet';
import { updateReads } from './update-reads';
import { accountRefresher } from './portfolio-patch';
import { showsUpdate, type Portfolio } from '../../../shared/portfolio-merge';
import { accountNotice, depositNotice, noticeId } from '../../../shared/notices';
import { accountInWords } from '../../../shared/account-words';
import { accountKeys, useAccountNames } from '../features/accounts';
import { chainKeys } from '../features/chain';
import { lockKeys } from '../features/lock';
import { useTokens } from '../features/markets';
import {
  APP_WIDE,
  networkKeys,
  offlineNotice,
  type DevnetStatus,
  type ExchangeStatus,
} from '../features/network';
import { portfolioKeys } from '../features/portfolio';
import { sessionKeys } from '../features/sessions';
import { transferKeys } from '../features/transfers';
import { triggerKeys } from '../features/triggers';
import { vaultKeys } from '../features/vaults';

const keys = {
  ...lockKeys,
  ...networkKeys,
  ...accountKeys,
  ...portfolioKeys,
  ...sessionKeys,
  ...transferKeys,
  ...chainKeys,
  ...vaultKeys,
  ...triggerKeys,
};

const OFFLINE_NOTICE = 'exchange-offline';

/** Shows the notice, or changes its words if it is already shown. */
function showOrUpdate(notice: Parameters<typeof notifications.show>[0] & { id: string }): void {
  notifications.show(notice);
  notifications.update(notice);
}

/** Subscribes once to main's events: lock changes, deposit progress, live account updates. */
export function useLiveEvents(): void {
  const client = useQueryClient();
  const { format } = useTokens();
  const names = useAccountNames();
  useEffect(() => {
    const words = (id: number) => accountInWords(id, names.nameOf(id));
    const afterUpdate = updateReads(client, keys);
    const figures = accountRefresher(client, keys);
    const off = [
      wallet.onExchangeStatus((status) => {
        const before = client.getQueryData<ExchangeStatus | null>(keys.exchangeStatus);
        client.setQueryData<ExchangeStatus>(
          keys.exchangeStatus,
          status.connected
            ? status
            : { ...status, offlineSince: before?.connected === false ? before.offlineSince : Date.now() },
        );
        if (!status.connected && before?.connected !== false)
          notifications.show({
            id: OFFLINE_NOTICE,
            color: 'orange',
            ...offlineNotice(client.getQueryData<DevnetStatus | null>(keys.devnetStatus)),
            autoClose: false,
          });
        if (status.connected && before?.connected === false) {
          notifications.hide(OFFLINE_NOTICE);
          notifications.show({
            color: 'teal',
            title: 'Exchange reachable again',
            message: 'Balances and positions are current again.',
          });
          // whatever changed while away is read afresh
          void client.invalidateQueries({
            predicate: (q) => !APP_WIDE.has(String(q.queryKey[0])),
          });
        }
      }),
      wallet.onDevnetStatus((status) => {
        const was = client.getQueryData<DevnetStatus | null>(keys.devnetStatus);
        client.setQueryData(keys.devnetStatus, status);
        // running again while the live connection never said it was lost (a locked app streams nothing)
        if (
          status.state === 'running' &&
          was &&
          was.state !== 'running' &&
          client.getQueryData<ExchangeStatus | null>(keys.exchangeStatus)?.connected !== false
        )
          notifications.hide(OFFLINE_NOTICE);
        // the local exchange's own words, whether or not the live connection has noticed yet; once it runs
        // again the connection's coming back says so ("Exchange reachable again")
        // given up on: what failed to load while it was restarting is read again, so its words say so too
        if (status.state === 'stopped')
          void client.invalidateQueries({
            predicate: (q) => q.state.status === 'error' && !APP_WIDE.has(String(q.queryKey[0])),
          });
        if (status.state !== 'running')
          showOrUpdate({
            id: OFFLINE_NOTICE,
            color: status.state === 'stopped' ? 'red' : 'orange',
            ...offlineNotice(status),
            autoClose: false,
          });
      }),
      wallet.onLockState((state) => {
        // This window's own unlock is answered with the state and the portfolio together, just after this
        // event: switching on the event drew the whole app without the portfolio first (150-250 ms of work
        // the answer then waited behind), and again with it.
        if (state.status === 'unlocked' && client.isMutating({ mutationKey: keys.unlock }) > 0) return;
        client.setQueryData(keys.lock, state);
        if (state.status !== 'unlocked')
          client.removeQueries({
            predicate: (q) => q.queryKey[0] !== 'markets' && !APP_WIDE.has(String(q.queryKey[0])),
          });
      }),
      // a session made or ended on the exchange, here or elsewhere: the list (and every page's banner) reads it
      wallet.onSessionsChanged(() => void client.invalidateQueries({ queryKey: keys.sessions })),
      // the chain's PubSub told main that a wallet's on-chain accounts changed: shown at once, not at the next re-read
      wallet.onChainBalances(
        ({ walletId }) => void client.invalidateQueries({ queryKey: keys.chain(walletId) }),
      ),
      wallet.onDepositStatus((deposit) => {
        void client.invalidateQueries({ queryKey: keys.deposits });
        if (deposit.status === 'credited') void client.invalidateQueries({ queryKey: keys.portfolio });
        const notice = depositNotice(deposit, format, words);
        if (notice) notifications.show({ ...notice });
      }),
      wallet.onAccountUpdate((update) => {
        if (update.type === 'withdrawalProcessed') afterUpdate.paidOut();
        // Watching starts at unlock with a resync of every account, just after the portfolio was read: one
        // that finds nothing newer than the figures on screen reads nothing again (30 accounts' reads and
        // their chart and history refetches would otherwise queue in front of the first draw)
        const portfolio = client.getQueryData<Portfolio>(keys.portfolio);
        if (update.type === 'resync' && showsUpdate(portfolio, update.accountId, update.updateId)) return;
        // the account's figures first; the slower reads after (update-reads.ts), so they do not queue in
        // front of them, and once for a burst of updates
        void figures
          .refresh(update.accountId)
          .finally(() => afterUpdate.after(update.accountId, update.type));
        const notice = accountNotice(update, words);
        // one on screen at a time for the same words (noticeId)
        if (notice) notifications.show({ ...notice, id: noticeId(notice) });
      }),
    ];
    return () => {
      off.forEach((unsubscribe) => unsubscribe());
      afterUpdate.cancel();
    };
  }, [client, format, names]);
}
