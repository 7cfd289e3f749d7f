// The Vaults page's method of the contract, over the exchange connected now. Epoch starts read once are
// kept while it stays connected (they never change once an epoch has begun).
import type { Handlers } from '../../shared/ipc/contract';
import { EpochStarts } from './epoch-performance';
import { vaultsView, type VaultsReads } from './vaults-view';

export type VaultsDeps = VaultsReads;

export function createVaults(deps: VaultsDeps): { handlers: Handlers['vaults'] } {
  const epochStarts = new EpochStarts();
  return { handlers: { get: () => vaultsView(deps, epochStarts) } };
}
