// The history table with 100,000 rows in Chromium: scrolling to the middle and to the end shows the right
// rows while the DOM holds only a bounded window of them. The table is built on its own (a test harness
// page with synthetic rows) so the test needs no exchange with 100k history rows. No timings are measured.
import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

const ROWS = 100_000;
/** header + the rows in view (440 px of 34 px rows) + overscan: far fewer than 100k */
const MAX_DOM_ROWS = 40;
let outDir: string;
let server: Server;
let origin: string;

test.beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'perpetua-harness-'));
  const root = join(process.cwd(), 'src/renderer/test-harness');
  await build({
    configFile: false,
    root,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, rollupOptions: { input: join(root, 'virtual-table.html') } },
  });
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^[/\\]+/, '');
    try {
      const body = readFileSync(join(outDir, path));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  rmSync(outDir, { recursive: true, force: true });
});

test('100k history rows scroll while the DOM keeps a bounded window of them', async ({ page }) => {
  await page.goto(`${origin}/virtual-table.html?rows=${ROWS}`);
  const table = page.getByRole('table', { name: 'Transfers history' });
  const rows = table.getByRole('row');
  await expect(table).toHaveAttribute('aria-rowcount', String(ROWS + 1));
  await expect(rows.nth(1)).toHaveAttribute('aria-rowindex', '2');
  await expect(rows.nth(1)).toContainText('0.000123');
  expect(await rows.count()).toBeLessThanOrEqual(MAX_DOM_ROWS);
  await expect(page.getByTestId('end-reached')).toHaveText('0');

  // the middle: the rows there are shown, and still only a window of them exists
  // (the node project has no DOM types; in the page this is the table's scrolling element)
  await table.evaluate((el: { scrollTop: number; scrollHeight: number }) => {
    el.scrollTop = el.scrollHeight / 2;
  });
  const middle = rows.filter({ hasText: '50,000.000123' });
  await expect(middle).toHaveCount(1);
  await expect(middle).toHaveAttribute('aria-rowindex', '50002');
  expect(await rows.count()).toBeLessThanOrEqual(MAX_DOM_ROWS);

  // the wheel, as a person scrolls
  for (let i = 0; i < 10; i += 1) await page.mouse.wheel(0, 2_000);
  await table.hover();
  await page.mouse.wheel(0, 5_000);
  await expect(rows.filter({ hasText: '50,000.000123' })).toHaveCount(0);
  expect(await rows.count()).toBeLessThanOrEqual(MAX_DOM_ROWS);

  // the keyboard: End goes to the last row, which asks for the next page
  await table.focus();
  await page.keyboard.press('End');
  const lastRow = rows.filter({ hasText: '99,999.000123' });
  await expect(lastRow).toHaveCount(1);
  await expect(lastRow).toHaveAttribute('aria-rowindex', String(ROWS + 1));
  expect(await rows.count()).toBeLessThanOrEqual(MAX_DOM_ROWS);
  await expect(page.getByTestId('end-reached')).toHaveText('1');

  // and back to the top
  await page.keyboard.press('Home');
  await expect(rows.nth(1)).toHaveAttribute('aria-rowindex', '2');
  expect(await rows.count()).toBeLessThanOrEqual(MAX_DOM_ROWS);
});
