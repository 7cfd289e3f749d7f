// Maps the contract's groups of methods onto the services. Handlers receive arguments already parsed by the
// dispatcher and return plain data; failures are AppFailures. What a method needs of the lock (unlocked,
// a fresh unlock, counting as activity) is declared beside each method (src/shared/ipc/<group>.ts) and enforced by lock/lock-policy.ts before these run.
import { vaultsView } from './vaults/vaults-view';
import { EpochStarts } from './vaults/epoch-performance';
import { marketStatsView } from './portfolio/market-stats';
import { triggersView } from './triggers/triggers-view';
import { withdrawalFee } from './actions/withdrawal-fee';
import { addressBookLines } from './address-book';
import type { Handlers } from '../shared/ipc/contract';
import type { Services } from './services';
import type { Network } from './network/network';
import { portfolio, portfolioHistory, prefetchPortfolio } from './portfolio/portfolio';
import { historyPage } from './portfolio/history';
import { phraseHandlers } from './wallets/phrase-handlers';
import type { Drills } from './drills/drill-handlers';
import {
  walletCreated,
  walletExported,
  walletImported,
  walletKeyShown,
  walletRemoved,
} from './audit/key-events';

const done = { done: true as const };

/** How long an unlock's answer waits for the portfolio reads it started, once the passphrase is accepted. */
const PREFETCH_WAIT_MS = 1_000;

