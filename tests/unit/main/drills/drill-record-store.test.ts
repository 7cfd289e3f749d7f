// The drills' record on disk: written whole or not at all, refused in words and left untouched when it
// cannot be read, never holding anything shaped like a secret; and the runs it keeps: one cut off by the
// app stopping is settled once, however many ask at the same time, and shown until it is dismissed.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { DrillRecordStore, KEPT_RUNS } from '../../../../src/main/drills/drill-record-store';
import { DrillRun, DrillRuns } from '../../../../src/main/drills/drill-run';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'perpetua-drill-record-'));
  dirs.push(dir);
  return dir;
};
const WALLET = '11111111111111111111111111111111';

function sweepRun(): DrillRun {
  const run = new DrillRun('sweep', 1_000, [WALLET]);
  run.sweep = {
    targetAccountId: 9,
    tokens: [{ tokenId: 0, symbol: 'USDC', name: 'USD Coin', decimals: 6, mint: WALLET }],
    stepWallets: { 'transfer:1:0': WALLET },
  };
  run.add({
    key: 'transfer:1:0',
    label: '100 USDC from account 1 to account 9',
    transfer: { fromAccountId: 1, toAccountId: 9, tokenId: 0, amount: 100_000_000n },
  });
  return run;
}

describe('the drills’ record store', () => {
  it('writes each save whole, through a temporary file, and reads it back exactly', () => {
    const dir = folder();
    const file = join(dir, 'drill-runs.json');
    const store = new DrillRecordStore(file);
    const run = sweepRun();
    store.save(run.record());
    run.steps[0]!.status = 'done';
    run.steps[0]!.actionId = '42';
    store.save(run.record());
    // nothing left beside it: the temporary file was renamed over it
    expect(readdirSync(dir)).toEqual(['drill-runs.json']);
    const again = new DrillRecordStore(file);
    expect(again.list()).toHaveLength(1);
    const back = DrillRun.restore(again.get(run.runId)!);
    expect(back.steps[0]).toMatchObject({ status: 'done', actionId: '42' });
    expect(back.steps[0]!.transfer!.amount).toBe(100_000_000n);
    expect(back.sweep).toEqual(run.sweep);
  });

  it('keeps the newest runs, never dropping one still to be settled', () => {
    const store = new DrillRecordStore(join(folder(), 'drill-runs.json'));
    const unsettled = sweepRun();
    store.save(unsettled.record());
    const later = Array.from({ length: KEPT_RUNS + 2 }, () => {
      const run = sweepRun();
      run.finish('done');
      store.save(run.record());
      return run.runId;
    });
    const kept = store.list().map((r) => r.runId);
    expect(kept).toHaveLength(KEPT_RUNS);
    expect(kept).toContain(unsettled.runId);
    expect(kept.slice(1)).toEqual(later.slice(-(KEPT_RUNS - 1)));
  });

  it('refuses a damaged file in words naming it, and changes nothing', () => {
    const file = join(folder(), 'drill-runs.json');
    for (const [content, why] of [
      ['{"version":1,"runs":[', 'it is not JSON'],
      ['{"version":1,"runs":[{"runId":"x"}]}', 'runs.0.kind'],
      ['{"version":2,"runs":[]}', 'version'],
    ] as const) {
      writeFileSync(file, content);
      expect(() => new DrillRecordStore(file)).toThrow(
        new RegExp(`^The drills’ record at ${file} cannot be read \\(${why}.*It was left as it is`),
      );
      expect(readFileSync(file, 'utf8')).toBe(content);
    }
    // and the drills refuse to start rather than write over it
    const runs = new DrillRuns(() => new DrillRecordStore(file));
    let started = false;
    expect(() =>
      runs.start(sweepRun(), async () => {
        started = true;
      }),
    ).toThrow('cannot be read');
    expect(started).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('{"version":2,"runs":[]}');
  });

  it('refuses to write anything shaped like a secret, leaving the file as it was', () => {
    const file = join(folder(), 'drill-runs.json');
    const store = new DrillRecordStore(file);
    store.save(sweepRun().record());
    const before = readFileSync(file, 'utf8');
    const leaky = sweepRun();
    leaky.steps[0]!.detail = `key ${bs58.encode(Buffer.alloc(64, 7))}`;
    expect(() => store.save(leaky.record())).toThrow('looks like key material');
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(store.list()).toHaveLength(1);
  });
});

describe('runs an earlier app run was stopped in', () => {
  it('are settled once however many ask at once, shown until dismissed', async () => {
    const file = join(folder(), 'drill-runs.json');
    const cut = sweepRun();
    cut.steps[0]!.status = 'running';
    cut.steps[0]!.startedAt = 2_000;
    new DrillRecordStore(file).save(cut.record());

    const runs = new DrillRuns(() => store);
    const store = new DrillRecordStore(file);
    let settled = 0;
    const settle = async (run: DrillRun) => {
      settled += 1;
      await new Promise((r) => setTimeout(r, 10));
      run.settle(run.steps[0]!, 'done', 'Found after the restart: it went through.', '7');
      run.finish('Interrupted: 1 of 1 transfer moved.');
    };
    const [a, b] = await Promise.all([runs.interrupted(settle), runs.interrupted(settle)]);
    expect(settled).toBe(1);
    expect(a!.map((r) => r.runId)).toEqual([cut.runId]);
    expect(b).toBe(a);
    // a later ask finds it settled: shown, not settled again
    const shown = await runs.interrupted(settle);
    expect(settled).toBe(1);
    expect(shown[0]).toMatchObject({
      interrupted: true,
      status: 'done',
      summary: 'Interrupted: 1 of 1 transfer moved.',
    });
    expect(new DrillRecordStore(file).get(cut.runId)).toMatchObject({ status: 'done', interrupted: true });

    runs.dismiss(cut.runId);
    expect(await runs.interrupted(settle)).toEqual([]);
    expect(existsSync(file)).toBe(true);
    expect(() => runs.dismiss('nope')).toThrow('There is no interrupted drill with that id.');
  });

  it('stay unsettled while what a step did is not known, and are settled at a later ask', async () => {
    const file = join(folder(), 'drill-runs.json');
    const cut = sweepRun();
    cut.steps[0]!.status = 'running';
    cut.steps[0]!.startedAt = 2_000;
    new DrillRecordStore(file).save(cut.record());
    const store = new DrillRecordStore(file);
    const runs = new DrillRuns(() => store);
    let known = false;
    const settle = async (run: DrillRun) => {
      if (!known) throw new Error('the exchange is away');
      run.finish('Interrupted: 1 of 1 transfer moved.');
    };
    const [waiting] = await runs.interrupted(settle);
    expect(waiting!.status).toBe('running');
    expect(() => runs.dismiss(cut.runId)).toThrow('not known yet');
    known = true;
    const [done] = await runs.interrupted(settle);
    expect(done!.status).toBe('done');
  });
});
