// A live account update folded into the cached portfolio (the renderer's hooks/portfolio-patch.ts): the account in its place,
// its wallet's and the total equity summed anew.
import type { ResultOf } from './ipc/contract';

export type Portfolio = ResultOf<'portfolio.get'>;
export type AccountView = Portfolio['wallets'][number]['accounts'][number];

/** The portfolio with `account` in place of its older figures; null when the portfolio does not hold it. */
export function withAccount(portfolio: Portfolio, account: AccountView): Portfolio | null {
  let found = false;
  const wallets = portfolio.wallets.map((w) => {
    if (!w.accounts.some((a) => a.accountId === account.accountId)) return w;
    found = true;
    const accounts = w.accounts.map((a) =>
      // figures read earlier must not replace newer ones (two updates may be read at once)
      a.accountId === account.accountId && account.updateId >= a.updateId ? account : a,
    );
    return { ...w, accounts, equity: accounts.reduce((sum, a) => sum + a.equity, 0n) };
  });
  if (!found) return null;
  return { ...portfolio, wallets, equity: wallets.reduce((sum, w) => sum + w.equity, 0n) };
}

/** Whether the portfolio already shows the account at `updateId` or later: reading it again would change nothing. */
export function showsUpdate(portfolio: Portfolio | undefined, accountId: number, updateId: number): boolean {
  return (
    portfolio?.wallets.some((w) =>
      w.accounts.some((a) => a.accountId === accountId && a.updateId >= updateId),
    ) ?? false
  );
}
