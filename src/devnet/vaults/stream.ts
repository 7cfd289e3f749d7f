// The vault@<vault_id> stream kind.
import type { StreamKind } from '../streams';
import type { EngineState } from '../engine/state';

export function vaultStreamKind(_state: () => EngineState): StreamKind {
  return { prefix: 'vault', form: 'vault@<vault_id>', validate: () => 'no vaults yet' };
}
