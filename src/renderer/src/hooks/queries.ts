// Data for the screens, all through window.wallet. Live events from main invalidate the queries they
// affect, so screens follow the exchange without polling.
import { useEffect, useMemo } from 'react';
import { notifyManager, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { unwrap, wallet } from '../bridge/wallet';
import { formatMarketFigure, formatToken } from '../../../shared/figures';
import type { MarketInfo, TokenInfo } from '../../../shared/exchange/info';
import type { EventOf } from '../../../shared/ipc/events';
import { updateReads } from './update-reads';
import { accountRefresher } from './portfolio-patch';
import { showsUpdate, type Portfolio } from '../../../shared/portfolio-merge';
import { formatTimeOfDay, fromSeconds } from '../../../shared/time';
import { accountNotice, depositNotice, noticeId } from '../../../shared/notices';
import { accountInWords, accountLabel } from '../../../shared/account-words';
import { offlineNotice, type DevnetStatus } from './offline-words';

export const keys = {
  markets: ['markets'],
  lock: ['lockState'],
  /** this window's unlock, while it is being answered */
  unlock: ['unlock'],
  settings: ['settings'],
  appInfo: ['appInfo'],
  wallets: ['wallets'],
  portfolio: ['portfolio'],
  sessions: ['sessions'],
  deposits: ['deposits'],
  audit: ['audit'],
  chain: (walletId: string) => ['chain', walletId],
  chainAll: ['chain'],
  history: (accountId: number, kind: string) => ['history', accountId, kind],
  account: (accountId: number) => ['account', accountId],
  portfolioHistory: (accountId?: number) => ['portfolioHistory', accountId ?? 'all'],
  vaults: ['vaults'],
  triggers: (accountId: number) => ['triggers', accountId],
  exchangeStatus: ['exchangeStatus'],
  devnetStatus: ['devnetStatus'],
  accountNames: ['accountNames'],
  compromised: ['compromised'],
};

/**
 * Account changes arrive over the exchange's stream (see useLiveEvents); price moves do not change an
 * account, so equity, PnL and health are also re-read every 10 s to follow the mark price.
 */
const MARK_TO_MARKET_MS = 10_000;

/** Queries that do not depend on the exchange or the person and survive a lock or a network change. */
const APP_WIDE = new Set(['lockState', 'settings', 'appInfo', 'exchangeStatus', 'devnetStatus']);

/** main's event, and when this window first heard that contact was lost (kept across repeated offline events) */
export type ExchangeStatus = EventOf<'exchangeStatus'> & { offlineSince?: number };
const OFFLINE_NOTICE = 'exchange-offline';

/** The last of main's events of one kind, as useLiveEvents keeps it: nothing is fetched, null until one came. */
const useLastEvent = <T>(queryKey: string[]) =>
  useQuery<T | null>({ queryKey, queryFn: () => null, initialData: null, staleTime: Infinity });

/**
 * Whether main's live connection to the exchange holds, as its exchangeStatus events say. Until an event
 * arrives the connection is taken to be fine (main says so within seconds when it is not).
 */
export const useExchangeStatus = () => useLastEvent<ExchangeStatus>(keys.exchangeStatus);

/**
 * The embedded devnet's process as its supervisor last said (null: no devnet in use): asked once, for a window
 * opened after it stopped, then kept by its events.
 */
export const useDevnetStatus = () =>
  useQuery<DevnetStatus | null>({
    queryKey: keys.devnetStatus,
    queryFn: async () => (await unwrap(wallet.app.info())).devnet,
    staleTime: Infinity,
  });

/** Shows the notice, or changes its words if it is already shown. */
function showOrUpdate(notice: Parameters<typeof notifications.show>[0] & { id: string }): void {
  notifications.show(notice);
  notifications.update(notice);
}

export const useMarkets = () =>
  useQuery({ queryKey: keys.markets, queryFn: () => unwrap(wallet.app.markets()), staleTime: 60_000 });

/**
 * Token lookups and formatting by id: decimals come from /info, never from a guess. One object (and one
 * `format`) while /info stays the same, so that memoised rows given `format` are not drawn again for it.
 */
export function useTokens() {
  const { data, isSuccess } = useMarkets();
  return useMemo(() => {
    const tokens = new Map<number, TokenInfo>((data?.tokens ?? []).map((t) => [t.tokenId, t]));
    const quoteTokenId = data?.quoteTokenId ?? 0;
    /** an amount for reading (figures.ts): the quote token in cents; `exact` for what is about to be signed */
    const format = (
      amount: bigint,
      tokenId: number,
      options: { signed?: boolean; exact?: boolean } = {},
    ): string => {
      const token = tokens.get(tokenId);
      if (!token) return `${amount.toString()} (token ${tokenId})`;
      return formatToken(amount, token, { quote: tokenId === quoteTokenId, ...options });
    };
    return {
      tokens,
      list: data?.tokens ?? [],
      quoteTokenId,
      quoteSymbol: tokens.get(quoteTokenId)?.symbol ?? '',
      format,
      ready: isSuccess,
    };
  }, [data, isSuccess]);
}

/**
 * Market lookups: symbols, and prices and sizes with every place of the market's own decimals from /info, so
 * that a column of them lines up; sizes carry the base token's symbol. One object while /info stays the same.
 */
export function useMarketFormat() {
  const { data, isSuccess } = useMarkets();
  return useMemo(() => {
    const byId = new Map<number, MarketInfo>((data?.markets ?? []).map((m) => [m.marketId, m]));
    const tokens = new Map<number, TokenInfo>((data?.tokens ?? []).map((t) => [t.tokenId, t]));
    const symbol = (marketId: number): string => byId.get(marketId)?.symbol ?? `market ${marketId}`;
    // a price in a sentence carries its unit; a column's header names it once for every cell
    const price = (marketId: number, value: bigint, options: { unit?: boolean } = {}): string => {
      const m = byId.get(marketId);
      if (!m) return value.toString();
      const unit = options.unit ? tokens.get(m.quoteTokenId)?.symbol : undefined;
      return formatMarketFigure(value, m.priceDecimals, { unit });
    };
    const size = (marketId: number, value: bigint, options: { signed?: boolean } = {}): string => {
      const m = byId.get(marketId);
      if (!m) return value.toString();
      return formatMarketFigure(value, m.sizeDecimals, {
        unit: tokens.get(m.baseTokenId)?.symbol,
        ...options,
      });
    };
    return { symbol, price, size, markets: data?.markets ?? [], ready: isSuccess };
  }, [data, isSuccess]);
}

/**
 * The names the person gave accounts on this computer, and an account as the screens write it: its name
 * with its number ("Savings (#4)"), or the number alone.
 */
export function useAccountNames() {
  const names = useQuery({
    queryKey: keys.accountNames,
    queryFn: () => unwrap(wallet.settings.accountNames()),
  });
  // one object while the names stay the same, so that what is computed from it (history lines) is not redone
  return useMemo(() => {
    const byId = new Map((names.data ?? []).map((n) => [n.accountId, n.name]));
    const nameOf = (accountId: number): string | undefined => byId.get(accountId);
    const label = (accountId: number): string => accountLabel(accountId, byId.get(accountId));
    return { nameOf, label };
  }, [names.data]);
}

/**
 * Each account by its wallet and name, as reviews and history lines name it: "Twelve · Savings (#5)"
 * (shared/account-words.ts). The wallet is the one of the person's that holds it on the portfolio; an account
 * of none of theirs is named by its number (and a name given to it here).
 */
export function useAccountLabels() {
  const names = useAccountNames();
  const portfolio = usePortfolio();
  // the owners as one string: the portfolio is read again often, the owners rarely change
  const owners = JSON.stringify(
    (portfolio.data?.wallets ?? []).flatMap((w) => w.accounts.map((a) => [a.accountId, w.wallet.label])),
  );
  return useMemo(() => {
    const walletOf = new Map(JSON.parse(owners) as [number, string][]);
    const full = (accountId: number): string =>
      accountLabel(accountId, names.nameOf(accountId), walletOf.get(accountId));
    return { ...names, full };
  }, [names, owners]);
}

export const useSettings = () =>
  useQuery({ queryKey: keys.settings, queryFn: () => unwrap(wallet.settings.get()) });
export const useAccount = (accountId: number) =>
  useQuery({
    queryKey: keys.account(accountId),
    queryFn: () => unwrap(wallet.portfolio.account({ accountId })),
    refetchInterval: MARK_TO_MARKET_MS,
  });
/** The chart's series: read every minute, and a few seconds after account events (update-reads.ts). */
export const usePortfolioHistory = (accountId?: number) =>
  useQuery({
    queryKey: keys.portfolioHistory(accountId),
    queryFn: () => unwrap(wallet.portfolio.history(accountId === undefined ? {} : { accountId })),
    refetchInterval: 60_000,
  });

/** Vaults move with their strategy's trades and the mark, which send no account event: re-read often. */
export const useVaults = () =>
  useQuery({
    queryKey: keys.vaults,
    queryFn: () => unwrap(wallet.vaults.get()),
    refetchInterval: MARK_TO_MARKET_MS,
  });
export const useTriggers = (accountId: number) =>
  useQuery({ queryKey: keys.triggers(accountId), queryFn: () => unwrap(wallet.triggers.get({ accountId })) });

export const useLockState = () =>
  useQuery({ queryKey: keys.lock, queryFn: () => unwrap(wallet.lock.state()) });
export const useWallets = (enabled = true) =>
  useQuery({ queryKey: keys.wallets, queryFn: () => unwrap(wallet.wallets.list()), enabled });
/** The wallets the leaked wallet-key drill marked compromised: flagged wherever their address appears. */
export const useCompromised = () =>
  useQuery({ queryKey: keys.compromised, queryFn: () => unwrap(wallet.drills.compromised({})) });
/** A portfolio read this recently is not read again by a screen that mounts (the first one, after unlocking). */
const FRESH_PORTFOLIO_MS = 2_000;
export const usePortfolio = () =>
  useQuery({
    queryKey: keys.portfolio,
    queryFn: () => unwrap(wallet.portfolio.get()),
    refetchInterval: MARK_TO_MARKET_MS,
    staleTime: FRESH_PORTFOLIO_MS,
  });
/**
 * What the first screen after unlocking reads that the lock screen may read too, asked for as Unlock is
 * pressed: it is answered while the passphrase is checked. Asked for after the answer, the settings came
 * back 150-250 ms later, behind main's first reads of every account, and until then the app drew only a
 * "Loading settings" screen.
 */
export function prefetchForUnlock(client: QueryClient): void {
  void client.prefetchQuery({ queryKey: keys.settings, queryFn: () => unwrap(wallet.settings.get()) });
  void client.prefetchQuery({ queryKey: keys.markets, queryFn: () => unwrap(wallet.app.markets()) });
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
      client.setQueryData(keys.portfolio, portfolio);
      client.setQueryData(
        keys.wallets,
        portfolio.wallets.map((w) => w.wallet),
      );
    });
  if (!portfolio) {
    void client.prefetchQuery({ queryKey: keys.wallets, queryFn: () => unwrap(wallet.wallets.list()) });
    void client.prefetchQuery({ queryKey: keys.portfolio, queryFn: () => unwrap(wallet.portfolio.get()) });
  }
}
/**
 * A session made or ended anywhere is told by main's sessionsChanged event (its stranger watch reads the
 * wallets every few seconds), and this app's own changes invalidate the list; the list is read again now and
 * then only so that a session's status follows its expiry.
 */