export function createAppHandlers(s: Services, network: Network, drills: Drills): Omit<Handlers, 'app'> {
  const epochStarts = new EpochStarts();
  return {
    settings: {
      // Which exchange and which theme are not secret: readable while locked, so the lock screen has its theme.
      get: async () => network.view(),
      // Pointing the app at another exchange decides what gets signed and where: the person's decision, made
      // with a recent unlock (the first run's choice comes right after the passphrase is set; see settings.ts).
      setNetwork: async (choice) => network.choose(choice),
      setTheme: async ({ theme }) => {
        s.settings.update({ theme });
        return network.view();
      },
      // Where deposits are sent and balances read from: the person's decision too, only while unlocked.
      setSolanaRpc: async ({ url }) => network.setSolanaRpc(url),
      setOsNotifications: async ({ enabled }) => {
        s.settings.update({ osNotifications: enabled });
        return network.view();
      },
      accountNames: async () => s.settings.accountNames(),
      setAccountName: async ({ accountId, name }) => s.settings.nameAccount(accountId, name),
    },

    lock: {
      state: () => s.lock.ensureReady(),
      // the policy counts it as activity: nothing else to do
      reportActivity: async () => done,
      setup: async ({ passphrase }) => s.lock.setup(passphrase),
      // The first screen after unlocking is the portfolio: its reads run while the passphrase is checked,
      // and the answer carries it when they have finished by then (else the renderer asks as it would).
      unlock: async ({ passphrase }) => {
        const before = s.lock.state();
        // not for an attempt the lock will refuse unread (already unlocked, or waiting after wrong ones)
        const prefetch =
          before.status === 'locked' && before.retryAfterSeconds === undefined ? prefetchPortfolio(s) : null;
        await s.lock.unlock(passphrase);
        // Reads still under way are waited for, briefly: answered without them, the renderer would show a
        // loader and have every account read again. An exchange that is slow to answer does not hold the
        // lock screen for longer than that.
        const read = (await prefetch?.settled(PREFETCH_WAIT_MS)) ?? null;
        // as it is now: a lock may have landed as the passphrase was accepted (a suspend), and then the
        // answer carries nothing and no account is watched
        const state = s.lock.state();
        if (!read || state.status !== 'unlocked') return state;
        return { ...state, portfolio: await portfolio(s, read) };
      },
      lock: async () => s.lock.lock(),
      resetPreview: async () => s.reset.preview(),
      reset: ({ confirmation }) => s.reset.reset(confirmation),
      changePassphrase: async ({ oldPassphrase, newPassphrase }) =>
        s.lock.changePassphrase(oldPassphrase, newPassphrase),
      setAutoLock: async ({ minutes }) => s.lock.setAutoLockMinutes(minutes),
    },

    wallets: {
      list: async () => s.wallets.list(),
      // every step that shows, stores, exports or removes a key has its line in the audit log
      create: async ({ label, passphrase }) => {
        const shown = await s.wallets.create(label, passphrase);
        s.audit.record(walletKeyShown({ publicKey: shown.publicKey, label: label.trim() }));
        return shown;
      },
      confirmBackup: async ({ pendingId, confirmation }) => {
        const wallet = await s.wallets.confirmBackup(pendingId, confirmation);
        s.audit.record(walletCreated(wallet));
        return wallet;
      },
      import: async ({ label, secret, passphrase }) => {
        const wallet = await s.wallets.import(label, secret, passphrase);
        s.audit.record(walletImported(wallet));
        return wallet;
      },
      rename: async ({ walletId, label }) => s.wallets.rename(walletId, label),
      remove: async ({ walletId, confirmPublicKey, passphrase }) => {
        const wallet = s.wallets.get(walletId);
        await s.wallets.remove(walletId, confirmPublicKey, passphrase);
        s.audit.record(walletRemoved(wallet));
        return done;
      },
      export: async ({ walletId, passphrase }) => {
        const exported = await s.wallets.export(walletId, passphrase);
        // written before the key is handed over: an export the log cannot record does not happen
        s.audit.record(walletExported(s.wallets.get(walletId)));
        return exported;
      },
    },
    phrases: phraseHandlers(s),
    drills: drills.handlers,

    sessions: {
      list: () => s.sessions.list(),
      create: ({ walletId, ...options }) => s.sessions.create(walletId, options),
      refresh: ({ walletId, sessionId }) => s.sessions.refresh(walletId, sessionId),
      revoke: async ({ walletId, sessionId }) => {
        await s.sessions.revoke(walletId, sessionId);
        return done;
      },
      revokeAll: async ({ walletId }) => ({ revoked: await s.sessions.revokeAll(walletId) }),
    },

    funds: {
      faucet: async ({ walletId, tokenId, amount }) => {
        await s.funds.faucet(walletId, tokenId, amount);
        return done;
      },
      chainBalances: ({ walletId }) => s.funds.chainBalances(walletId),
      chainUpdates: () => s.funds.chainUpdates(),
      deposit: ({ walletId, tokenId, amount, accountId }) =>
        s.funds.deposit(walletId, tokenId, amount, accountId),
      deposits: async () => s.funds.list(),
      withdrawalFee: async ({ accountId, tokenId }) => {
        const info = await s.info();
        const token = tokenId ?? info.quoteTokenId;
        return { tokenId: token, fee: await withdrawalFee(s.client, info, accountId, token) };
      },
      // read while the Withdraw form is typed in, so it is not activity
      checkDestination: async ({ address }) => ({
        usedBefore: s.addressBook.usedDestination(address.trim()),
        ownWalletId: s.ownership.addressOwner(address)?.walletId ?? null,
      }),
    },

    portfolio: {
      get: () => portfolio(s),
      history: (args) => portfolioHistory(s, args?.accountId),
      account: ({ accountId }) => s.accountReads.read(accountId),
      marketStats: async () => marketStatsView(s.client, await s.info()),
      lookupAccount: async ({ accountId }) => {
        const [exists, owner] = await Promise.all([
          s.client.accountExists(accountId),
          s.ownership.accountOwner(accountId),
        ]);
        return {
          exists,
          ownWalletId: owner?.walletId ?? null,
          sentBefore: s.addressBook.usedRecipient(accountId),
        };
      },
      accountsOf: async ({ address }) => ({ accountIds: (await s.client.user(address))?.accountIds ?? [] }),
    },
    history: {
      page: ({ accountId, kind, startInclusive, pageSize, since, until }) =>
        historyPage(s.client, s.clock, accountId, kind, {
          ...(startInclusive ? { startInclusive } : {}),
          ...(pageSize ? { pageSize } : {}),
          ...(since !== undefined ? { since } : {}),
          ...(until !== undefined ? { until } : {}),
        }),
      now: async () => ({ seconds: Number(await s.clock.seconds()) }),
    },
    vaults: { get: () => vaultsView(s, epochStarts) },
    triggers: { get: ({ accountId }) => triggersView(s, accountId) },

    actions: {
      prepare: (intent) => s.pipeline.prepare(intent),
      confirm: ({ confirmationId, passphrase }) => s.pipeline.confirm(confirmationId, passphrase),
    },

    audit: {
      list: async (query) => s.audit.list(query),
      export: async () => ({ csv: s.audit.toCsv() }),
    },
    addresses: {
      list: async () => addressBookLines(s.addressBook.list(), s.ownership.ownWallets()),
      save: async ({ label, address }) =>
        addressBookLines(s.addressBook.add(label, address), s.ownership.ownWallets()),
      remove: async ({ address }) =>
        addressBookLines(s.addressBook.remove(address), s.ownership.ownWallets()),
    },
  };
}
