// The record of one drill as it runs: its steps in order, each pending, running, done, failed or skipped
// with what came of it, and a summary once it has ended. Every change is written to the drills' record on
// disk (drill-record-store.ts) as it happens, so a run the app stopped in the middle of is known at the next
// start; main keeps the runs so the screen can poll one by id, and read back one it lost (a reload, a restart).
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppFailure } from '../../shared/result';
import type { DrillRunSchema, DrillStepSchema } from '../../shared/ipc/drills';
import type { ActionResult, Intent, Summary } from '../../shared/ipc/actions';
import type { AuditEntry, AuditLog } from '../audit/audit-log';
import { drillFinished, drillStarted } from '../audit/key-events';
import { KEPT_RUNS, type DrillRecordStore, type RunRecord } from './drill-record-store';

export type DrillRunView = z.output<typeof DrillRunSchema>;
/** a step as the screen sees it, and when it started running (local ms), which the record keeps too */
export type DrillStep = z.output<typeof DrillStepSchema> & { startedAt: number | null };
type StepInput = Pick<DrillStep, 'key' | 'label'> & Partial<Pick<DrillStep, 'transfer'>>;
export type SweepContext = NonNullable<RunRecord['sweep']>;
export type WalletKeyContext = NonNullable<RunRecord['walletKey']>;

/** The audit entries a run reports: those written since it started by the wallets it acted for. */
export interface AuditReader {
  list(query: { limit: number }): { entries: (AuditEntry & { sentence: string })[] };
}

/** For one wallet (public key): whether everything was done for it, and what, in words; null: the summary says */
export type WalletOutcome = (wallet: string) => { done: boolean; detail: string } | null;

/** How many audit entries a run reports at most (a drill over many accounts writes one per action). */
const AUDIT_SHOWN = 500;

export class DrillRun {
  runId: string = randomUUID();
  readonly steps: DrillStep[] = [];
  status: DrillRunView['status'] = 'running';
  summary: string | null = null;
  /** a sweep's target and words, kept so that an interrupted sweep can be summed up after a restart */
  sweep: SweepContext | null = null;
  /** a leaked wallet-key drill's choices, kept so that it can be finished after a restart */
  walletKey: WalletKeyContext | null = null;
  /** the app stopped while it ran (known at the next start) */
  interrupted = false;
  dismissed = false;
  /** settles once the run has ended, however it ended */
  done: Promise<void> = Promise.resolve();
  /** called after every change (DrillRuns writes the record to disk here) */
  onChange: () => void = () => {};
  /** called as the run ends, before its end is written (DrillRuns records the outcome in the audit log) */
  onFinish: (perWallet?: WalletOutcome) => void = () => {};
  private readonly clock: () => number;

  constructor(
    readonly kind: DrillRunView['kind'],
    readonly startedAt: number,
    /** the wallets (public keys) whose audit entries belong to this run */
    readonly wallets: readonly string[],
    now: () => number = Date.now,
  ) {
    this.clock = now;
  }

  /** The run as the record on disk keeps it. */
  record(): RunRecord {
    return {
      runId: this.runId,
      kind: this.kind,
      status: this.status,
      startedAt: this.startedAt,
      wallets: [...this.wallets],
      steps: this.steps.map((s) => ({
        ...s,
        transfer: s.transfer && { ...s.transfer, amount: s.transfer.amount.toString() },
      })),
      summary: this.summary,
      sweep: this.sweep,
      walletKey: this.walletKey,
      interrupted: this.interrupted,
      dismissed: this.dismissed,
    };
  }

  /** A run read back from its record (one an earlier app run wrote). */
  static restore(record: RunRecord): DrillRun {
    const run = new DrillRun(record.kind, record.startedAt, record.wallets);
    run.runId = record.runId;
    run.status = record.status;
    run.summary = record.summary;
    run.sweep = record.sweep;
    run.walletKey = record.walletKey;
    run.interrupted = record.interrupted;
    run.dismissed = record.dismissed;
    run.steps.push(
      ...record.steps.map((s) => ({
        ...s,
        transfer: s.transfer && { ...s.transfer, amount: BigInt(s.transfer.amount) },
      })),
    );
    return run;
  }

  add(step: StepInput): DrillStep {
    const added: DrillStep = {
      key: step.key,
      label: step.label,
      status: 'pending',
      detail: null,
      actionId: null,
      transfer: step.transfer ?? null,
      startedAt: null,
    };
    this.steps.push(added);
    this.onChange();
    return added;
  }

