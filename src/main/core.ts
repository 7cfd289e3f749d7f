// The composition root of the main process, shared by the Electron app and the browser host. It builds the
// person's stores (lock, wallets, phrases, audit log, address book, settings), which live for the whole run,
// and, for the exchange connected now, its connection (connection.ts) with the slices bound to it; a change
// of network makes new ones and closes the old. Each domain's slice turns what it is given into its group of
// the contract's handlers; `satisfies Handlers` makes the compiler prove every method has one.
import { join } from 'node:path';
import type { Handlers } from '../shared/ipc/contract';
import { createEventBus, type EventBus } from './events';
import type { FetchLike } from './exchange/http-client';
import type { SecretStore } from './keychain/secret-store';
import { SealedStore } from './keychain/sealed-store';
import type { KdfPolicy } from './lock/kdf';
import { AppLock } from './lock/app-lock';
import { PassphraseReset } from './lock/passphrase-reset';
import { createLock } from './lock/slice';
import { AuditLog } from './audit/audit-log';
import { createAudit } from './audit/slice';
import { WalletService, type WalletInfo } from './wallets/wallet-service';
import { PhraseService } from './wallets/phrase-service';
import { CompromisedWallets } from './wallets/compromised-wallets';
import { createWallets } from './wallets/slice';
import { createPhrases } from './wallets/phrases-slice';
import { AddressBook, createAddresses } from './address-book';
import { SettingsStore } from './settings/settings-store';
import { createSettings } from './settings/slice';
import { createConnection, networkDirs, type Connection } from './connection';
import { createSessions } from './sessions/slice';
import { createActions } from './actions/slice';
import { createFunds } from './funds/slice';
import { createHistory, createPortfolio } from './portfolio/slice';
import { createVaults } from './vaults/slice';
import { createTriggers } from './triggers/slice';
import { createDrills } from './drills/slice';
import { whenConnected } from './when-connected';
import { followWhileLocked } from './portfolio/follow-locked';
import { Network, type ConnectionPlace, type NetworkDeps } from './network/network';
import type { LaunchDevnet } from './network/devnet-supervisor';
import { demoSessionLookup, importDemoWallets } from './network/demo-wallets';
import { watchForSleep } from './lock/sleep-detector';
import { applyPolicy } from './lock/lock-policy';
import { ensureDataDir } from './paths';

export interface CoreDeps {
  version: string;
  host: 'electron' | 'browser-host';
  /**
   * This run's exchange when it is set from outside (a command-line option, tests); the person's network
   * choice is then not used. Without it the core connects to the saved choice and runs the embedded devnet
   * itself with launchDevnet.
   */
  exchange?: { kind: 'embedded-devnet' | 'custom'; baseUrl: string; solanaRpcUrl?: string };
  /** starts the embedded devnet as a child process (plain or with demo data); it is then supervised */
  launchDevnet?: LaunchDevnet;
  /** tests only: the devnet supervisor's timings */
  supervision?: NetworkDeps['supervision'];
  dataDir: string;
  store: SecretStore;
  fetchImpl?: FetchLike;
  /** tests only: cheaper passphrase hashing */
  kdf?: KdfPolicy;
  /** how often sessions close to expiry are refreshed (while unlocked); 0 turns it off */
  refreshEveryMs?: number;
  /** tests only: false leaves sessions made elsewhere unwatched (stranger-watch.ts), for tests counting reads */
  watchStrangers?: boolean;
  /** tests only: the lock's clock */
  now?: () => number;
  /** calls onSleep when the computer has slept; returns a stop function (default: the wall-clock gap detector) */
  watchSleep?: (onSleep: () => void) => () => void;
}

