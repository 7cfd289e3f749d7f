// Shared by every benchmark: run a bounded loop, print a table, write the figures as JSON.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchRow {
  name: string;
  operations: number;
  seconds: number;
  perSecond: number;
}

/** How long a measured loop runs; BENCH_SECONDS shortens it (the smoke run of every benchmark in npm test). */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);

/** Where the figures go: bench/results, or BENCH_RESULTS_DIR (the smoke run keeps its figures out of it). */
const resultsDir = () => process.env.BENCH_RESULTS_DIR ?? join(process.cwd(), 'bench', 'results');

/** Runs fn repeatedly for about `seconds`, in batches so the clock is read rarely. */
export function measure(name: string, fn: () => void, seconds = SECONDS, batch = 100): BenchRow {
  for (let i = 0; i < batch; i += 1) fn(); // warm up
  const start = process.hrtime.bigint();
  const limit = BigInt(Math.round(seconds * 1e9));
  let operations = 0;
  let elapsed = 0n;
  while (elapsed < limit) {
    for (let i = 0; i < batch; i += 1) fn();
    operations += batch;
    elapsed = process.hrtime.bigint() - start;
  }
  const secs = Number(elapsed) / 1e9;
  return { name, operations, seconds: secs, perSecond: operations / secs };
}

export function report(benchmark: string, rows: BenchRow[], extra: Record<string, unknown> = {}): void {
  console.log(`\n${benchmark}`);
  console.table(
    rows.map((r) => ({
      operation: r.name,
      'ops/s': Math.round(r.perSecond),
      operations: r.operations,
      seconds: r.seconds.toFixed(2),
    })),
  );
  const dir = resultsDir();
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${benchmark}.json`),
    JSON.stringify(
      { benchmark, at: new Date().toISOString(), node: process.version, rows, ...extra },
      null,
      2,
    ),
  );
}

/** A figure beside its goal. */
export interface GoalRow {
  measure: string;
  value: number;
  unit: string;
  /** e.g. '<= 1500' */
  goal: string;
  met: boolean;
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
};

/**
 * How much a figure grew over a stretch of samples, as the straight line that fits them best (least squares)
 * says: its value at the last sample's x against its value at the first's. One sample against another reads
 * the noise instead (a heap after GC moved between 65 and 82 MB from sample to sample in a 20-minute soak with
 * no trend at all), while a leak, however slow, tilts the line.
 */
export function trendGrowth(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  if (sxx === 0) return 0;
  const slope = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
  const at = (x: number) => my + slope * (x - mx);
  const from = at(points[0]!.x);
  return (at(points.at(-1)!.x) - from) / Math.max(Math.abs(from), 1);
}

/** Prints the figures beside their goals and writes them (with `extra`) to <results>/<benchmark>.json. */
export function reportGoals(benchmark: string, rows: GoalRow[], extra: Record<string, unknown> = {}): void {
  console.log(`\n${benchmark}`);
  console.table(
    rows.map((r) => ({
      measure: r.measure,
      figure: `${Number.isInteger(r.value) ? r.value : r.value.toFixed(1)} ${r.unit}`,
      goal: `${r.goal} ${r.unit}`,
      met: r.met ? 'yes' : 'NO',
    })),
  );
  const dir = resultsDir();
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${benchmark}.json`),
    JSON.stringify(
      { benchmark, at: new Date().toISOString(), node: process.version, goals: rows, ...extra },
      null,
      2,
    ),
  );
}
