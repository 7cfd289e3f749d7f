// The vault@<vault_id> stream: the full VaultViewState after every change, in the account stream's style:
// `{ "vault": { update_id, last_update_id, vault_id, state } }`. Rules and ticks queue the view
// as it is right after their change (so each message shows that change, not a later one); the queue is
// delivered after the change is accepted: at the end of each tick, and after each action once the devnet
// calls flushVaultUpdates from its change hook.
import type { DevnetConfig } from '../config';
import type { StreamKind } from '../streams';
import type { WireVaultViewState } from '../../shared/exchange/vaults';
import type { VaultState } from './state';
import { vaultView } from './views';
import type { EngineState } from '../state';

interface Pending {
  stream: string;
  payload: WireVaultViewState;
  updateId: number;
}

// Queued messages are not exchange state, so they stay out of the snapshot.
const outboxes = new WeakMap<EngineState, Pending[]>();

export function queueVaultUpdate(state: EngineState, config: DevnetConfig, vault: VaultState): void {
  vault.updateId += 1;
  const queue = outboxes.get(state) ?? [];
  queue.push({
    stream: `vault@${vault.vaultId}`,
    payload: vaultView(state, config, vault),
    updateId: vault.updateId,
  });
  outboxes.set(state, queue);
}

export function flushVaultUpdates(
  state: EngineState,
  publish: (stream: string, kindKey: string, payload: Record<string, unknown>, updateId: number) => void,
): void {
  const queue = outboxes.get(state);
  if (!queue?.length) return;
  outboxes.set(state, []);
  for (const m of queue)
    publish(m.stream, 'vault', { vault_id: m.payload.vaultId, state: m.payload }, m.updateId);
}

export function vaultStreamKind(state: () => EngineState): StreamKind {
  return {
    prefix: 'vault',
    form: 'vault@<vault_id>',
    validate: (arg) =>
      !/^\d{1,10}$/.test(arg)
        ? 'the vault id must be a number'
        : state().vaults.byId[Number(arg)]
          ? null
          : `vault ${arg} does not exist`,
  };
}