export interface Core {
  handlers: Handlers;
  events: EventBus;
  lock: AppLock;
  wallets: WalletService;
  settings: SettingsStore;
  /** the exchange connected now, with everything bound to it (null: none yet) */
  readonly connection: Connection | null;
  network: Network;
  /** connects to the exchange (starting the devnet if that is the choice) and reads the lock state */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** What the slices bound to an exchange use of the person's stores, which outlive any one exchange. */
interface PersonStores {
  wallets: WalletService;
  lock: AppLock;
  audit: AuditLog;
  compromised: CompromisedWallets;
  addressBook: AddressBook;
  /** tells the screens how far a portfolio read that takes a while has come */
  progress(read: number, total: number): void;
}

/** One exchange's connection and the slices made over it. */
type Connected = ReturnType<typeof connectedSlices>;

function connectedSlices(c: Connection, person: PersonStores) {
  const { wallets, lock, audit, compromised, addressBook } = person;
  const { client, info } = c;
  return {
    connection: c,
    sessions: createSessions({ sessions: c.sessions }),
    actions: createActions({ pipeline: c.pipeline }),
    funds: createFunds({ funds: c.funds, client, info, addressBook, ownership: c.ownership }),
    portfolio: createPortfolio({
      client,
      wallets,
      lock,
      equity: c.equity,
      watcher: c.watcher,
      progress: person.progress,
      accountReads: c.accountReads,
      ownership: c.ownership,
      addressBook,
      info,
    }),
    history: createHistory({ client, clock: c.clock }),
    vaults: createVaults({ client, clock: c.clock, wallets }),
    triggers: createTriggers({ client, finishedTriggers: c.finishedTriggers }),
    addresses: createAddresses({ book: addressBook, ownership: c.ownership }),
    drills: createDrills({
      wallets,
      lock,
      audit,
      compromised,
      client,
      info,
      ownership: c.ownership,
      sessions: c.sessions,
      pipeline: c.pipeline,
      journal: c.journal,
      funds: c.funds,
      networkDir: c.networkDir,
    }),
  };
}

export function createCore(deps: CoreDeps): Core {
  ensureDataDir(deps.dataDir);
  const events = createEventBus();

  // The person's stores, for the whole run. Wallet and session secrets go through the sealed layer; only
  // the lock itself reads the raw keychain.
  const secrets = new SealedStore(deps.store);
  // each line names its wallet by the label it has as the line is written
  const audit = new AuditLog(join(deps.dataDir, 'audit.jsonl'), {
    labelOf: (publicKey: string): string | undefined =>
      wallets.list().find((w: WalletInfo) => w.publicKey === publicKey)?.label,
  });
  const lock = new AppLock({
    audit,
    store: deps.store,
    secrets,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.kdf ? { kdf: deps.kdf } : {}),
    onChange: (state) => events.emit('lockState', state),
    // a reset cut short by a crash is finished before the keychain is read
    beforeInit: (): Promise<void> => reset.resumeIfInterrupted(),
  });
  const addressBook = new AddressBook(deps.dataDir);
  const settings = new SettingsStore(deps.dataDir);
  const compromised = new CompromisedWallets(deps.dataDir);
  const wallets = new WalletService({
    store: secrets,
    lock,
    dataDir: deps.dataDir,
    network: () => connected?.connection.network ?? null,
    // A removed wallet's session keys leave the keychain for every network, not only the one in use.
    onRemoved: async (wallet) => connected?.connection.forgetWallet(wallet, networkDirs(deps.dataDir)),
    onAdded: async (wallet) => connected?.connection.strangerWatch.added(wallet),
  });
  // the phrase goes into the same store as wallet secrets, so it is kept exactly as they are
  const phrases = new PhraseService({ store: secrets, lock, wallets, dataDir: deps.dataDir });
  const reset: PassphraseReset = new PassphraseReset({
    dataDir: deps.dataDir,
    store: deps.store,
    secrets,
    lock,
    wallets,
    phrases,
    audit,
    sessionFiles: () => networkDirs(deps.dataDir).map((dir) => join(dir, 'sessions.json')),
    submissions: () =>
      connected && {
        sending: connected.connection.submitter.sending,
        unsettled: connected.connection.journal.pending().length,
      },
  });

  // The exchange connected now, and the slices bound to it.
  let connected: Connected | null = null;
  const demoSessionOf = demoSessionLookup();
  const connect = (at: ConnectionPlace): void => {
    const previous = connected;
    const connection = createConnection(
      {
        lock,
        wallets,
        secrets,
        audit,
        compromised,
        addressBook,
        settings,
        demoSessionOf,
        ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
        ...(deps.now ? { now: deps.now } : {}),
        ...(deps.watchStrangers === false ? { watchStrangers: false } : {}),
        localExchange: () => {
          const state = network.devnetStatus()?.state;
          return state === 'restarting' || state === 'stopped' ? state : null;
        },
        onDeposit: (deposit) => events.emit('depositStatus', deposit),
        onChainBalances: (walletId) => events.emit('chainBalances', { walletId }),
        // the accounts are followed while locked too (follow-locked.ts), but nothing of them is told until unlocked
        onAccountUpdate: (update) => {
          if (lock.state().status === 'unlocked') events.emit('accountUpdate', update);
        },
        onSessionsChanged: (walletId, strangers) => events.emit('sessionsChanged', { walletId, strangers }),
        onExchangeStatus: (isConnected, detail) =>
          events.emit('exchangeStatus', {
            connected: isConnected,
            baseUrl: network.appInfo().baseUrl,
            ...(detail ? { detail } : {}),
          }),
      },
      at,
    );
    connected = connectedSlices(connection, {
      wallets,
      lock,
      audit,
      compromised,
      addressBook,
      progress: (read, total) => events.emit('portfolioProgress', { read, total }),
    });
    previous?.connection.close();
    const slices = connected;
    followWhileLocked({
      follow: () => slices.portfolio.follow(),
      locked: () => lock.state().status !== 'unlocked',
      current: () => connected === slices,
    });
  };
  /** settles what the exchange connected now was left with; what it settled */
  const recover = async () => {
    const c = connected?.connection;
    if (!c) return [];
    await c.schema();
    return c.submitter.recover();
  };