const SESSION_STATUS_MS = 5 * 60_000;
export const useSessions = () =>
  useQuery({
    queryKey: keys.sessions,
    queryFn: () => unwrap(wallet.sessions.list()),
    refetchInterval: SESSION_STATUS_MS,
  });
type SessionView = NonNullable<ReturnType<typeof useSessions>['data']>[number];

/** Made by neither this device nor the demo data: someone else holding the wallet key made it. */
export const madeElsewhere = (s: SessionView): boolean => !s.createdHere && !s.demo;

export const useDeposits = () =>
  useQuery({ queryKey: keys.deposits, queryFn: () => unwrap(wallet.funds.deposits()) });

/**
 * Warns once per session about one of this device's close to expiry. A session made elsewhere is not
 * this device's to renew or replace: the banner on every page (StrangerSessions) tells of it instead.
 */
export function useSessionWarnings(): void {
  const sessions = useSessions();
  useEffect(() => {
    for (const s of sessions.data ?? []) {
      if (!s.createdHere || s.status !== 'expiring') continue;
      const seen = `perpetua.warned.${s.walletPublicKey}.${s.sessionId}.expiring`;
      if (sessionStorage.getItem(seen)) continue;
      sessionStorage.setItem(seen, '1');
      notifications.show({
        color: 'yellow',
        title: 'Session expiring',
        message: `Session #${s.sessionId} of ${s.walletLabel} expires at ${formatTimeOfDay(fromSeconds(s.expiry))}.`,
      });
    }
  }, [sessions.data]);
}

/** After the network changed, nothing cached from the previous exchange may show. */
export async function afterNetworkChange(client: ReturnType<typeof useQueryClient>): Promise<void> {
  client.removeQueries({ predicate: (q) => !APP_WIDE.has(String(q.queryKey[0])) && !q.isActive() });
  await client.invalidateQueries();
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
