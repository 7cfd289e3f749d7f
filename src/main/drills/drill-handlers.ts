// The drills' IPC methods over the services. The drills are made once per app run; what they use of the
// exchange (its client, sessions, pipeline, the drills' record in its folder) is read when they use it, so
// they follow a change of network.
import { join } from 'node:path';
import type { Services } from '../services';
import type { Handlers } from '../../shared/ipc/contract';
import { DrillRuns, type DrillRun } from './drill-run';
import { DrillRecordStore } from './drill-record-store';
import { CompromisedKeyDrill } from './compromised-key';
import { Sweep } from './sweep';
import { WalletKeyDrill } from './wallet-key';

export interface Drills {
  handlers: Handlers['drills'];
  /** settles the runs an earlier app run was stopped in the middle of (at start, after the pipeline's own) */
  settleInterrupted(): Promise<void>;
}

export function createDrills(s: Services): Drills {
  // one record per exchange folder, read once (a damaged one is read again: it may have been moved away)
  const stores = new Map<string, DrillRecordStore>();
  const store = (): DrillRecordStore => {
    const dir = s.networkDir;
    let opened = stores.get(dir);
    if (!opened) {
      opened = new DrillRecordStore(join(dir, 'drill-runs.json'));
      stores.set(dir, opened);
    }
    return opened;
  };
  const runs = new DrillRuns(store, s.audit);
  // getters, not values: the exchange's services are read at each use (spreading would read them now)
  const deps = {
    wallets: s.wallets,
    lock: s.lock,
    audit: s.audit,
    runs,
    get client() {
      return s.client;
    },
    get ownership() {
      return s.ownership;
    },
    get sessions() {
      return s.sessions;
    },
    get pipeline() {
      return s.pipeline;
    },
    get journal() {
      return s.journal;
    },
    get funds() {
      return s.funds;
    },
    compromised: s.compromised,
    info: () => s.info(),
  };
  const compromisedKey = new CompromisedKeyDrill(deps);
  const sweep = new Sweep(deps);
  const walletKey = new WalletKeyDrill(deps);
  const settle = (run: DrillRun): Promise<void> =>
    run.kind === 'sweep'
      ? sweep.settle(run)
      : run.kind === 'walletKey'
        ? walletKey.settle(run)
        : compromisedKey.settle(run);
  return {
    handlers: {
      reviewCompromisedKey: ({ walletIds }) => compromisedKey.review(walletIds),
      startCompromisedKey: async ({ walletIds }) => compromisedKey.start(walletIds),
      reviewSweep: ({ accountIds, targetAccountId }) => sweep.review(accountIds, targetAccountId),
      startSweep: ({ reviewId, passphrase }) => sweep.start(reviewId, passphrase),
      reviewWalletKey: ({ walletIds, targetWalletId, close }) =>
        walletKey.review(walletIds, targetWalletId, close),
      startWalletKey: ({ reviewId, passphrase }) => walletKey.start(reviewId, passphrase),
      finishWalletKey: ({ runId, passphrase }) => walletKey.finish(runId, passphrase),
      compromised: async () => s.compromised.list(),
      run: async ({ runId }) => runs.get(runId).view(s.audit),
      interrupted: async () => (await runs.interrupted(settle)).map((r) => r.view(s.audit)),
      dismiss: async ({ runId }) => {
        runs.dismiss(runId);
        return { done: true };
      },
    },
    settleInterrupted: async () => {
      await runs.interrupted(settle);
    },
  };
}
