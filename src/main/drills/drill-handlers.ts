// The drills' IPC methods over the services. The drills are made once per app run; what they use of the
// exchange (its client, sessions, pipeline) is read when they use it, so they follow a change of network.
import type { Services } from '../services';
import type { Handlers } from '../../shared/ipc/contract';
import { DrillRuns } from './drill-run';
import { CompromisedKeyDrill } from './compromised-key';
import { Sweep } from './sweep';

export function drillHandlers(s: Services): Handlers['drills'] {
  const runs = new DrillRuns();
  // getters, not values: the exchange's services are read at each use (spreading would read them now)
  const deps = {
    wallets: s.wallets,
    lock: s.lock,
    audit: s.audit,
    runs,
    get client() {
      return s.client;
    },
    get sessions() {
      return s.sessions;
    },
    get pipeline() {
      return s.pipeline;
    },
    info: () => s.info(),
  };
  const compromisedKey = new CompromisedKeyDrill(deps);
  const sweep = new Sweep(deps);
  return {
    reviewCompromisedKey: ({ walletIds }) => compromisedKey.review(walletIds),
    startCompromisedKey: async ({ walletIds }) => compromisedKey.start(walletIds),
    reviewSweep: ({ accountIds, targetAccountId }) => sweep.review(accountIds, targetAccountId),
    startSweep: ({ reviewId, passphrase }) => sweep.start(reviewId, passphrase),
    run: async ({ runId }) => runs.get(runId).view(s.audit),
  };
}
