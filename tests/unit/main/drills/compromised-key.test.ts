// A compromised-key drill the app was stopped in: the record says which steps completed, the one that was
// running is not claimed either way, the rest were not done, and the audit log gets its one line (the runs'
// own line of a drill's end, which every kind of drill gets).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { CompromisedKeyDrill } from '../../../../src/main/drills/compromised-key';
import { DrillRun, DrillRuns } from '../../../../src/main/drills/drill-run';
import { DrillRecordStore } from '../../../../src/main/drills/drill-record-store';
import { AuditLog } from '../../../../src/main/audit/audit-log';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const WALLET = '11111111111111111111111111111111';

it('settles an interrupted compromised-key drill: what completed, what did not, one audit line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'perpetua-ck-settle-'));
  dirs.push(dir);
  const audit = new AuditLog(join(dir, 'audit.jsonl'));
  const drill = new CompromisedKeyDrill({ audit, now: () => 5_000 } as never);
  const run = new DrillRun('compromisedKey', 1_000, [WALLET]);
  for (const key of ['revoke:w1:1', 'revoke:w1:2', 'session:w1', 'trigger:4:1', 'order:4:9', 'check'])
    run.add({ key, label: key });
  run.steps[0]!.status = 'done';
  run.steps[1]!.status = 'done';
  run.steps[2]!.status = 'done';
  run.steps[3]!.status = 'running';
  run.interrupted = true;
  const store = new DrillRecordStore(join(dir, 'drill-runs.json'));
  store.save(run.record());

  const runs = new DrillRuns(() => store, audit);
  const [settled] = await runs.interrupted((r) => drill.settle(r));
  expect(settled!.runId).toBe(run.runId);
  expect(settled!.steps.map((s) => s.status)).toEqual([
    'done',
    'done',
    'done',
    'failed',
    'skipped',
    'skipped',
  ]);
  expect(settled!.steps[3]!.detail).toMatch(/^The app stopped while this ran/);
  expect(settled!.status).toBe('failed');
  expect(settled!.summary).toBe(
    'Interrupted: the app stopped during the drill. Before it stopped: revoked 2 sessions, removed 0 triggers and cancelled 0 orders; 3 steps not finished. Run the drill again to finish.',
  );
  const lines = audit.list({ kind: 'drillFinished' }).entries;
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ wallet: WALLET, result: 'err', detail: settled!.summary!.slice(0, 200) });
  expect(lines[0]!.sentence).toBe('Finished the compromised-key drill for wallet 1111…1111');
});