  /** Runs one step: done with its action id, or failed with the failure's plain words (not thrown on). */
  async step(
    step: DrillStep,
    work: () => Promise<{ actionId?: bigint | null; detail?: string } | void>,
  ): Promise<boolean> {
    step.status = 'running';
    step.startedAt = this.clock();
    // on disk before anything is signed: after a crash, this step is the one whose outcome is looked for
    this.onChange();
    try {
      const done = await work();
      step.status = 'done';
      if (done?.actionId !== undefined && done.actionId !== null) step.actionId = done.actionId.toString();
      if (done?.detail) step.detail = done.detail;
      return true;
    } catch (error) {
      step.status = 'failed';
      step.detail = error instanceof AppFailure ? error.message : 'It failed inside the app.';
      return false;
    } finally {
      this.onChange();
    }
  }

  /** The step of that key: the one an earlier part of this run added (to finish it), else a new one. */
  stepOf(step: StepInput): DrillStep {
    return this.steps.find((s) => s.key === step.key) ?? this.add(step);
  }

  skip(step: DrillStep, why: string): void {
    step.status = 'skipped';
    step.detail = why;
    this.onChange();
  }

  /** A step settled after the fact: what it was found to have done. */
  settle(step: DrillStep, status: 'done' | 'failed', detail: string, actionId?: string): void {
    step.status = status;
    step.detail = detail;
    if (actionId !== undefined) step.actionId = actionId;
    this.onChange();
  }

  /**
   * A run the app stopped in: the step that was running is marked failed with `running` (what became of it
   * is for the drill to say), the steps not begun are skipped with `pending`.
   */
  cutOff(words: { running: string; pending: string }): void {
    for (const step of this.steps) {
      if (step.status === 'running') this.settle(step, 'failed', words.running);
      else if (step.status === 'pending') this.skip(step, words.pending);
    }
  }

  /** `perWallet`: what came of the run for one of its wallets, where the drill can say (a sweep can) */
  finish(summary: string, perWallet?: WalletOutcome): void {
    this.summary = summary;
    // a run the app stopped in is not done if anything was left undone by the stop
    const undone = (s: DrillStep) => s.status === 'failed' || (this.interrupted && s.status === 'skipped');
    this.status = this.steps.some(undone) ? 'failed' : 'done';
    this.onFinish(perWallet);
    this.onChange();
  }

  view(audit: AuditReader): DrillRunView {
    const entries = audit
      .list({ limit: AUDIT_SHOWN })
      .entries.filter((e) => e.time >= this.startedAt && this.wallets.includes(e.wallet))
      .reverse();
    return {
      runId: this.runId,
      kind: this.kind,
      status: this.status,
      steps: this.steps.map(({ startedAt: _startedAt, ...s }) => ({ ...s })),
      summary: this.summary,
      audit: entries,
      startedAt: this.startedAt,
      interrupted: this.interrupted,
    };
  }
}

/**
 * The runs: those of this app session, and those an earlier one left in the record. One drill at a time. A
 * run the record says was running that this session did not start was cut off by the app stopping: it is
 * settled (see `interrupted`) and shown until the person dismisses it. Every drill, whichever kind, has a
 * line in the audit log for each of its wallets as it starts and as it ends, with its outcome.
 */
export class DrillRuns {
  private readonly runs: DrillRun[] = [];
  private settling: Promise<DrillRun[]> | null = null;

  /** `store`: the drills' record of the exchange in use (it throws, in words, when it cannot be read) */
  constructor(
    private readonly store: () => DrillRecordStore,
    private readonly audit?: Pick<AuditLog, 'record' | 'named'>,
  ) {}

  /** Each of the run's wallets gets the line of its end: done or not all done, with what came of it. */
  private recordsItsEnd(run: DrillRun): void {
    run.onFinish = (perWallet) => {
      for (const wallet of run.wallets) {
        const own = perWallet?.(wallet);
        const done = own ? own.done : run.status === 'done';
        this.audit?.record(
          drillFinished(run.kind, this.audit.named(wallet), done, own?.detail ?? run.summary ?? ''),
        );
      }
    };
  }

