// First load: what the lock screen waits for (the entry chunk, what it imports statically, their CSS) from the
// production build, beside the budget that `npm test` enforces (scripts/bundle-budget.ts), and what the
// browser host actually sends for it with brotli and gzip. `npx tsx bench/first-load.ts` (after a build).
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { measureBuiltRenderer } from '../scripts/bundle-budget';
import { reportGoals } from './report';

const dir = join(process.cwd(), 'out', 'renderer');
const result = measureBuiltRenderer(dir);
const brotli = [...result.files.js, ...result.files.css].reduce(
  (sum, file) =>
    sum +
    brotliCompressSync(readFileSync(join(dir, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      .length,
  0,
);
const kB = (bytes: number) => Number((bytes / 1000).toFixed(1));
reportGoals(
  'first-load',
  [
    ...result.rows.map((r) => ({
      measure: r.measure,
      value: kB(r.bytes),
      unit: 'kB',
      goal: `<= ${kB(r.budget)}`,
      met: r.ok,
    })),
    {
      measure: 'initial JS + CSS as the host sends it (brotli)',
      value: kB(brotli),
      unit: 'kB',
      goal: '-',
      met: true,
    },
  ],
  { files: result.files },
);
