// The composition root of the main process, shared by the Electron app and the browser host: it builds
// every service from explicit dependencies and returns the contract's handlers. `satisfies Handlers` makes
// the compiler prove that every method of the contract has a handler.
import type { Handlers } from '../shared/ipc/contract';
import { createEventBus, type EventBus } from './events';
import type { FetchLike } from './exchange/http-client';
import type { SecretStore } from './keychain/secret-store';
import type { ScryptParams } from './lock/passphrase-hash';
import { createServices, type Services } from './services';
import { createAppHandlers } from './handlers';

export interface CoreDeps {
  version: string;
  host: 'electron' | 'browser-host';
  exchange: { kind: 'embedded-devnet' | 'custom'; baseUrl: string };
  dataDir: string;
  store: SecretStore;
  fetchImpl?: FetchLike;
  /** tests only: cheaper passphrase hashing */
  scrypt?: ScryptParams;
}

export interface Core {
  handlers: Handlers;
  events: EventBus;
  services: Services;
  /** reads the lock state from the keychain and settles submissions a previous run left open */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createCore(deps: CoreDeps): Core {
  const events = createEventBus();
  const services = createServices({
    exchangeBaseUrl: deps.exchange.baseUrl,
    dataDir: deps.dataDir,
    store: deps.store,
    ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
    ...(deps.scrypt ? { scrypt: deps.scrypt } : {}),
    onLockState: (state) => events.emit('lockState', state),
    onDeposit: (deposit) => events.emit('depositStatus', deposit),
    onAccountUpdate: (update) => events.emit('accountUpdate', update),
    onExchangeStatus: (connected, detail) =>
      events.emit('exchangeStatus', {
        connected,
        baseUrl: deps.exchange.baseUrl,
        ...(detail ? { detail } : {}),
      }),
  });

  const handlers = {
    getAppInfo: async () => ({ version: deps.version, host: deps.host, network: deps.exchange }),
    getMarkets: () => services.info(),
    ...createAppHandlers(services),
  } satisfies Handlers;

  return {
    handlers,
    events,
    services,
    async start() {
      await services.lock.init();
      try {
        await services.submitter.recover();
      } catch {
        // the exchange is not reachable yet; the journal keeps them until the next submission
      }
    },
    close: async () => services.close(),
  };
}
