import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
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
    expect(row).toContain('Done: withdraw (account 3), wallet Wa11…1111');
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
    // a line without the wallet's label (written before labels were kept) names it by its key, shortened
    expect(log.list().entries.map((e) => e.sentence)).toEqual([
      'Not done: transfer 1 USDC from account 3 to account 5, wallet Wa11…1111 (LOCKED)',
      'Withdrew 25 USDC from account 3 to 9xQe…VFin, wallet Wa11…1111',
    ]);
    expect(log.toCsv()).toContain(',"Withdrew 25 USDC from account 3 to 9xQe…VFin, wallet Wa11…1111",');
  });

  it('names each line’s wallet by the label it had when the line was written', () => {
    const labels = new Map([[entry().wallet, 'Hot key']]);
    const named = new AuditLog(join(dir, 'audit.jsonl'), { labelOf: (key) => labels.get(key) });
    named.append(entry({ kind: 'revokeSession', sessionId: '4', wording: undefined }));
    named.append(entry({ wording: { verb: 'withdraw', rest: '25 USDC from account 3 to 9xQe…VFin' } }));
    labels.set(entry().wallet, 'Cold key');
    named.append(entry({ kind: 'createSession', sessionId: '5', result: 'err', error: 'LOCKED' }));
    expect(named.list().entries.map((e) => e.sentence)).toEqual([
      'Not done: create session #5 of Cold key (LOCKED)',
      'Withdrew 25 USDC from account 3 to 9xQe…VFin, wallet Hot key',
      'Revoked session #4 of Hot key',
    ]);
    // a wallet list that cannot be read costs the line its label, not the line
    const unreadable = new AuditLog(join(dir, 'audit.jsonl'), {
      labelOf: () => {
        throw new Error('damaged');
      },
    });
    unreadable.append(entry({ kind: 'selfRevoke', sessionId: '6' }));
    expect(named.list().entries[0]!.sentence).toBe('Revoked session #6 of wallet Wa11…1111');
  });

  it('records a session from elsewhere once, however often it is seen, even after a restart', () => {
    const wallet = { publicKey: entry().wallet, label: 'Hot key' };
    const session = { sessionId: '9', sessionKey: 'Sess1on1111111111111111111111111111111111111' };
    log.sessionSeenElsewhere(wallet, session);
    log.sessionSeenElsewhere(wallet, session);
    // the same number on another exchange is another session (another key)
    log.sessionSeenElsewhere(wallet, {
      ...session,
      sessionKey: 'Other1111111111111111111111111111111111111',
    });
    new AuditLog(join(dir, 'audit.jsonl')).sessionSeenElsewhere(wallet, session);
    const seen = log.list({ kind: 'sessionSeenElsewhere' }).entries;
    expect(seen.map((e) => e.sentence)).toEqual([
      'Found session #9 of wallet Hot key, not made on this device',
      'Found session #9 of wallet Hot key, not made on this device',
    ]);
    expect(seen.map((e) => e.detail)).toEqual([
      'session key Other1111111111111111111111111111111111111',
      `session key ${session.sessionKey}`,
    ]);
  });

  it('skips a damaged line rather than failing the whole log', () => {
    log.append(entry());
    appendFileSync(join(dir, 'audit.jsonl'), '{broken\n');
    log.append(entry({ actionId: '43' }));
    expect(log.list().total).toBe(2);
    expect(readFileSync(join(dir, 'audit.jsonl'), 'utf8').split('\n').filter(Boolean)).toHaveLength(3);
  });
});

