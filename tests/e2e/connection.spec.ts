// Losing the exchange, in Chromium against the browser host: the app runs against a devnet this test starts
// itself (a separate process with a data folder), which the test stops and starts again on the same port.
// The person is told the figures may be stale while it is gone, and that they are current once it is back.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchDevnet, nodeDevnetCommand, type LaunchedDevnet } from '../../src/main/devnet-launcher';
import { startApp, type RunningApp } from './support/app';
import { importWallet, unlockOrSetUp } from './support/steps';
import { Trader } from './support/trader';

test.describe.configure({ mode: 'serial' });
// its own app, started below against a devnet the test stops and starts again
test.use({ setup: { spec: 'connection' } });

const devnetData = mkdtempSync(join(tmpdir(), 'perpetua-e2e-devnet-'));
let devnet: LaunchedDevnet;
let app: RunningApp;
let page: Page;

const startDevnet = (port = 0) =>
  launchDevnet({ ...nodeDevnetCommand(process.cwd()), dataDir: devnetData, port });

test.beforeAll(async ({ browser }) => {
  devnet = await startDevnet();
  app = await startApp(['--devnet-url', devnet.baseUrl, '--solana-rpc-url', devnet.solanaRpcUrl]);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});
test.afterAll(async () => {
  await page?.close();
  await app?.stop();
  await devnet?.stop();
  rmSync(devnetData, { recursive: true, force: true });
});

test('the exchange going away is told and shown until it is back, then the figures are read afresh', async () => {
  const trader = new Trader(devnet.baseUrl, 'connection-spec', devnet.solanaRpcUrl);
  await page.goto(app.url);
  await unlockOrSetUp(page);
  await importWallet(page, 'Trader', trader.secret);
  // this exchange is not the embedded devnet: no faucet is offered
  await page.getByRole('link', { name: 'Transfers', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Review deposit', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /test funds/ })).toHaveCount(0);
  await trader.deposit(0, 500_000_000n); // 500 USDC
  await page.getByRole('link', { name: 'Portfolio', exact: true }).click();
  const accounts = page.getByRole('table', { name: 'Accounts' });
  await expect(accounts).toContainText('500 USDC');
  const offline = page.getByRole('status').filter({ hasText: 'Offline' });
  await expect(offline).toHaveCount(0);

  const port = Number(new URL(devnet.baseUrl).port);
  await devnet.stop();
  await expect(page.getByText('Exchange unreachable')).toBeVisible({ timeout: 30_000 });
  await expect(offline).toBeVisible();
  // the figures left on screen are dimmed, and their age is told
  await expect(offline).toContainText(/figures \d+ s old/);
  await expect(page.locator('main[data-stale]')).toBeVisible();
  // once the notice has finished sliding in
  await expect(page.locator('.mantine-Notification-root')).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'docs/screenshots/exchange-offline.png' });

  // back on the same address with the same state; money moved meanwhile shows without a reload
  devnet = await startDevnet(port);
  // the same wallet, through the restarted devnet's chain (its RPC listens on a new port)
  await new Trader(devnet.baseUrl, 'connection-spec', devnet.solanaRpcUrl).deposit(0, 250_000_000n);
  await expect(page.getByText('Exchange reachable again')).toBeVisible({ timeout: 60_000 });
  await expect(offline).toHaveCount(0);
  await expect(page.locator('main[data-stale]')).toHaveCount(0);
  await expect(page.getByText('Exchange unreachable')).toHaveCount(0);
  await expect(accounts).toContainText('750 USDC');
});
