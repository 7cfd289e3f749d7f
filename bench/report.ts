// Shared by every benchmark: run a bounded loop, print a table, write the figures as JSON.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchRow {
  name: string;
  operations: number;
  seconds: number;
  perSecond: number;
}

/** Runs fn repeatedly for about `seconds`, in batches so the clock is read rarely. */
export function measure(name: string, fn: () => void, seconds = 2, batch = 100): BenchRow {
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
  const dir = join(process.cwd(), 'bench', 'results');
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
