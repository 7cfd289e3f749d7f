// The portfolio as the screens show it: every wallet's accounts read from the exchange, their equity sampled
// for the chart, and their account streams watched so screens stay live; and the chart's equity and PnL
// series (one account in detail: account-detail.ts).
import type { z } from 'zod';
import type { PortfolioHistorySchema, PortfolioSchema } from '../../shared/ipc/portfolio';
import type { Services } from '../services';
import { sumSteps, zipSeries, type Point } from './series';
import { accountView } from './account-detail';

type Portfolio = z.output<typeof PortfolioSchema>;

/** The account ids of every wallet here, as the exchange lists them (none for a wallet it does not know). */
async function accountsByWallet(s: Services) {
  return Promise.all(
    s.wallets.list().map(async (wallet) => {
      const user = await s.client.user(wallet.publicKey);
      return { wallet, registered: user !== null, accountIds: user?.accountIds ?? [] };
    }),
  );
}

type WalletHoldings = Portfolio['wallets'];

/** Every wallet's accounts as the exchange shows them: reads only, nothing watched or recorded. */
async function readWallets(s: Services): Promise<WalletHoldings> {
  const owners = await accountsByWallet(s);
  return Promise.all(
    owners.map(async ({ wallet, registered, accountIds }) => {
      const accounts = (await Promise.all(accountIds.map((id) => s.client.account(id)))).map(accountView);
      return { wallet, registered, accounts, equity: accounts.reduce((sum, a) => sum + a.equity, 0n) };
    }),
  );
}

/**
 * The portfolio's reads, started while the passphrase is checked (scrypt takes a few hundred ms by design), so
 * the first screen after unlocking does not wait for them afterwards. They read only what the exchange shows
 * anyone about the wallets' public keys; nothing is watched, recorded or answered before the unlock
 * succeeds, and a read older than `maxAgeMs` is not used. The account streams, subscribed when the portfolio
 * is answered, resync every account, so a change between this read and then still reaches the screen.
 */
export class PortfolioPrefetch {
  private pending: { at: number; read: Promise<WalletHoldings> } | null = null;

  constructor(
    private readonly s: Services,
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = 2_000,
  ) {}

  start(): void {
    if (!this.s.connected || this.s.wallets.list().length === 0) return;
    const read = readWallets(this.s);
    read.catch(() => {}); // a failed read is read again by the portfolio itself
    this.pending = { at: this.now(), read };
  }

  /** The started read if it is fresh enough (once), else a new one. */
  take(): Promise<WalletHoldings> {
    const pending = this.pending;
    this.pending = null;
    if (!pending || this.now() - pending.at > this.maxAgeMs) return readWallets(this.s);
    return pending.read.catch(() => readWallets(this.s));
  }
}

export async function portfolio(
  s: Services,
  read: Promise<WalletHoldings> = readWallets(s),
): Promise<Portfolio> {
  const wallets = await read;
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