describe('audit log after a crash in the middle of a write', () => {
  const file = () => join(dir, 'audit.jsonl');
  const lines = () => readFileSync(file(), 'utf8').split('\n');

  it('keeps every line before a torn last one, and the next line starts afresh', () => {
    log.append(entry({ actionId: '1' }));
    log.append(entry({ actionId: '2' }));
    const whole = JSON.stringify(entry({ actionId: '3' }));
    // the process was killed with half of a line written and no newline
    appendFileSync(file(), whole.slice(0, whole.length / 2));
    expect(log.list().entries.map((e) => e.actionId)).toEqual(['2', '1']);
    log.append(entry({ actionId: '4' }));
    expect(log.list().entries.map((e) => e.actionId)).toEqual(['4', '2', '1']);
    // the torn half stays on a line of its own, as evidence, and the file ends in a newline
    expect(lines()[2]).toBe(whole.slice(0, whole.length / 2));
    expect(lines().at(-1)).toBe('');
    expect(JSON.parse(lines()[3]!)).toMatchObject({ actionId: '4' });
  });

  it('reads past zeros a power cut left where the last line should have been', () => {
    log.append(entry({ actionId: '1' }));
    appendFileSync(file(), Buffer.alloc(120));
    expect(log.list().total).toBe(1);
    log.append(entry({ actionId: '2' }));
    expect(log.list().entries.map((e) => e.actionId)).toEqual(['2', '1']);
  });

  it('a full disk refuses a line in words and keeps what was written', () => {
    log.append(entry({ actionId: '1' }));
    // a log whose writes the kernel answers as a full disk would: /dev/full
    const full = new AuditLog(join(dir, 'full.jsonl'));
    symlinkSync('/dev/full', join(dir, 'full.jsonl'));
    expect(() => full.append(entry({ actionId: '2' }))).toThrow(
      /could not save to its data folder .*: the disk is full/,
    );
    expect(log.list().entries.map((e) => e.actionId)).toEqual(['1']);
  });

  it('knows whether an executed action has its line (recovery does not write a second one)', () => {
    log.append(entry({ actionId: '7', result: 'unknown' }));
    expect(log.recorded('7')).toBe(false);
    log.append(entry({ actionId: '7' }));
    expect(log.recorded('7')).toBe(true);
    expect(log.recorded('8')).toBe(false);
  });

  it('finds the whole line a file from an earlier version glued onto a torn one', () => {
    const whole = JSON.stringify(entry({ actionId: '2' }));
    appendFileSync(file(), `${JSON.stringify(entry({ actionId: '1' }))}\n{"time":17,"wallet":"Wa1${whole}\n`);
    expect(log.list().entries.map((e) => e.actionId)).toEqual(['2', '1']);
  });

  it('survives being killed for real while it writes line after line', async () => {
    // a separate process appends as fast as it can and is killed (SIGKILL) at an arbitrary moment
    const script = `
      const { AuditLog } = await import(${JSON.stringify(join(process.cwd(), 'src/main/audit/audit-log.ts'))});
      const log = new AuditLog(${JSON.stringify(file())});
      // stops by itself should the kill never come
      const until = Date.now() + 10_000;
      for (let i = 0; Date.now() < until; i += 1) {
        log.append({ time: i, wallet: 'w', kind: 'withdraw', accounts: [1], result: 'ok', detail: 'a line of some length. '.repeat(7), actionId: String(i) });
        if (i === 20) console.log('writing');
      }`;
    // one process (node itself with tsx's loader), so the kill reaches the one writing
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((r) =>
      child.once('exit', (_code, signal) => r(signal)),
    );
    try {
      await Promise.race([new Promise((r) => child.stdout.once('data', r)), exited]);
      await new Promise((r) => setTimeout(r, 150));
    } finally {
      child.kill('SIGKILL');
    }
    // killed while writing, not finished by itself
    expect(await exited).toBe('SIGKILL');

    // every line, however many the child wrote before the kill (a fast machine writes hundreds)
    const written = log.list({ limit: Number.MAX_SAFE_INTEGER });
    expect(written.total).toBeGreaterThan(20);
    expect(written.entries).toHaveLength(written.total);
    // every line there is whole and in order, from the first: none was lost or hidden by the kill
    const ids = written.entries.map((e) => Number(e.actionId)).reverse();
    expect(ids.slice(0, 21)).toEqual(Array.from({ length: 21 }, (_, i) => i));
    expect(ids.every((id, i) => i === 0 || id === ids[i - 1]! + 1)).toBe(true);
    log.append(entry({ actionId: 'after' }));
    expect(log.list().entries[0]!.actionId).toBe('after');
    expect(log.list().total).toBe(written.total + 1);
  }, 30_000);
});
