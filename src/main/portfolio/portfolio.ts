// The portfolio as the screens show it: every wallet's accounts read from the exchange, their equity sampled
// for the chart, and their account streams watched so screens stay live; and the chart's equity and PnL
// series (one account in detail: account-detail.ts).
import type { z } from 'zod';
import type { PortfolioHistorySchema, PortfolioSchema } from '../../shared/ipc/portfolio';
import type { Services } from '../services';
import type { WalletInfo } from '../wallets/wallet-service';
import { sumSteps, zipSeries, type Point } from './series';
import { accountView } from './account-detail';

type Portfolio = z.output<typeof PortfolioSchema>;

/** The account ids of each of `wallets`, as the exchange lists them (none for a wallet it does not know). */
async function accountsByWallet(s: Services, wallets: WalletInfo[] = s.wallets.list()) {
  return Promise.all(
    wallets.map(async (wallet) => {
      const accountIds = await s.client.walletAccounts(wallet.publicKey);
      return { wallet, registered: accountIds !== null, accountIds: accountIds ?? [] };
    }),
  );
}

type WalletHoldings = Portfolio['wallets'];

/** Each of `wallets`' accounts as the exchange shows them: reads only, nothing watched or recorded. */
async function readWallets(s: Services, wallets?: WalletInfo[]): Promise<WalletHoldings> {
  const owners = await accountsByWallet(s, wallets);
  return Promise.all(
    owners.map(async ({ wallet, registered, accountIds }) => {
      const accounts = (await Promise.all(accountIds.map((id) => s.client.account(id)))).map(accountView);
      return { wallet, registered, accounts, equity: accounts.reduce((sum, a) => sum + a.equity, 0n) };
    }),
  );
}

/** The wallets as the portfolio shows them (id, key, label), for telling whether a read is still theirs. */
const walletSet = (wallets: WalletInfo[]): string =>
  JSON.stringify(wallets.map((w) => [w.walletId, w.publicKey, w.label, w.createdAt]));

interface PortfolioPrefetch {
  /**
   * The holdings once read, waiting for them at most `ms`; null if the read failed, took longer, or the
   * wallets are no longer the ones read.
   */
  settled(ms: number): Promise<WalletHoldings | null>;
}

/**
 * The portfolio's reads for one unlock attempt, started as the attempt begins: the key derivation checks
 * the passphrase off the main thread for a hundred ms or more by design, and the exchange shows anyone the
 * accounts of a public key, so nothing secret is needed to read them. The wallets are taken before anything is awaited;
 * what was read is used only by the attempt that started it, once its passphrase is accepted, and only for
 * the same wallets. Nothing is watched or recorded here (portfolio() does that, after the unlock).
 */
export function prefetchPortfolio(s: Services): PortfolioPrefetch | null {
  if (!s.connected) return null;
  const wallets = s.wallets.list();
  if (wallets.length === 0) return null;
  const set = walletSet(wallets);
  // a failed read is read again by the portfolio itself
  const read = readWallets(s, wallets).catch(() => null);
  return {
    settled: async (ms) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
      const holdings = await Promise.race([read, late]);
      clearTimeout(timer);
      return holdings && walletSet(s.wallets.list()) === set ? holdings : null;
    },
  };
}

/** The portfolio (read now, or `read` already), its equity sampled and its accounts watched from here on. */
export async function portfolio(s: Services, read?: WalletHoldings): Promise<Portfolio> {
  const wallets = read ?? (await readWallets(s));
  const equity = s.equity;
  for (const a of wallets.flatMap((w) => w.accounts)) equity.record(a.accountId, a.equity);
  s.watcher.watch(wallets.flatMap((w) => w.accounts.map((a) => a.accountId)));
  return { wallets, equity: wallets.reduce((sum, w) => sum + w.equity, 0n) };
}

/**
 * Equity and cumulative realized PnL over time, for one account or all of them. PnL comes from the
 * exchange's /pnl/summary series (its own record, complete from the first fill); equity from the samples
 * main recorded, because the exchange offers no equity history.
 */
export async function portfolioHistory(
  s: Services,
  accountId?: number,
): Promise<z.output<typeof PortfolioHistorySchema>> {
  const ids =
    accountId !== undefined ? [accountId] : (await accountsByWallet(s)).flatMap((w) => w.accountIds);
  const pnl: Point[][] = await Promise.all(
    ids.map(async (id) =>
      (await s.client.pnlSummary(id)).series.map((p) => ({ time: p.time, value: p.total })),
    ),
  );
  const equity = ids.map((id) => s.equity.series(id));
  return { points: zipSeries(sumSteps(equity), sumSteps(pnl), Math.floor(Date.now() / 1000)) };
}