  const network = new Network({
    settings,
    connect,
    retryNow: () => connected?.connection.watcher.retryNow(),
    recover,
    dataDir: deps.dataDir,
    ...(deps.exchange ? { fixed: deps.exchange } : {}),
    ...(deps.launchDevnet ? { launchDevnet: deps.launchDevnet } : {}),
    ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
    onDemoChosen: async () => {
      await importDemoWallets(wallets, audit);
    },
    onDevnetStatus: (status) => events.emit('devnetStatus', status),
    ...(deps.supervision ? { supervision: deps.supervision } : {}),
  });

  // What each method needs of the lock is declared in the policy and checked in one place, before any handler runs.
  const handlers = applyPolicy(
    {
      app: {
        info: async () => ({
          version: deps.version,
          host: deps.host,
          network: network.appInfo(),
          devnet: network.devnetStatus(),
        }),
        ...whenConnected('app', () => connected && { markets: connected.connection.info }, ['info']),
      },
      settings: createSettings({ store: settings, network }).handlers,
      lock: createLock({
        lock,
        reset: {
          preview: () => reset.preview(),
          // the wallets are gone: so is the following of their accounts
          reset: async (confirmation) => {
            const state = await reset.reset(confirmation);
            connected?.connection.watcher.watch([]);
            return state;
          },
        },
        portfolio: () => connected?.portfolio.unlock ?? null,
      }).handlers,
      wallets: createWallets({ wallets, audit }).handlers,
      phrases: createPhrases({ phrases, wallets, audit, exchange: () => connected?.connection ?? null })
        .handlers,
      audit: createAudit({ audit }).handlers,
      sessions: whenConnected('sessions', () => connected?.sessions.handlers ?? null),
      funds: whenConnected('funds', () => connected?.funds.handlers ?? null),
      portfolio: whenConnected('portfolio', () => connected?.portfolio.handlers ?? null),
      history: whenConnected('history', () => connected?.history.handlers ?? null),
      vaults: whenConnected('vaults', () => connected?.vaults.handlers ?? null),
      triggers: whenConnected('triggers', () => connected?.triggers.handlers ?? null),
      actions: whenConnected('actions', () => connected?.actions.handlers ?? null),
      addresses: whenConnected('addresses', () => connected?.addresses.handlers ?? null),
      drills: {
        ...whenConnected('drills', () => connected?.drills.handlers ?? null, ['compromised']),
        // the person's record of compromised wallets, whatever the exchange
        compromised: async () => compromised.list(),
      },
    } satisfies Handlers,
    lock,
  );

  // Sessions created here are refreshed before they expire, while their refresh deadline allows. The
  // wallet key is not needed for that (a session refreshes itself), but only an unlocked app does it.
  let refreshTimer: NodeJS.Timeout | null = null;
  let stopSleepWatch: (() => void) | null = null;
  const refreshLoop = (): void => {
    refreshTimer = setTimeout(async () => {
      if (connected && lock.state().status === 'unlocked')
        await connected.connection.sessions.refreshDue().catch(() => {});
      refreshLoop();
    }, deps.refreshEveryMs ?? 60_000);
    refreshTimer.unref();
  };

  return {
    handlers,
    events,
    lock,
    wallets,
    settings,
    get connection() {
      return connected?.connection ?? null;
    },
    network,
    async start() {
      // Without a keychain (or with a locked one) the rest still starts: the app opens, its first step says
      // what to install, and the lock reads the keychain again when asked. The caller still hears why.
      // The devnet's start and the keychain's read do not wait for each other.
      const [, keychainProblem] = await Promise.all([
        network.start(),
        lock.init().then(
          () => null,
          (error: unknown) => error,
        ),
      ]);
      if (connected) {
        try {
          // Load the exchange's schema at connect, so a server that lacks what the app needs is known at
          // once; then settle the journal, then a drill cut off by the app stopping: its steps' outcomes are
          // known now, its summary is due
          await recover();
          await connected.drills.settleInterrupted();
        } catch {
          // the exchange is not reachable yet; the journal keeps open entries until the next submission
        }
      }
      if ((deps.refreshEveryMs ?? 60_000) > 0) refreshLoop();
      // Lock after a suspend on every host; Electron's powerMonitor says it sooner where it exists.
      stopSleepWatch = (deps.watchSleep ?? ((onSleep) => watchForSleep({ onSleep })))(() =>
        lock.onSystemSuspend(),
      );
      if (keychainProblem) throw keychainProblem;
    },
    close: async () => {
      if (refreshTimer) clearTimeout(refreshTimer);
      stopSleepWatch?.();
      connected?.connection.close();
      await network.close();
    },
  };
}
