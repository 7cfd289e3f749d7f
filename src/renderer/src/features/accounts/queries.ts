// The person's wallets and accounts as every feature reads them: the wallet list, the portfolio (each account's
// figures), one account's detail, the names given to accounts here, and the wallets marked compromised.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { accountLabel } from '../../../../shared/account-words';

export const accountKeys = {
  wallets: ['wallets'],
  portfolio: ['portfolio'],
  account: (accountId: number) => ['account', accountId],
  accountNames: ['accountNames'],
  compromised: ['compromised'],
};

/**
 * Account changes arrive over the exchange's stream (see useLiveEvents); price moves do not change an
 * account, so equity, PnL and health are also re-read every 10 s to follow the mark price.
 */
export const MARK_TO_MARKET_MS = 10_000;

/**
 * The names the person gave accounts on this computer, and an account as the screens write it: its name
 * with its number ("Savings (#4)"), or the number alone.
 */
export function useAccountNames() {
  const names = useQuery({
    queryKey: accountKeys.accountNames,
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

export const useAccount = (accountId: number) =>
  useQuery({
    queryKey: accountKeys.account(accountId),
    queryFn: () => unwrap(wallet.portfolio.account({ accountId })),
    refetchInterval: MARK_TO_MARKET_MS,
  });
export const useWallets = (enabled = true) =>
  useQuery({ queryKey: accountKeys.wallets, queryFn: () => unwrap(wallet.wallets.list()), enabled });
/** The wallets the leaked wallet-key drill marked compromised: flagged wherever their address appears. */
export const useCompromised = () =>
  useQuery({ queryKey: accountKeys.compromised, queryFn: () => unwrap(wallet.drills.compromised({})) });
/** A portfolio read this recently is not read again by a screen that mounts (the first one, after unlocking). */
const FRESH_PORTFOLIO_MS = 2_000;
export const usePortfolio = () =>
  useQuery({
    queryKey: accountKeys.portfolio,
    queryFn: () => unwrap(wallet.portfolio.get()),
    refetchInterval: MARK_TO_MARKET_MS,
    staleTime: FRESH_PORTFOLIO_MS,
  });
