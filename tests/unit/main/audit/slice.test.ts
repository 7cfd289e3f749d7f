// The audit log's methods over the real log on a temporary file: a page answers the filter asked for; the
// export holds every line, not one page of them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditLog } from '../../../../src/main/audit/audit-log';
import { createAudit } from '../../../../src/main/audit/slice';

let dir: string;
let log: AuditLog;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'perpetua-audit-slice-'));
  log = new AuditLog(join(dir, 'audit.jsonl'));
  for (let i = 0; i < 60; i += 1)
    log.append({
      time: Date.UTC(2026, 10, 22) + i,
      wallet: 'Wa11et1111111111111111111111111111111111111',
      kind: i % 2 ? 'transfer' : 'withdraw',
      accounts: [3],
      actionId: String(i),
      result: 'ok',
    });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the audit methods', () => {
  it('lists the page asked for, filtered, newest first', async () => {
    const { handlers } = createAudit({ audit: log });
    const page = await handlers.list({ kind: 'withdraw', offset: 1, limit: 2 });
    expect(page.total).toBe(30);
    expect(page.entries.map((e) => e.actionId)).toEqual(['56', '54']);
  });

  it('exports every line as CSV, past the size of a page', async () => {
    const { handlers } = createAudit({ audit: log });
    const { csv } = await handlers.export(undefined);
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(61); // the header and the sixty lines
    expect(lines[0]).toMatch(/^time,description,wallet,kind/);
  });
});
