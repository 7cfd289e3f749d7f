// The composition root of the main process, shared by the Electron app and the browser host: it builds
// every service from explicit dependencies and returns the contract's handlers. `satisfies Handlers` makes
// the compiler prove that every method of the contract has a handler.
import type { Handlers } from '../shared/ipc/contract';
import { createEventBus, type EventBus } from './events';
import type { FetchLike } from './exchange/http-client';
import type { SecretStore } from './keychain/secret-store';
import type { KdfPolicy } from './lock/kdf';
import { createServices, type Services } from './services';
import { createAppHandlers } from './handlers';
import { createDrills } from './drills/drill-handlers';
import { Network, type NetworkDeps } from './network/network';
import type { LaunchDevnet } from './network/devnet-supervisor';
import { importDemoWallets } from './network/demo-wallets';
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
  services: Services;
  network: Network;
  /** connects to the exchange (starting the devnet if that is the choice) and reads the lock state */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createCore(deps: CoreDeps): Core {
  ensureDataDir(deps.dataDir);
  const events = createEventBus();
  const services = createServices({
    dataDir: deps.dataDir,
    store: deps.store,
    ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
    ...(deps.kdf ? { kdf: deps.kdf } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    onLockState: (state) => events.emit('lockState', state),
    onDeposit: (deposit) => events.emit('depositStatus', deposit),
    onChainBalances: (walletId) => events.emit('chainBalances', { walletId }),
    onAccountUpdate: (update) => events.emit('accountUpdate', update),
    onSessionsChanged: (walletId, strangers) => events.emit('sessionsChanged', { walletId, strangers }),
    ...(deps.watchStrangers === false ? { watchStrangers: false } : {}),
    onPortfolioProgress: (read, total) => events.emit('portfolioProgress', { read, total }),
    localExchange: () => {
      const state = network.devnetStatus()?.state;
      return state === 'restarting' || state === 'stopped' ? state : null;
    },
    onExchangeStatus: (connected, detail) =>
      events.emit('exchangeStatus', {
        connected,
        baseUrl: network.appInfo().baseUrl,
        ...(detail ? { detail } : {}),
      }),
  });
  const network = new Network({
    services,
    dataDir: deps.dataDir,
    ...(deps.exchange ? { fixed: deps.exchange } : {}),
    ...(deps.launchDevnet ? { launchDevnet: deps.launchDevnet } : {}),
    ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
    onDemoChosen: async () => {
      await importDemoWallets(services.wallets, services.audit);
    },
    onDevnetStatus: (status) => events.emit('devnetStatus', status),
    ...(deps.supervision ? { supervision: deps.supervision } : {}),
  });
  const drills = createDrills(services);
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
        markets: () => services.info(),
      },
      ...createAppHandlers(services, network, drills),
    } satisfies Handlers,
    services.lock,
  );

  // Sessions created here are refreshed before they expire, while their refresh deadline allows. The
  // wallet key is not needed for that (a session refreshes itself), but only an unlocked app does it.
  let refreshTimer: NodeJS.Timeout | null = null;
  let stopSleepWatch: (() => void) | null = null;
  const refreshLoop = (): void => {
    refreshTimer = setTimeout(async () => {
      if (services.connected && services.lock.state().status === 'unlocked')
        await services.sessions.refreshDue().catch(() => {});
      refreshLoop();
    }, deps.refreshEveryMs ?? 60_000);
    refreshTimer.unref();
  };

  return {
    handlers,
    events,
    services,
    network,
    async start() {
      // Without a keychain (or with a locked one) the rest still starts: the app opens, its first step says
      // what to install, and the lock reads the keychain again when asked. The caller still hears why.
      // The devnet's start and the keychain's read do not wait for each other.
      const [, keychainProblem] = await Promise.all([
        network.start(),
        services.lock.init().then(
          () => null,
          (error: unknown) => error,
        ),
      ]);
      if (services.connected) {
        try {
          // Load the exchange's schema at connect, so a server that lacks what the app needs is known at once.
          await services.schema();
          await services.submitter.recover();
          // then a drill cut off by the app stopping: its steps' outcomes are known now, its summary is due
          await drills.settleInterrupted();
        } catch {
          // the exchange is not reachable yet; the journal keeps open entries until the next submission
        }
      }
      if ((deps.refreshEveryMs ?? 60_000) > 0) refreshLoop();
      // Lock after a suspend on every host; Electron's powerMonitor says it sooner where it exists.
      stopSleepWatch = (deps.watchSleep ?? ((onSleep) => watchForSleep({ onSleep })))(() =>
        services.lock.onSystemSuspend(),
      );
      if (keychainProblem) throw keychainProblem;
    },
    close: async () => {
      if (refreshTimer) clearTimeout(refreshTimer);
      stopSleepWatch?.();
      services.close();
      await network.close();
    },
  };
}
