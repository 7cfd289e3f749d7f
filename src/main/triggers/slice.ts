// The triggers panel's method of the contract, over the exchange connected now.
import type { Handlers } from '../../shared/ipc/contract';
import { triggersView, type TriggersReads } from './triggers-view';

export type TriggersDeps = TriggersReads;

export function createTriggers(deps: TriggersDeps): { handlers: Handlers['triggers'] } {
  return { handlers: { get: ({ accountId }) => triggersView(deps, accountId) } };
}
