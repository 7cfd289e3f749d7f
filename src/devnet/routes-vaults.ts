// Vault reads: vaults, per-user state, histories.
import type { DevnetConfig } from './config';
import type { Devnet } from './devnet';
import type { Route } from './routes';

export function vaultRoutes(_devnet: Devnet, _config: DevnetConfig): Route[] {
  return [];
}
