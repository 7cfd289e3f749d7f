// The portfolio chart's data: per-account step functions summed exactly in bigint, equity and PnL put on
// one time axis, and equity samples bounded, bucketed and kept across restarts.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sumSteps, zipSeries } from '../../../../src/main/portfolio/series';
import { EquitySamples } from '../../../../src/main/portfolio/equity-samples';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'perpetua-equity-'));
  dirs.push(dir);
  return dir;
};

describe('summing step series', () => {
  it('adds each account’s latest value at every change, exactly, beyond 2^53', () => {
    const big = 2n ** 60n + 1n;
    const a = [
      { time: 10, value: big },
      { time: 30, value: big + 5n },
    ];
    const b = [
      { time: 20, value: -3n },
      { time: 30, value: 7n },
    ];
    expect(sumSteps([a, b])).toEqual([
      { time: 10, value: big },
      { time: 20, value: big - 3n },
      { time: 30, value: big + 12n },
    ]);
  });

  it('is empty for no accounts or no points', () => {
    expect(sumSteps([])).toEqual([]);
    expect(sumSteps([[], []])).toEqual([]);
  });
});

describe('zipping equity and PnL', () => {
  it('puts both on one axis, null before a series starts, and extends to now', () => {
    const points = zipSeries(
      [{ time: 20, value: 1000n }],
      [
        { time: 10, value: 0n },
        { time: 30, value: -50n },
      ],
      100,
    );
    expect(points).toEqual([
      { time: 10, equity: null, pnl: 0n },
      { time: 20, equity: 1000n, pnl: 0n },
      { time: 30, equity: 1000n, pnl: -50n },
      { time: 100, equity: 1000n, pnl: -50n },
    ]);
  });

  it('thins long series to the limit and keeps the latest point', () => {
    const equity = Array.from({ length: 5000 }, (_, i) => ({ time: i, value: BigInt(i) }));
    const points = zipSeries(equity, [], 4999, 1000);
    expect(points.length).toBeLessThanOrEqual(1000);
    expect(points[points.length - 1]).toEqual({ time: 4999, equity: 4999n, pnl: null });
    expect(points[0]!.time).toBe(0);
  });
});

describe('equity samples', () => {
  it('keep one sample per account per minute, the latest winning', () => {
    const samples = new EquitySamples(join(fresh(), 'equity.json'));
    samples.record(1, 100n, 60);
    samples.record(1, 110n, 90);
    samples.record(1, 120n, 125);
    samples.record(2, 5n, 61);
    expect(samples.series(1)).toEqual([
      { time: 90, value: 110n },
      { time: 125, value: 120n },
    ]);
    expect(samples.series(2)).toEqual([{ time: 61, value: 5n }]);
    expect(samples.series(3)).toEqual([]);
  });

  it('are bounded: the oldest go first', () => {
    const samples = new EquitySamples(join(fresh(), 'equity.json'), { maxPoints: 3 });
    for (let minute = 0; minute < 5; minute += 1) samples.record(1, BigInt(minute), minute * 60);
    expect(samples.series(1).map((p) => p.value)).toEqual([2n, 3n, 4n]);
  });

  it('survive a restart once flushed, and a damaged file only empties the chart', () => {
    const file = join(fresh(), 'equity.json');
    const samples = new EquitySamples(file, { saveEveryMs: 60_000, now: () => 0 });
    samples.record(7, 2n ** 70n, 60);
    samples.flush();
    expect(new EquitySamples(file).series(7)).toEqual([{ time: 60, value: 2n ** 70n }]);
    writeFileSync(file, '{"version":1,"accounts":{"7":[[60,"12.5"]]}}');
    expect(new EquitySamples(file).series(7)).toEqual([]);
  });
});
