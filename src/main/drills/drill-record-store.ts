// The drills' runs on disk, one file per exchange beside its nonces: each run's steps are written as each
// one starts and ends, so a run the app was stopped in the middle of (a crash, a power cut) is still known
// at the next start and can be settled: what its steps did found out, its summary written once. Written
// atomically like every other main state; nothing secret is in it (labels, account ids, amounts, action ids,
// public keys), and the audit log's guard refuses anything shaped like a key before it is written.
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { AppFailure } from '../../shared/result';
import { DrillRunSchema, DrillStepSchema } from '../../shared/ipc/drills';
import { TokenInfoSchema } from '../../shared/exchange/info';
import { writeFileAtomic } from '../../support/atomic-file';
import { assertNoSecret } from '../audit/audit-log';

/** How many runs are kept, newest last. */
export const KEPT_RUNS = 8;

const Amount = z.string().regex(/^\d{1,40}$/);

const StepRecordSchema = DrillStepSchema.extend({
  transfer: DrillStepSchema.shape.transfer.unwrap().extend({ amount: Amount }).nullable(),
  /** when it started running (local ms): the audit entries and exchange rows that can be its outcome */
  startedAt: z.number().nullable(),
});

export const RunRecordSchema = z.object({
  runId: DrillRunSchema.shape.runId,
  kind: DrillRunSchema.shape.kind,
  status: z.enum(['running', 'done', 'failed']),
  startedAt: z.number(),
  /** the wallets (public keys) it acted for */
  wallets: z.array(z.string().max(64)).max(64),
  steps: z.array(StepRecordSchema).max(2000),
  summary: z.string().nullable(),
  /** a sweep's target, the tokens it moved (for its words) and which wallet each transfer step is of */
  sweep: z
    .object({
      targetAccountId: z.number().int().min(0),
      tokens: z.array(TokenInfoSchema).max(100),
      stepWallets: z.record(z.string(), z.string().max(64)),
    })
    .nullable(),
  /** a leaked wallet-key drill's choices: what it evacuates where, which positions it closes */
  walletKey: z
    .object({
      walletIds: z.array(z.string().max(64)).max(32),
      targetWalletId: z.string().max(64),
      targetPublicKey: z.string().max(64),
      close: z
        .array(z.object({ accountId: z.number().int().min(0), marketId: z.number().int().min(0) }))
        .max(256),
    })
    .nullable()
    .default(null),
  /** the app stopped while it ran; settled once what each step did is known and its summary written */
  interrupted: z.boolean(),
  /** the person has seen the interrupted run's record and put it away */
  dismissed: z.boolean(),
});

const FileSchema = z.object({ version: z.literal(1), runs: z.array(RunRecordSchema).max(KEPT_RUNS) });

export type RunRecord = z.output<typeof RunRecordSchema>;

/**
 * Every read and every save reads the file first (it is small), so what is on disk is the one truth even
 * with a settling and a running drill writing it in turn.
 */
export class DrillRecordStore {
  /** Reads the file once to check it; one that cannot be read is refused in words and left as it is. */
  constructor(private readonly file: string) {
    this.read();
  }

  private read(): RunRecord[] {
    if (!existsSync(this.file)) return [];
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch {
      throw damaged(this.file, 'it is not JSON');
    }
    const parsed = FileSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw damaged(this.file, `${issue.path.join('.') || 'the file'}: ${issue.message}`);
    }
    return parsed.data.runs;
  }

  list(): RunRecord[] {
    return this.read();
  }

  get(runId: string): RunRecord | undefined {
    return this.read().find((r) => r.runId === runId);
  }

  /** Adds or replaces the run, keeping the newest few; on disk before it returns. */
  save(record: RunRecord): void {
    const checked = RunRecordSchema.parse(record);
    assertNoSecret(checked as unknown as Record<string, unknown>);
    const current = this.read();
    const runs = current.filter((r) => r.runId !== checked.runId);
    const at = current.findIndex((r) => r.runId === checked.runId);
    if (at === -1) runs.push(checked);
    else runs.splice(at, 0, checked);
    // the oldest go first, but never a run still to be settled
    while (runs.length > KEPT_RUNS) {
      const oldest = runs.findIndex((r) => r.status !== 'running');
      runs.splice(oldest === -1 ? 0 : oldest, 1);
    }
    writeFileAtomic(this.file, JSON.stringify({ version: 1, runs }));
  }
}

function damaged(file: string, why: string): AppFailure {
  return new AppFailure(
    'INTERNAL',
    `The drills’ record at ${file} cannot be read (${why}). It was left as it is; move it elsewhere to run a drill again.`,
  );
}
