// The drills' IPC methods, made for the exchange connected now: what they use of it (its client, sessions,
// pipeline, journal, funds, the drills' record in its folder) is given when it is connected, so a review made
// on one exchange is never run on another. Which wallets are compromised is the person's, whatever the
// exchange: core answers `drills.compromised` from the wallets' own record, connected or not.
import { join } from 'node:path';
import type { Handlers } from '../../shared/ipc/contract';
import type { AuditLog } from '../audit/audit-log';
import { DrillRuns, type DrillRun } from './drill-run';
import { DrillRecordStore } from './drill-record-store';
import { CompromisedKeyDrill, type CompromisedKeyDeps } from './compromised-key';
import { Sweep, type SweepDeps } from './sweep';
import { WalletKeyDrill, type WalletKeyDeps } from './wallet-key';

/** What the three drills use, and where this exchange's drills are recorded. */
export type DrillsDeps = Omit<CompromisedKeyDeps & SweepDeps & WalletKeyDeps, 'runs' | 'audit'> & {
  audit: Pick<AuditLog, 'append' | 'list' | 'record' | 'named'>;
  networkDir: string;
};

export interface Drills {
  handlers: Omit<Handlers['drills'], 'compromised'>;
  /** settles the runs an earlier app run was stopped in the middle of (at start, after the pipeline's own) */
  settleInterrupted(): Promise<void>;
}

export function createDrills(deps: DrillsDeps): Drills {
  // the record is read when first needed (a damaged one is read again: it may have been moved away)
  let opened: DrillRecordStore | null = null;
  const store = (): DrillRecordStore =>
    (opened ??= new DrillRecordStore(join(deps.networkDir, 'drill-runs.json')));
  const runs = new DrillRuns(store, deps.audit);
  const compromisedKey = new CompromisedKeyDrill({ ...deps, runs });
  const sweep = new Sweep({ ...deps, runs });
  const walletKey = new WalletKeyDrill({ ...deps, runs });
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
      run: async ({ runId }) => runs.get(runId).view(deps.audit),
      interrupted: async () => (await runs.interrupted(settle)).map((r) => r.view(deps.audit)),
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
