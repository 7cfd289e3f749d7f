// The embedded devnet dies under the app, in Chromium against the browser host: its devnet child is killed
// with SIGKILL. The window says the local exchange stopped and is being restarted (not that contact was lost),
// and comes back by itself with the same figures. Then a devnet whose saved state cannot be read fails to
// start again and again: the window says Perpetua stopped restarting it, with its last output and data folder.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { importWallet, unlockOrSetUp } from './support/steps';

test.describe.configure({ mode: 'serial' });
test.use({ setup: { spec: 'devnet-supervision' } });

/** The host's devnet child: the one of its children that runs the devnet's command line. */
function devnetPid(hostPid: number): number {
  const children = readFileSync(`/proc/${hostPid}/task/${hostPid}/children`, 'utf8').trim().split(/\s+/);
  const pid = children
    .map(Number)
    .find((child) => readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('devnet'));
  if (pid === undefined) throw new Error(`no devnet child of the host (${hostPid}) was found`);
  return pid;
}

test('the local exchange killed under the app is told as a stop, restarted, and the figures come back', async ({
  app,
  appPage: page,
  trader,
}) => {
  test.setTimeout(120_000);
  await page.goto(app.url);
  await unlockOrSetUp(page);
  await importWallet(page, 'Trader', trader.secret);
  await trader.deposit(0, 500_000_000n); // 500 USDC
  await page.getByRole('link', { name: 'Portfolio', exact: true }).click();
  const accounts = page.getByRole('table', { name: 'Accounts' });
  await expect(accounts).toContainText('500.00 USDC');

  process.kill(devnetPid(app.pid), 'SIGKILL');
  const notice = page.locator('.mantine-Notification-root').filter({ hasText: 'Local exchange stopped' });
  await expect(notice).toBeVisible({ timeout: 10_000 });
  await expect(notice).toContainText('The local exchange stopped (killed by SIGKILL); restarting it.');
  await expect(page.getByText('lost contact')).toHaveCount(0);
  await expect(notice).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'docs/screenshots/devnet-restarting.png' });

  await expect(page.getByText('Exchange reachable again')).toBeVisible({ timeout: 60_000 });
  await expect(notice).toHaveCount(0);
  await expect(accounts).toContainText('500.00 USDC');
  // the same devnet, on the same address: money moved now shows too
  await trader.deposit(0, 250_000_000n);
  await expect(accounts).toContainText('750.00 USDC', { timeout: 30_000 });
});

test('a local exchange that will not start again is given up on, with its last output and data folder', async ({
  app,
  appPage: page,
}) => {
  test.setTimeout(120_000);
  const devnetData = join(app.dataDir, 'devnet');
  const pid = devnetPid(app.pid);
  process.kill(pid, 'SIGKILL');
  // unreadable saved state: every restart ends before it is ready
  writeFileSync(join(devnetData, 'state.json'), '{ this is not the devnet state');
  const note = page.getByRole('alert').filter({ hasText: 'The local exchange is not running' });
  await expect(note).toBeVisible({ timeout: 90_000 });
  await expect(note).toContainText(devnetData);
  await expect(note).toContainText('3 restarts within a minute failed');
  await expect(note.getByLabel("The local exchange's last output")).toContainText(/SyntaxError|JSON/);
  // the exchange's own notice (a deposit's may stand beside it)
  await expect(page.locator('#exchange-offline')).toContainText('Local exchange not running');
  // what could not be read says why in the same words, and promises nothing that will not happen
  await expect(
    page.getByRole('alert').filter({ hasText: 'The portfolio could not be loaded' }),
  ).toContainText(
    'The local exchange is not running (Perpetua stopped restarting it), so this could not be read.',
  );
  await page.screenshot({ path: 'docs/screenshots/devnet-stopped.png' });
});
