// The action methods of the contract: an intent prepared for review, then confirmed by its id; both over
// the pipeline of the exchange connected now (a review made on one exchange is never signed for another).
import type { Handlers } from '../../shared/ipc/contract';

export interface ActionsDeps {
  /** the pipeline (pipeline/pipeline.ts), as the two steps of the contract */
  pipeline: {
    prepare: Handlers['actions']['prepare'];
    confirm(confirmationId: string, passphrase?: string): ReturnType<Handlers['actions']['confirm']>;
  };
}

export function createActions({ pipeline }: ActionsDeps): { handlers: Handlers['actions'] } {
  return {
    handlers: {
      prepare: (intent) => pipeline.prepare(intent),
      confirm: ({ confirmationId, passphrase }) => pipeline.confirm(confirmationId, passphrase),
    },
  };
}
