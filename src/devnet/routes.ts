// The devnet's endpoints as one table, gathered from its features: the router serves it and /openapi.json
// describes it, so the two cannot drift. Each feature's routes only parse, ask the feature and shape the
// answer; the rules live in the features and the engine.
import type { DevnetConfig } from './config';
import type { Devnet } from './devnet';
import type { SnapshotStore } from './persistence';
import type { Route } from './http/route';
import { pathParams } from './http/path';
import { seedOf } from './vaults/ledger';
import { serviceRoutes } from './service/routes';
import { actionRoutes, type ActionEndpoint } from './service/action-routes';
import { snapshotRoutes } from './service/snapshot-routes';
import { sessionRoutes } from './sessions/routes';
import { fundsRoutes } from './funds/routes';
import { marketRoutes } from './trading/routes';
import { positionRoutes } from './trading/position-routes';
import { orderRoutes } from './orders/routes';
import { triggerRoutes } from './triggers/routes';
import { vaultRoutes } from './vaults/routes';
import { settlementRoutes } from './chain/routes';

export interface RouteDeps {
  devnet: Devnet;
  config: DevnetConfig;
  store: SnapshotStore;
  protoText: string;
  openapi: () => unknown;
  /** POST /action (made where the action queue is) */
  action: ActionEndpoint;
}

export function buildRoutes(deps: RouteDeps): Route[] {
  const { devnet, config, store } = deps;
  const state = () => devnet.engine.state;
  const path = pathParams({
    account: (id) => devnet.engine.account(id) !== undefined,
    market: (id) => config.markets.some((m) => m.marketId === id),
    vault: (id) => seedOf(config, id) !== undefined,
  });
  return [
    ...serviceRoutes({ state, protoText: deps.protoText, openapi: deps.openapi }),
    ...sessionRoutes(devnet.engine, path),
    ...fundsRoutes(devnet, config, path),
    ...actionRoutes(state, config, deps.action),
    ...snapshotRoutes(devnet, store),
    ...marketRoutes(devnet, config, path),
    ...orderRoutes(devnet, config, path),
    ...positionRoutes(devnet, config, path),
    ...triggerRoutes(devnet, path),
    ...vaultRoutes(devnet, config, path),
    ...settlementRoutes(devnet.bridge),
  ];
}
