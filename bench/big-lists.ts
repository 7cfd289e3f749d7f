// Big lists: the history table (the app's VirtualTable, in the test harness with 100,000 synthetic transfer
// rows, as tests/e2e/virtual-table.spec.ts builds it) scrolled by script in Chromium, one step a frame, with
// the frame-rate cap lifted so each requestAnimationFrame delta is the frame's real cost rather than the 60 Hz
// vsync; and the renderer's JS heap after it (Chromium's own figure over CDP). `npx tsx bench/big-lists.ts`
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from '@playwright/test';
import { percentile, reportGoals } from './report';

const ROWS = 100_000;
const FRAMES = Number(process.env.BENCH_SCROLL_FRAMES ?? 600);
/** px a frame: a brisk wheel, about 4 rows a frame */
const STEP = 140;
const FRAME_GOAL_MS = 16;
const HEAP_GOAL_MB = 300;

const outDir = mkdtempSync(join(tmpdir(), 'perpetua-bench-harness-'));
const root = join(process.cwd(), 'src/renderer/test-harness');
await build({
  configFile: false,
  root,
  base: './',
  logLevel: 'warn',
  plugins: [react()],
  build: {
    outDir,
    emptyOutDir: true,
    minify: true,
    rollupOptions: { input: join(root, 'virtual-table.html') },
  },
});
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((req, res) => {
  const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^[/\\]+/, '');
  let body: Buffer;
  try {
    body = readFileSync(join(outDir, path));
  } catch {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch({
  executablePath: process.env.PERPETUA_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu-vsync', '--disable-frame-rate-limit', '--no-first-run'],
});
type Harness = { __scrollFrames(label: string, frames: number, step: number): Promise<number[]> };
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript({
    content: readFileSync(join(import.meta.dirname, 'support', 'scroll-frames.js'), 'utf8'),
  });
  await page.goto(`${origin}/virtual-table.html?rows=${ROWS}`);
  const table = page.getByRole('table', { name: 'Transfers history' });
  await table.waitFor();
  const scroll = (frames: number) =>
    page.evaluate(
      ({ frames: n, step }) =>
        (globalThis as unknown as Harness).__scrollFrames('Transfers history', n, step),
      { frames, step: STEP },
    );
  await scroll(60); // warm up
  const deltas = await scroll(FRAMES);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heapMb = metrics.find((m) => m.name === 'JSHeapUsedSize')!.value / 1e6;
  const domNodes = metrics.find((m) => m.name === 'Nodes')?.value;
  const p95 = percentile(deltas, 0.95);
  reportGoals(
    'big-lists',
    [
      {
        measure: `${ROWS} history rows, frame time while scrolling (p95)`,
        value: Number(p95.toFixed(1)),
        unit: 'ms',
        goal: `< ${FRAME_GOAL_MS}`,
        met: p95 < FRAME_GOAL_MS,
      },
      {
        measure: 'renderer JS heap after scrolling',
        value: Number(heapMb.toFixed(1)),
        unit: 'MB',
        goal: `< ${HEAP_GOAL_MB}`,
        met: heapMb < HEAP_GOAL_MB,
      },
    ],
    {
      rows: ROWS,
      frames: deltas.length,
      stepPx: STEP,
      frameMs: {
        p50: percentile(deltas, 0.5),
        p95,
        p99: percentile(deltas, 0.99),
        max: percentile(deltas, 1),
      },
      domNodes,
    },
  );
} finally {
  await browser.close();
  server.close();
  rmSync(outDir, { recursive: true, force: true });
}
