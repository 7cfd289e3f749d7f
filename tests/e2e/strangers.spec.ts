// A session made elsewhere, in Chromium against the browser host and its embedded devnet, at 1024x700: "another
// device" (the Trader, holding the wallet's key and signing on the exchange directly) makes a session while
// the app is open on another page. Within seconds every page says so, naming the wallet, the session and when
// it was made, with the wallet-key drill one click away; the Sessions page shows it first, in sight, whole,
// and never as "expiring soon"; notices keep off the table's buttons.
import type { Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { importWallet, unlockOrSetUp } from './support/steps';
import type { Trader } from './support/trader';

test.describe.configure({ mode: 'serial' });
test.use({ setup: { spec: 'strangers', viewport: { width: 1024, height: 700 } } });

let page: Page;
let trader: Trader;
let sessionId = '';
const go = (name: string) => page.getByRole('link', { name, exact: true }).click();

/** axe on what the page shows now: no serious or critical finding */
async function passesAxe(): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Whether two boxes on screen overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test.beforeAll(async ({ app, appPage, trader: own }) => {
  [page, trader] = [appPage, own];
  await page.goto(app.url);
  await unlockOrSetUp(page);
  await importWallet(page, 'Main', trader.secret);
  await trader.deposit(0, 1_000_000_000n);
});

test('a session made on another device is told of on the page in view within 5 s, with the drill one click away', async () => {
  await go('Portfolio');
  // the account the deposit made is on screen, so main follows its stream from here (the third test's notice)
  await expect(page.getByRole('table', { name: 'Accounts' })).toContainText('1,000.00 USDC');
  await trader.createSession();
  const made = Date.now();
  sessionId = trader.sessionId!.toString();
  const banner = page.getByRole('region', { name: 'Sessions not made on this device' });
  await expect(banner).toContainText('New session of Main, not made on this device', { timeout: 5_000 });
  expect(Date.now() - made).toBeLessThan(5_000);
  await expect(banner).toContainText(
    new RegExp(`Session #${sessionId} was made between .+ and .+\\. If you did not make it`),
  );
  await expect(banner.getByRole('link', { name: 'My wallet key leaked: run the drill' })).toHaveAttribute(
    'href',
    '#/wallet-key',
  );
  await page.screenshot({ path: 'docs/screenshots/stranger-banner-1024.png' });
  await passesAxe();
  // and on every other page too, until dealt with
  await go('History');
  await expect(banner).toContainText(`Session #${sessionId} was made between`);
});

test('the Sessions page shows it first, in sight at 1024x700, its badge whole, never "expiring soon"', async () => {
  await page
    .getByRole('region', { name: 'Sessions not made on this device' })
    .getByRole('link', { name: 'Review it on the Sessions page' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Sessions not made on this device' });
  await expect(section).toHaveCount(1); // the page's own list, not the banner as well
  await expect(section).toContainText('1 session not made on this device');
  const revoke = section.getByRole('button', {
    name: `Revoke session ${sessionId} of Main, not made on this device`,
  });
  await expect(revoke).toBeInViewport();
  await expect(section.getByRole('link', { name: 'My wallet key leaked: run the drill' })).toBeInViewport();
  // the trader's session has an hour to live: still not this device's to renew or replace
  await expect(page.getByText('Expiring soon')).toHaveCount(0);
  await expect(page.getByText(/create a new one when it ends/)).toHaveCount(0);
  const row = page
    .getByRole('table', { name: 'Sessions', exact: true })
    .getByRole('row')
    .filter({ hasText: `#${sessionId}` });
  await expect(row).not.toContainText('expiring');
  const badge = row.getByText('other device', { exact: true });
  await expect(badge).toBeVisible();
  // the badge's words in full: its label is as wide as its text
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.screenshot({ path: 'docs/screenshots/sessions-stranger-1024.png' });
  await passesAxe();
});

test('creating a session says so; a notice keeps off the Refresh and Revoke buttons', async () => {
  await page.getByLabel('Label').fill('Laptop');
  await page.getByRole('button', { name: 'Create session' }).click();
  const created = page.getByRole('status').filter({ hasText: 'Session created' });
  await expect(created).toContainText(/Session #\d+ \(Laptop\) of Main signs until /);
  // a deposit sent from elsewhere: its notice comes up while the table is on screen (looked for while the
  // deposit is still being followed here, since the notice closes itself after a while)
  const depositing = trader.deposit(0, 1_000_000n);
  const notice = page.locator('.mantine-Notification-root').filter({ hasText: 'Deposit received' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await depositing;
  // the table's end at the foot of the window, where its buttons and the notices would meet
  const table = page.getByRole('table', { name: 'Sessions', exact: true });
  await table.getByRole('row').last().scrollIntoViewIfNeeded();
  const buttons = await table.getByRole('button').all();
  expect(buttons.length).toBeGreaterThanOrEqual(3); // Refresh of ours, Revoke of both
  for (const button of buttons) {
    await expect(button).toBeInViewport();
    expect(await overlap(notice, button)).toBe(false);
  }
  // the other device's badge in full: its label is as wide as its text
  const badge = table
    .getByRole('row')
    .filter({ hasText: `#${sessionId}` })
    .getByText('other device', { exact: true });
  await expect(badge).toBeInViewport();
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.screenshot({ path: 'docs/screenshots/sessions-notice-1024.png' });
});

test('revoked from the top of the page, the stranger is gone from every page', async () => {
  await page
    .getByRole('region', { name: 'Sessions not made on this device' })
    .getByRole('button', { name: `Revoke session ${sessionId} of Main, not made on this device` })
    .click();
  await page
    .getByRole('dialog', { name: new RegExp(`^Revoke session #${sessionId} of Main`) })
    .getByRole('button', { name: `Revoke session #${sessionId}` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Revoked' })).toContainText(`#${sessionId}`);
  await expect(page.getByRole('region', { name: 'Sessions not made on this device' })).toHaveCount(0);
  await expect.poll(async () => (await trader.sessions()).map((s) => s.sessionId)).not.toContain(sessionId);
  await go('Portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sessions not made on this device' })).toHaveCount(0);
});
