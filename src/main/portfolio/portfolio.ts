// The portfolio as the screens show it: every wallet's accounts read from the exchange, their equity sampled
// for the chart, and their account streams watched so screens stay live; and the chart's equity and PnL
// series (one account in detail: account-detail.ts).
import type { z } from 'zod';
import type { PortfolioHistorySchema, PortfolioSchema } from '../../shared/ipc/portfolio';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { AccountWatcher } from '../exchange/account-watcher';
import type { LockState } from '../lock/app-lock';
import type { WalletInfo } from '../wallets/wallet-service';
import type { EquitySamples } from './equity-samples';
import { sumSteps, zipSeries, type Point } from './series';
import { accountView } from './account-detail';

export type Portfolio = z.output<typeof PortfolioSchema>;

/** What the portfolio reads, records and watches, on the exchange connected now. */
export interface PortfolioReads {
  client: Pick<ExchangeClient, 'walletAccounts' | 'account' | 'pnlSummary'>;
  wallets: { list(): WalletInfo[] };
  /** a read's progress is told only while the app is unlocked */
  lock: { state(): Pick<LockState, 'status'> };
  equity: Pick<EquitySamples, 'record' | 'series'>;
  watcher: Pick<AccountWatcher, 'watch'>;
  /** tells the screens how far a portfolio read that takes a while has come */
  progress(read: number, total: number): void;
}

/** The account ids of each of `wallets`, as the exchange lists them (none for a wallet it does not know). */
async function accountsByWallet(s: PortfolioReads, wallets: WalletInfo[] = s.wallets.list()) {
  return Promise.all(
    wallets.map(async (wallet) => {
      const accountIds = await s.client.walletAccounts(wallet.publicKey);
      return { wallet, registered: accountIds !== null, accountIds: accountIds ?? [] };
    }),
  );
}

export type WalletHoldings = Portfolio['wallets'];

/** A read of many accounts shows how far it has come once it has taken this long (a quick one shows nothing)... */
const PROGRESS_AFTER_MS = 300;
/** ...and then at most this often. */
const PROGRESS_EVERY_MS = 200;

/**
 * Counts the accounts read and tells the screens, once the read takes a while (the exchange's rate limit
 * paces a large portfolio), and only while the app is unlocked: an unlock attempt's read tells nothing
 * until its passphrase is accepted.
 */
function progressReporter(s: PortfolioReads, total: number): () => void {
  const started = performance.now();
  let read = 0;
  let toldAt = -Infinity;
  return () => {
    read += 1;
    const now = performance.now();
    if (now - started < PROGRESS_AFTER_MS || (now - toldAt < PROGRESS_EVERY_MS && read < total)) return;
    if (s.lock.state().status !== 'unlocked') return;
    toldAt = now;
    s.progress(read, total);
  };
}

/** Each of `wallets`' accounts as the exchange shows them: reads only, nothing watched or recorded. */
async function readWallets(s: PortfolioReads, wallets: WalletInfo[]): Promise<WalletHoldings> {
  const owners = await accountsByWallet(s, wallets);
  const oneRead = progressReporter(
    s,
    owners.reduce((n, o) => n + o.accountIds.length, 0),
  );
  return Promise.all(
    owners.map(async ({ wallet, registered, accountIds }) => {
      const accounts = (
        await Promise.all(
          accountIds.map(async (id) => {
            const account = await s.client.account(id);
            oneRead();
            return account;
          }),
        )
      ).map(accountView);
      return { wallet, registered, accounts, equity: accounts.reduce((sum, a) => sum + a.equity, 0n) };
    }),
  );
}

/** The wallets as the portfolio shows them (id, key, label), for telling whether a read is still theirs. */
const walletSet = (wallets: WalletInfo[]): string =>
  JSON.stringify(wallets.map((w) => [w.walletId, w.publicKey, w.label, w.createdAt]));

/**
 * A read of every wallet's accounts begun while locked (the lock screen's follow, an unlock attempt's
 * prefetch), per exchange client, while under way: an unlock attempt and the screen's first read of the same
 * wallets join it instead of reading every account a second time beside it (an unlock right after launch met
 * the follow's read; a screen, an unlock's read its answer did not wait for). Nothing can be signed while
 * locked, so no action of the app's own can have executed after such a read began; the screen's own reads,
 * made while unlocked, are never joined.
 */
const lockedReads = new WeakMap<object, { set: string; read: Promise<WalletHoldings> }>();

/** The read of these wallets begun while locked, if one is under way. */
function lockedReadOf(s: PortfolioReads, set: string): Promise<WalletHoldings> | null {
  const underWay = lockedReads.get(s.client);
  return underWay?.set === set ? underWay.read : null;
}

function readWhileLocked(s: PortfolioReads, wallets: WalletInfo[]): Promise<WalletHoldings> {
  const set = walletSet(wallets);
  const underWay = lockedReadOf(s, set);
  if (underWay) return underWay;
  const entry = { set, read: readWallets(s, wallets) };
  lockedReads.set(s.client, entry);
  const done = () => lockedReads.get(s.client) === entry && lockedReads.delete(s.client);
  entry.read.then(done, done);
  return entry.read;
}

/** The portfolio's holdings: a read of these wallets begun while locked if one is under way, else a new read. */
function readNow(s: PortfolioReads): Promise<WalletHoldings> {
  const wallets = s.wallets.list();
  return lockedReadOf(s, walletSet(wallets)) ?? readWallets(s, wallets);
}

/** The accounts read watched from now on, with the update id each was read at (what the screens show). */
function watchHeld(s: PortfolioReads, held: WalletHoldings): void {
  const accounts = held.flatMap((w) => w.accounts);
  s.watcher.watch(
    accounts.map((a) => a.accountId),
    new Map(accounts.map((a) => [a.accountId, a.updateId])),
  );
}

/**
 * Every wallet's accounts read, then followed on their streams from now on (the app is locked: see
 * follow-locked.ts). The streams' first reads of them are what the live reads keep, so the unlock's reads
 * answer from those; an unlock begun before then joins this read.
 */
export async function followAccounts(s: PortfolioReads): Promise<void> {
  const wallets = s.wallets.list();
  const holdings = wallets.length === 0 ? [] : await readWhileLocked(s, wallets);
  watchHeld(s, holdings);
}

export interface PortfolioPrefetch {
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
export function prefetchPortfolio(s: PortfolioReads): PortfolioPrefetch | null {
  const wallets = s.wallets.list();
  if (wallets.length === 0) return null;
  const set = walletSet(wallets);
  // a failed read is read again by the portfolio itself
  const read = readWhileLocked(s, wallets).catch(() => null);
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
export async function portfolio(s: PortfolioReads, read?: WalletHoldings): Promise<Portfolio> {
  const wallets = read ?? (await readNow(s));
  const equity = s.equity;
  for (const a of wallets.flatMap((w) => w.accounts)) equity.record(a.accountId, a.equity);
  watchHeld(s, wallets);
  return { wallets, equity: wallets.reduce((sum, w) => sum + w.equity, 0n) };
}

/**
 * Equity and cumulative realized PnL over time, for one account or all of them. PnL comes from the
 * exchange's /pnl/summary series (its own record, complete from the first fill); equity from the samples
 * main recorded, because the exchange offers no equity history.
 */
export async function portfolioHistory(
  s: PortfolioReads,
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