  /** Starts `work` on a new run unless another drill is still running; returns the run at once. */
  start(run: DrillRun, work: (run: DrillRun) => Promise<void>): DrillRun {
    if (this.runs.some((r) => r.status === 'running'))
      throw new AppFailure('CONFLICT', 'Another drill is still running. Wait for it to finish.');
    // a record that cannot be read refuses the drill here, before anything is signed
    const store = this.store();
    run.onChange = () => {
      try {
        store.save(run.record());
      } catch {
        // the run goes on; the record on disk lags (a full disk) and the screen still has the run
      }
    };
    // a drill the audit log cannot record does not start (nor is its record left saying it runs); a run
    // taken up again (the leaked wallet-key drill's finish) has its start lines too
    for (const wallet of run.wallets) this.audit?.record(drillStarted(run.kind, this.audit.named(wallet)));
    store.save(run.record());
    this.recordsItsEnd(run);
    // a run finished later is started again as the same run
    if (!this.runs.includes(run)) this.runs.push(run);
    if (this.runs.length > KEPT_RUNS) this.runs.splice(0, this.runs.length - KEPT_RUNS);
    run.done = work(run).catch((error: unknown) => {
      // every step catches its own failure; this is what slipped past them (a read that failed)
      const failed = run.add({ key: 'stopped', label: 'The drill stopped' });
      failed.status = 'failed';
      failed.detail = error instanceof AppFailure ? error.message : 'It failed inside the app.';
      for (const s of run.steps) if (s.status === 'pending') run.skip(s, 'Not done: the drill stopped.');
      run.finish(`The drill stopped before it was finished: ${failed.detail}`);
    });
    return run;
  }

  get(runId: string): DrillRun {
    const run = this.runs.find((r) => r.runId === runId);
    if (run) return run;
    const record = this.store().get(runId);
    if (!record) throw new AppFailure('NOT_FOUND', 'That drill is no longer known; the app was restarted.');
    return DrillRun.restore(record);
  }

  /**
   * The runs an earlier app session was stopped in the middle of and the person has not dismissed, each
   * settled first where it can be: `settle` finds out what its unfinished steps did, writes its summary
   * once and finishes it; a run whose outcome is not known yet (the exchange away) stays running, to be
   * settled at the next call. Calls at the same time share one settling.
   */
  interrupted(settle: (run: DrillRun) => Promise<void>): Promise<DrillRun[]> {
    this.settling ??= this.settleAll(settle).finally(() => {
      this.settling = null;
    });
    return this.settling;
  }

  private async settleAll(settle: (run: DrillRun) => Promise<void>): Promise<DrillRun[]> {
    const store = this.store();
    const ours = new Set(this.runs.map((r) => r.runId));
    const shown: DrillRun[] = [];
    for (const record of store.list()) {
      if (ours.has(record.runId) || record.dismissed) continue;
      if (!record.interrupted && record.status !== 'running') continue;
      const run = DrillRun.restore(record);
      run.interrupted = true;
      run.onChange = () => store.save(run.record());
      this.recordsItsEnd(run);
      if (run.status === 'running') {
        run.onChange();
        try {
          await settle(run);
        } catch {
          // the exchange is away or an answer unreadable: still running, settled at the next call
        }
      }
      shown.push(run);
    }
    return shown;
  }

  /** Puts an interrupted run's record away once the person has read it. */
  dismiss(runId: string): void {
    const store = this.store();
    const record = store.get(runId);
    if (!record?.interrupted)
      throw new AppFailure('NOT_FOUND', 'There is no interrupted drill with that id.');
    if (record.status === 'running')
      throw new AppFailure(
        'CONFLICT',
        'What this drill did is not known yet: Perpetua asks the exchange once it is reachable.',
      );
    store.save({ ...record, dismissed: true });
  }
}

/**
 * One action through the pipeline as a drill's step, reviewed and confirmed here: the person reviewed the
 * whole drill. What went away meanwhile (an order filled, a trigger fired, a position closed) is skipped,
 * not failed. `passphrase`: given to the actions that send money out of the wallets.
 */
export async function signedStep(
  run: DrillRun,
  step: DrillStep,
  pipeline: {
    prepare(intent: Intent): Promise<Summary>;
    confirm(confirmationId: string, passphrase?: string): Promise<ActionResult>;
  },
  intent: Intent,
  passphrase?: string,
): Promise<boolean> {
  let gone = false;
  const ok = await run.step(step, async () => {
    let summary: Summary;
    try {
      summary = await pipeline.prepare(intent);
    } catch (error) {
      if (!(error instanceof AppFailure && error.code === 'NOT_FOUND')) throw error;
      gone = true;
      return;
    }
    const result = await pipeline.confirm(
      summary.confirmationId,
      summary.moneyLeaves ? passphrase : undefined,
    );
    return { actionId: result.actionId, detail: result.message };
  });
  if (gone) run.skip(step, 'Already gone by the time it was reached (filled, fired, closed or cancelled).');
  return ok && !gone;
}
