// Trigger reads: per account, active across the exchange, placement and finalisation history.
import type { DevnetConfig } from './config';
import type { Devnet } from './devnet';
import type { Route } from './routes';

export function triggerRoutes(_devnet: Devnet, _config: DevnetConfig): Route[] {
  return [];
}
