import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bs58 from 'bs58';
import { AuditLog, type AuditEntry } from '../../../../src/main/audit/audit-log';
import { toCsv } from '../../../../src/shared/csv';

let dir: string;
let log: AuditLog;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'perpetua-audit-'));
  log = new AuditLog(join(dir, 'audit.jsonl'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  time: Date.UTC(2026, 10, 22),
  wallet: 'Wa11et1111111111111111111111111111111111111',
  kind: 'withdraw',
  accounts: [3],
  tokenId: 0,
  amounts: { amount: '25000000', fee: '1000000', received: '24000000' },
  sessionId: '7',
  actionId: '42',
  result: 'ok',
  ...over,
});

describe('audit log', () => {
  it('appends entries and lists them newest first, filtered and paged', () => {
    for (let i = 0; i < 5; i += 1)
      log.append(entry({ actionId: String(i), kind: i % 2 ? 'transfer' : 'withdraw' }));
    const { entries, total } = log.list({ kind: 'withdraw' });
    expect(total).toBe(3);
    expect(entries.map((e) => e.actionId)).toEqual(['4', '2', '0']);
    expect(log.list({ offset: 1, limit: 2 }).entries.map((e) => e.actionId)).toEqual(['3', '2']);
    expect(log.list({ wallet: 'someone else' }).total).toBe(0);
  });

  it('refuses anything that looks like key material, by name or by shape', () => {
    const secret = bs58.encode(new Uint8Array(64).fill(9));
    expect(() => log.append({ ...entry(), detail: secret })).toThrow(/key material/);
    expect(() => log.append({ ...entry(), ...({ secretKey: 'x' } as object) })).toThrow(/secretKey/);
    expect(() => log.append({ ...entry(), detail: 'ab'.repeat(32) })).toThrow(/key material/);
    expect(log.list().total).toBe(0);
  });

  it('exports CSV with formulas defused', () => {
    log.append(entry({ detail: '=HYPERLINK("x")' }));
    const csv = log.toCsv();
    const [header, row] = csv.trim().split('\n');
    expect(header).toBe(
      'time,description,wallet,kind,accounts,tokenId,amount,fee,received,sessionId,actionId,result,error,detail',
    );
    expect(row).toContain('Done: withdraw (account 3)');
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain('25000000,1000000,24000000');
  });

  it('writes its CSV cells exactly as the history export does (one writer, one defusing rule)', () => {
    const cells = ['-2+3', '@SUM(A1)', '\tx', '-1.5', 'a,b'];
    for (const detail of cells) log.append(entry({ detail, error: detail }));
    const lines = log.toCsv().trim().split('\n').slice(1);
    const history = toCsv(
      ['h'],
      cells.map((c) => [c]),
    )
      .trim()
      .split('\n')
      .slice(1);
    // newest first in the log; each line ends "...,error,detail"
    expect(lines.map((l) => l.slice(l.indexOf(',ok,') + 4)).reverse()).toEqual(
      history.map((c) => `${c},${c}`),
    );
    expect(lines[0]).toMatch(/^2026-11-22T00:00:00\.000Z,/);
  });

  it('lists and exports each entry as a sentence a person reads', () => {
    log.append(entry({ wording: { verb: 'withdraw', rest: '25 USDC from account 3 to 9xQe…VFin' } }));
    log.append(
      entry({
        result: 'err',
        error: 'LOCKED',
        wording: { verb: 'transfer', rest: '1 USDC from account 3 to account 5' },
      }),
    );
    expect(log.list().entries.map((e) => e.sentence)).toEqual([
      'Not done: transfer 1 USDC from account 3 to account 5 (LOCKED)',
      'Withdrew 25 USDC from account 3 to 9xQe…VFin',
    ]);
    expect(log.toCsv()).toContain(',Withdrew 25 USDC from account 3 to 9xQe…VFin,');
  });

  it('skips a damaged line rather than failing the whole log', () => {
    log.append(entry());
    appendFileSync(join(dir, 'audit.jsonl'), '{broken\n');
    log.append(entry({ actionId: '43' }));
    expect(log.list().total).toBe(2);
    expect(readFileSync(join(dir, 'audit.jsonl'), 'utf8').split('\n').filter(Boolean)).toHaveLength(3);
  });
});
