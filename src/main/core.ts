// The composition root of the main process, shared by the Electron app and the browser host: it builds
// every module from explicit dependencies and returns the contract's handlers. Each capability contributes a
// handler group; the `satisfies Handlers` below makes the compiler prove that every method has a handler.
import type { Handlers } from '../shared/ipc/contract';
import { MarketsInfoSchema } from '../shared/exchange/info';
import { createHttpClient, type FetchLike } from './exchange/http-client';
import { createEventBus, type EventBus } from './events';

export interface CoreDeps {
  version: string;
  host: 'electron' | 'browser-host';
  exchange: { kind: 'embedded-devnet' | 'custom'; baseUrl: string };
  fetchImpl?: FetchLike;
}

export interface Core {
  handlers: Handlers;
  events: EventBus;
  close(): Promise<void>;
}

export function createCore(deps: CoreDeps): Core {
  const events = createEventBus();
  const http = createHttpClient({
    baseUrl: deps.exchange.baseUrl,
    ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
  });

  const appHandlers = {
    getAppInfo: async () => ({ version: deps.version, host: deps.host, network: deps.exchange }),
    getMarkets: async () => http.getJson('/info', MarketsInfoSchema),
  } satisfies Partial<Handlers>;

  const handlers = { ...appHandlers } satisfies Handlers;

  return { handlers, events, close: async () => {} };
}
