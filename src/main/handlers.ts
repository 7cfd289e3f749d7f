// Maps the contract's methods onto the services. Handlers receive arguments already parsed by the
// dispatcher and return plain data; failures are AppFailures. What a method needs of the lock (unlocked,
// a fresh unlock, counting as activity) is declared in lock/lock-policy.ts and enforced before these run.
import { vaultsView } from './vaults/vaults-view';
import { marketStatsView } from './portfolio/market-stats';
import { triggersView } from './triggers/triggers-view';
import { withdrawalFee } from './actions/withdrawal-fee';
import type { Handlers } from '../shared/ipc/contract';
import type { Services } from './services';
import type { Network } from './network/network';
import { accountDetail, portfolio, portfolioHistory, PortfolioPrefetch } from './portfolio/portfolio';
import { historyPage } from './portfolio/history';
import { phraseHandlers } from './wallets/phrase-handlers';
import { drillHandlers } from './drills/drill-handlers';

const done = { done: true as const };

export function createAppHandlers(
  s: Services,
  network: Network,
): Omit<Handlers, 'getAppInfo' | 'getMarkets'> {
  const prefetch = new PortfolioPrefetch(s);
  return {
    // the policy counts it as activity: nothing else to do
    reportActivity: async () => done,
    // Which exchange and which theme are not secret: readable while locked, so the lock screen has its theme.
    getSettings: async () => network.view(),
    setTheme: async ({ theme }) => {
      s.settings.update({ theme });
      return network.view();
    },
    // Pointing the app at another exchange decides what gets signed and where: the person's decision, made
    // with a recent unlock (the first run's choice comes right after the passphrase is set; see the policy).
    setNetwork: async (choice) => network.choose(choice),
    // Where deposits are sent and balances read from: the person's decision too, only while unlocked.
    setSolanaRpc: async ({ url }) => network.setSolanaRpc(url),
    setOsNotifications: async ({ enabled }) => {
      s.settings.update({ osNotifications: enabled });
      return network.view();
    },
    getAccountNames: async () => s.settings.accountNames(),
    setAccountName: async ({ accountId, name }) => s.settings.nameAccount(accountId, name),

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
    changePassphrase: async ({ oldPassphrase, newPassphrase }) =>
      s.lock.changePassphrase(oldPassphrase, newPassphrase),
    setAutoLock: async ({ minutes }) => s.lock.setAutoLockMinutes(minutes),

    listWallets: async () => s.wallets.list(),
    createWallet: async ({ label }) => s.wallets.create(label),
    confirmWalletBackup: ({ pendingId, confirmation }) => s.wallets.confirmBackup(pendingId, confirmation),
    importWallet: ({ label, secret }) => s.wallets.import(label, secret),
    renameWallet: async ({ walletId, label }) => s.wallets.rename(walletId, label),
    removeWallet: async ({ walletId, confirmPublicKey }) => {
      await s.wallets.remove(walletId, confirmPublicKey);
      return done;
    },
    exportWallet: ({ walletId, passphrase }) => s.wallets.export(walletId, passphrase),
    ...phraseHandlers(s),
    ...drillHandlers(s),

    listSessions: () => s.sessions.list(),
    createSession: ({ walletId, ...options }) => s.sessions.create(walletId, options),
    refreshSession: ({ walletId, sessionId }) => s.sessions.refresh(walletId, sessionId),
    revokeSession: async ({ walletId, sessionId }) => {
      await s.sessions.revoke(walletId, sessionId);
      return done;
    },
    revokeAllSessions: async ({ walletId }) => ({ revoked: await s.sessions.revokeAll(walletId) }),

    faucet: async ({ walletId, tokenId, amount }) => {
      await s.funds.faucet(walletId, tokenId, amount);
      return done;
    },
    getChainBalances: ({ walletId }) => s.funds.chainBalances(walletId),
    deposit: ({ walletId, tokenId, amount, accountId }) =>
      s.funds.deposit(walletId, tokenId, amount, accountId),
    listDeposits: async () => s.funds.list(),

    getPortfolio: () => portfolio(s, prefetch.take()),
    getPortfolioHistory: (args) => portfolioHistory(s, args?.accountId),
    getAccount: ({ accountId }) => accountDetail(s, accountId),
    getVaults: () => vaultsView(s),
    getMarketStats: async () => marketStatsView(s.client, await s.info()),
    getTriggers: ({ accountId }) => triggersView(s, accountId),
    getHistory: ({ accountId, kind, startInclusive, pageSize }) =>
      historyPage(s.client, accountId, kind, {
        ...(startInclusive ? { startInclusive } : {}),
        ...(pageSize ? { pageSize } : {}),
      }),
    // Re-read every few seconds while the Withdraw form is open, so it is not activity.
    getWithdrawalFee: async ({ accountId, tokenId }) => {
      const info = await s.info();
      const token = tokenId ?? info.quoteTokenId;
      return { tokenId: token, fee: await withdrawalFee(s.client, info, accountId, token) };
    },
    // read while the Withdraw form is typed in, so it is not activity
    checkDestination: async ({ address }) => ({ usedBefore: s.addressBook.usedDestination(address.trim()) }),
    lookupAccount: async ({ accountId }) => {
      const wallets = s.wallets.list();
      const [exists, users] = await Promise.all([
        s.client.accountExists(accountId),
        Promise.all(wallets.map((w) => s.client.user(w.publicKey))),
      ]);
      // the last owner found, as the one-by-one walk this replaces answered
      const owner = wallets.filter((_w, i) => users[i]?.accountIds.includes(accountId)).at(-1);
      return {
        exists,
        ownWalletId: owner?.walletId ?? null,
        sentBefore: s.addressBook.usedRecipient(accountId),
      };
    },

    prepareAction: (intent) => s.pipeline.prepare(intent),
    confirmAction: ({ confirmationId, passphrase }) => s.pipeline.confirm(confirmationId, passphrase),

    listAuditLog: async (query) => s.audit.list(query),
    listAddresses: async () => s.addressBook.list(),
    saveAddress: async ({ label, address }) => s.addressBook.add(label, address),
    removeAddress: async ({ address }) => s.addressBook.remove(address),
    exportAuditLog: async () => ({ csv: s.audit.toCsv() }),
  };
}
