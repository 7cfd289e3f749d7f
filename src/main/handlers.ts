// Maps the contract's methods onto the services. Handlers receive arguments already parsed by the
// dispatcher and return plain data; failures are AppFailures.
import { triggersView, vaultsView } from './trading/views';
import type { Handlers } from '../shared/ipc/contract';
import type { Services } from './services';
import type { Network } from './network/network';
import { accountDetail, portfolio, portfolioHistory, PortfolioPrefetch } from './portfolio/portfolio';
import { historyPage } from './portfolio/history';
import { phraseHandlers } from './wallets/phrase-handlers';

const done = { done: true as const };

export function createAppHandlers(
  s: Services,
  network: Network,
): Omit<Handlers, 'getAppInfo' | 'getMarkets'> {
  // A call the person made is activity for the idle timer. Reads that screens repeat on their own (to follow
  // prices and streams) are not: otherwise an open window would never lock itself. The renderer reports
  // input (keys, pointer) with reportActivity instead.
  const active =
    <A, R>(fn: (args: A) => Promise<R>) =>
    async (args: A): Promise<R> => {
      s.lock.touch();
      return fn(args);
    };
  const read =
    <A, R>(fn: (args: A) => Promise<R>) =>
    async (args: A): Promise<R> => {
      s.lock.requireUnlocked();
      return fn(args);
    };
  const prefetch = new PortfolioPrefetch(s);
  return {
    reportActivity: async () => {
      s.lock.touch();
      return done;
    },
    // Which exchange and which theme are not secret: readable while locked, so the lock screen has its theme.
    getSettings: async () => network.view(),
    setTheme: async ({ theme }) => {
      s.settings.update({ theme });
      return network.view();
    },
    // Pointing the app at another exchange decides what gets signed and where: the person's decision, made
    // with a recent unlock (the first run's choice comes right after the passphrase is set).
    setNetwork: active(async (choice) => {
      s.lock.requireFreshUnlock();
      return network.choose(choice);
    }),
    // Where deposits are sent and balances read from: the person's decision too, only while unlocked.
    setSolanaRpc: active(async ({ url }) => {
      s.lock.requireUnlocked();
      return network.setSolanaRpc(url);
    }),

    getLockState: () => s.lock.ensureReady(),
    setupPassphrase: async ({ passphrase }) => s.lock.setup(passphrase),
    // the first screen after unlocking is the portfolio: its reads run while the passphrase is checked
    unlock: async ({ passphrase }) => {
      const before = s.lock.state();
      // not for an attempt the lock will refuse unread (already unlocked, or waiting after wrong ones)
      if (before.status === 'locked' && before.retryAfterSeconds === undefined) prefetch.start();
      return s.lock.unlock(passphrase);
    },
    lock: async () => s.lock.lock(),
    changePassphrase: active(async ({ oldPassphrase, newPassphrase }) =>
      s.lock.changePassphrase(oldPassphrase, newPassphrase),
    ),
    setAutoLock: active(async ({ minutes }) => s.lock.setAutoLockMinutes(minutes)),

    listWallets: read(async () => s.wallets.list()),
    createWallet: active(async ({ label }) => s.wallets.create(label)),
    confirmWalletBackup: active(({ pendingId, confirmation }) =>
      s.wallets.confirmBackup(pendingId, confirmation),
    ),
    importWallet: active(({ label, secret }) => s.wallets.import(label, secret)),
    renameWallet: active(async ({ walletId, label }) => s.wallets.rename(walletId, label)),
    removeWallet: active(async ({ walletId, confirmPublicKey }) => {
      await s.wallets.remove(walletId, confirmPublicKey);
      return done;
    }),
    exportWallet: active(({ walletId, passphrase }) => s.wallets.export(walletId, passphrase)),
    ...phraseHandlers(s),

    listSessions: read(() => s.sessions.list()),
    createSession: active(({ walletId, ...options }) => s.sessions.create(walletId, options)),
    refreshSession: active(({ walletId, sessionId }) => s.sessions.refresh(walletId, sessionId)),
    revokeSession: active(async ({ walletId, sessionId }) => {
      await s.sessions.revoke(walletId, sessionId);
      return done;
    }),
    revokeAllSessions: active(async ({ walletId }) => ({ revoked: await s.sessions.revokeAll(walletId) })),

    faucet: active(async ({ walletId, tokenId, amount }) => {
      s.lock.requireUnlocked();
      await s.funds.faucet(walletId, tokenId, amount);
      return done;
    }),
    getChainBalances: read(({ walletId }) => s.funds.chainBalances(walletId)),
    deposit: active(({ walletId, tokenId, amount, accountId }) =>
      s.funds.deposit(walletId, tokenId, amount, accountId),
    ),
    listDeposits: read(async () => s.funds.list()),

    getPortfolio: read(() => portfolio(s, prefetch.take())),
    getPortfolioHistory: read((args) => portfolioHistory(s, args?.accountId)),
    getAccount: read(({ accountId }) => accountDetail(s, accountId)),
    getVaults: read(() => vaultsView(s)),
    getTriggers: read(({ accountId }) => triggersView(s, accountId)),
    getHistory: read(({ accountId, kind, startInclusive, pageSize }) =>
      historyPage(s.client, accountId, kind, {
        ...(startInclusive ? { startInclusive } : {}),
        ...(pageSize ? { pageSize } : {}),
      }),
    ),
    // Re-read every few seconds while the Withdraw form is open, so it is not activity.
    getWithdrawalFee: read(async ({ accountId, tokenId }) => {
      const info = await s.info();
      const token = tokenId ?? info.quoteTokenId;
      return { tokenId: token, fee: await s.pipeline.withdrawalFee(accountId, token, info) };
    }),
    lookupAccount: active(async ({ accountId }) => {
      const wallets = s.wallets.list();
      const [exists, users] = await Promise.all([
        s.client.accountExists(accountId),
        Promise.all(wallets.map((w) => s.client.user(w.publicKey))),
      ]);
      // the last owner found, as the one-by-one walk this replaces answered
      const owner = wallets.filter((_w, i) => users[i]?.accountIds.includes(accountId)).at(-1);
      return { exists, ownWalletId: owner?.walletId ?? null };
    }),

    prepareAction: active((intent) => s.pipeline.prepare(intent)),
    confirmAction: active(({ confirmationId, passphrase }) => s.pipeline.confirm(confirmationId, passphrase)),

    listAuditLog: active(async (query) => {
      s.lock.requireUnlocked();
      return s.audit.list(query);
    }),
    listAddresses: active(async () => {
      s.lock.requireUnlocked();
      return s.addressBook.list();
    }),
    saveAddress: active(async ({ label, address }) => {
      s.lock.requireUnlocked();
      return s.addressBook.add(label, address);
    }),
    removeAddress: active(async ({ address }) => {
      s.lock.requireUnlocked();
      return s.addressBook.remove(address);
    }),
    exportAuditLog: active(async () => {
      s.lock.requireUnlocked();
      return { csv: s.audit.toCsv() };
    }),
  };
}
