// The action methods of the contract: an intent prepared for review, then confirmed by its id; both over
// the pipeline of the exchange connected now (a review made on one exchange is never signed for another).
import type { Handlers } from '../../shared/ipc/contract';
import type { ActionPipeline } from '../pipeline/pipeline';

export interface ActionsDeps {
  pipeline: Pick<ActionPipeline, 'prepare' | 'confirm'>;
}

export function createActions({ pipeline }: ActionsDeps): { handlers: Handlers['actions'] } {
  return {
    handlers: {
      prepare: (intent) => pipeline.prepare(intent),
      confirm: ({ confirmationId, passphrase }) => pipeline.confirm(confirmationId, passphrase),
    },
  };
}
