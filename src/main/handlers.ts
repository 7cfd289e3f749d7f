// Maps the contract's methods onto the services. Handlers receive arguments already parsed by the
// dispatcher and return plain data; failures are AppFailures.
import type { Handlers } from '../shared/ipc/contract';
import type { Services } from './services';
import { AppFailure } from '../shared/result';

const done = { done: true as const };

export function createAppHandlers(s: Services): Omit<Handlers, 'getAppInfo' | 'getMarkets'> {
  // Every call from the renderer is user activity for the idle timer.
  const active =
    <A, R>(fn: (args: A) => Promise<R>) =>
    async (args: A): Promise<R> => {
      s.lock.touch();
      return fn(args);
    };
  return {
    getLockState: () => s.lock.ensureReady(),
    setupPassphrase: async ({ passphrase }) => s.lock.setup(passphrase),
    unlock: async ({ passphrase }) => s.lock.unlock(passphrase),
    lock: async () => s.lock.lock(),
    changePassphrase: active(async ({ oldPassphrase, newPassphrase }) =>
      s.lock.changePassphrase(oldPassphrase, newPassphrase),
    ),
    setAutoLock: active(async ({ minutes }) => s.lock.setAutoLockMinutes(minutes)),

    listWallets: active(async () => {
      s.lock.requireUnlocked();
      return s.wallets.list();
    }),
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

    listSessions: active(async () => {
      s.lock.requireUnlocked();
      return s.sessions.list();
    }),
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
    getChainBalances: active(async ({ walletId }) => {
      s.lock.requireUnlocked();
      return s.funds.chainBalances(walletId);
    }),
    deposit: active(({ walletId, tokenId, amount, accountId }) =>
      s.funds.deposit(walletId, tokenId, amount, accountId),
    ),
    listDeposits: active(async () => s.funds.list()),

    getPortfolio: active(async () => {
      s.lock.requireUnlocked();
      const wallets = [];
      let total = 0n;
      for (const wallet of s.wallets.list()) {
        const user = await s.client.user(wallet.publicKey);
        const accounts = [];
        for (const accountId of user?.accountIds ?? []) {
          const a = await s.client.account(accountId);
          accounts.push({
            accountId,
            balances: a.balances,
            equity: a.margin.equity,
            freeCollateral: a.margin.freeCollateral,
            maintenanceRequirement: a.margin.maintenanceRequirement,
            healthBps: a.margin.healthBps,
            positions: a.positions.map((p) => ({
              marketId: p.marketId,
              size: p.size,
              entryPrice: p.entryPrice,
              markPrice: p.markPrice,
              unrealizedPnl: p.unrealizedPnl,
              fundingPnl: p.fundingPnl,
            })),
            updateId: a.updateId,
          });
        }
        const equity = accounts.reduce((sum, a) => sum + a.equity, 0n);
        total += equity;
        wallets.push({ wallet, registered: user !== null, accounts, equity });
      }
      s.watcher.watch(wallets.flatMap((w) => w.accounts.map((a) => a.accountId)));
      return { wallets, equity: total };
    }),
    getHistory: active(async ({ accountId, kind, startInclusive, pageSize }) => {
      s.lock.requireUnlocked();
      const page = await s.client.history(accountId, kind, {
        ...(startInclusive ? { startInclusive } : {}),
        ...(pageSize ? { pageSize } : {}),
      });
      return page as {
        items: Record<string, string | number | boolean | bigint>[];
        nextStartInclusive?: string;
      };
    }),
    getWithdrawalFee: active(async ({ accountId }) => {
      const info = await s.info();
      const quote = info.tokens.find((t) => t.tokenId === info.quoteTokenId);
      if (!quote) throw new AppFailure('EXCHANGE_BAD_RESPONSE', 'The exchange lists no quote token.');
      return { tokenId: quote.tokenId, fee: await s.client.withdrawalFee(accountId, quote.decimals) };
    }),
    lookupAccount: active(async ({ accountId }) => {
      const exists = await s.client.accountExists(accountId);
      let ownWalletId: string | null = null;
      for (const w of s.wallets.list())
        if ((await s.client.user(w.publicKey))?.accountIds.includes(accountId)) ownWalletId = w.walletId;
      return { exists, ownWalletId };
    }),

    prepareAction: active((intent) => s.pipeline.prepare(intent)),
    confirmAction: active(({ confirmationId }) => s.pipeline.confirm(confirmationId)),

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
