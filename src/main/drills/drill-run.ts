// The record of one drill as it runs: its steps in order, each pending, running, done, failed or skipped
// with what came of it, and a summary once it has ended. Main keeps the last few runs so the screen can poll
// one by id for progress, and so a run the screen lost (a reload) can still be read back.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppFailure } from '../../shared/result';
import type { DrillRunSchema, DrillStepSchema } from '../../shared/ipc/drills';
import type { AuditEntry } from '../audit/audit-log';

export type DrillRunView = z.output<typeof DrillRunSchema>;
export type DrillStep = z.output<typeof DrillStepSchema>;
type StepInput = Pick<DrillStep, 'key' | 'label'> & Partial<Pick<DrillStep, 'transfer'>>;

/** The audit entries a run reports: those written since it started by the wallets it acted for. */
export interface AuditReader {
  list(query: { limit: number }): { entries: (AuditEntry & { sentence: string })[] };
}

/** How many finished runs are kept to be read back. */
const KEPT_RUNS = 8;
/** How many audit entries a run reports at most (a drill over many accounts writes one per action). */
const AUDIT_SHOWN = 500;

export class DrillRun {
  readonly runId = randomUUID();
  readonly steps: DrillStep[] = [];
  status: DrillRunView['status'] = 'running';
  summary: string | null = null;
  /** settles once the run has ended, however it ended */
  done: Promise<void> = Promise.resolve();

  constructor(
    readonly kind: DrillRunView['kind'],
    readonly startedAt: number,
    /** the wallets (public keys) whose audit entries belong to this run */
    readonly wallets: readonly string[],
  ) {}

  add(step: StepInput): DrillStep {
    const added: DrillStep = {
      key: step.key,
      label: step.label,
      status: 'pending',
      detail: null,
      actionId: null,
      transfer: step.transfer ?? null,
    };
    this.steps.push(added);
    return added;
  }

  /** Runs one step: done with its action id, or failed with the failure's plain words (not thrown on). */
  async step(
    step: DrillStep,
    work: () => Promise<{ actionId?: bigint | null; detail?: string } | void>,
  ): Promise<boolean> {
    step.status = 'running';
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
    }
  }

  skip(step: DrillStep, why: string): void {
    step.status = 'skipped';
    step.detail = why;
  }

  finish(summary: string): void {
    this.summary = summary;
    this.status = this.steps.some((s) => s.status === 'failed') ? 'failed' : 'done';
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
      steps: this.steps.map((s) => ({ ...s })),
      summary: this.summary,
      audit: entries,
      startedAt: this.startedAt,
    };
  }
}

/** The runs of this app session: one drill at a time, the last few kept to be read back. */
export class DrillRuns {
  private readonly runs: DrillRun[] = [];

  /** Starts `work` on a new run unless another drill is still running; returns the run at once. */
  start(run: DrillRun, work: (run: DrillRun) => Promise<void>): DrillRun {
    if (this.runs.some((r) => r.status === 'running'))
      throw new AppFailure('CONFLICT', 'Another drill is still running. Wait for it to finish.');
    this.runs.push(run);
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
    if (!run) throw new AppFailure('NOT_FOUND', 'That drill is no longer known; the app was restarted.');
    return run;
  }
}
