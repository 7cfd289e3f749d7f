// Runs every step of `npm run bench` once at its smallest size, so a benchmark that no longer runs (a wire
// shape it misreads, a page it cannot find) fails `npm test` instead of the next `npm run bench`. Nothing here
// reads a figure: speed is judged by the benchmarks themselves, at their real sizes. The figures go to a
// temporary folder (BENCH_RESULTS_DIR) and the chart to a temporary file, so neither bench/results nor docs/ is
// touched. Run after the build, under scripts/with-keyring.sh (as npm test does).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Each benchmark's smallest meaningful size; a new benchmark in `npm run bench` must be named here. */
const SMALLEST: Record<string, Record<string, string>> = {
  'bench/first-load.ts': {},
  'bench/cold-start.ts': {
    BENCH_COLD_RUNS: '1',
    BENCH_COLD_SIZES: '3x10',
    BENCH_IDLE_SECONDS: '2',
    BENCH_SETTLE_SECONDS: '1',
    BENCH_SETTLE_MAX_SECONDS: '1',
  },
  'bench/live-updates.ts': { BENCH_LIVE_EVENTS: '6' },
  'bench/big-lists.ts': { BENCH_SCROLL_FRAMES: '30' },
  'bench/devnet-actions.ts': { BENCH_ACTIONS: '800', BENCH_PACED_ACTIONS: '200' },
  'bench/triggers.ts': { BENCH_FINISHED_TRIGGERS: '60' },
  'bench/sign.ts': {},
  'bench/pipeline.ts': {},
  'bench/app-actions.ts': { BENCH_APP_ACTIONS: '10' },
  'bench/orders.ts': { BENCH_ORDERS: '80' },
  'bench/chain.ts': { BENCH_DEPOSITS: '40' },
  'bench/unknown-sessions.ts': { BENCH_STRANGER_SAMPLES: '2', BENCH_IDLE_SECONDS: '3' },
  'bench/soak.ts': { BENCH_SOAK_MINUTES: '0.3', BENCH_SOAK_SAMPLE_SECONDS: '6' },
};
const CHART = 'scripts/perf-chart.ts';

const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { bench: string } }).scripts
  .bench;
const steps = script
  .split('&&')
  .map((step) => step.trim())
  .filter((step) => step !== 'npm run build')
  .map((step) => {
    const file = /^(?:scripts\/with-keyring\.sh )?tsx (\S+)$/.exec(step)?.[1];
    if (!file || (file !== CHART && !(file in SMALLEST)))
      throw new Error(
        `npm run bench has a step this smoke run does not know: "${step}". Name its smallest size here.`,
      );
    return file;
  });

const results = mkdtempSync(join(tmpdir(), 'perpetua-bench-smoke-'));
let failed = 0;
try {
  for (const file of steps) {
    const before = readdirSync(results).length;
    const started = performance.now();
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', file, ...(file === CHART ? [join(results, 'chart.svg')] : [])],
      {
        encoding: 'utf8',
        env: { ...process.env, ...SMALLEST[file], BENCH_SECONDS: '0.05', BENCH_RESULTS_DIR: results },
        timeout: 180_000,
      },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    // every step leaves a file: a benchmark its figures, the chart its drawing
    const wrote = readdirSync(results).length > before;
    if (run.status === 0 && wrote) {
      console.log(`ran ${file} (${seconds} s)`);
      continue;
    }
    failed += 1;
    console.error(
      `FAILED ${file} (${run.status === 0 ? 'it wrote no figures' : `exit ${run.status ?? run.signal}`}, ${seconds} s)\n${run.stdout}\n${run.stderr}`,
    );
  }
} finally {
  rmSync(results, { recursive: true, force: true });
}
if (failed > 0) {
  console.error(`${failed} of ${steps.length} steps of npm run bench did not run`);
  process.exit(1);
}
