import { expect, test } from './fixtures';
import { unlockOrSetUp } from './support/steps';

test.use({ setup: { spec: 'app' } });

test('the app opens on the embedded devnet and shows its markets', async ({ app, page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto(app.url);
  await unlockOrSetUp(page);
  await expect(page.getByRole('heading', { name: 'Portfolio' })).toBeVisible();
  const markets = page.getByRole('table', { name: 'Markets' });
  await expect(markets.getByRole('row')).toHaveCount(4);
  await expect(markets).toContainText('BTC-PERP');
  await expect(markets).toContainText('ETH-PERP');
  await expect(markets).toContainText('SOL-PERP');
  await expect(page.getByText('Embedded devnet')).toBeVisible();
  // the one-time token leaves the address bar once the page has it
  expect(page.url()).not.toContain('token=');
  for (const name of ['Portfolio', 'Accounts', 'Transfers', 'Vaults', 'Sessions', 'History', 'Settings']) {
    await expect(page.getByRole('link', { name })).toBeVisible();
  }
  await page.screenshot({ path: 'docs/screenshots/markets.png' });

  // reloading keeps working within the tab; CSP and eval-free code mean no console errors
  await page.reload();
  await unlockOrSetUp(page);
  await expect(page.getByRole('table', { name: 'Markets' })).toContainText('BTC-PERP');
  expect(problems).toEqual([]);
});

test('dark theme and navigation', async ({ unlockedPage: page }) => {
  await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  await page.getByRole('link', { name: 'Sessions' }).click();
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
  expect(page.url()).toContain('#/sessions');
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByRole('link', { name: 'Portfolio' }).click();
  await expect(page.getByRole('table', { name: 'Markets' })).toContainText('SOL-PERP');
  await page.screenshot({ path: 'docs/screenshots/markets-dark-1024.png' });
});

test('a page opened without the token cannot reach the core', async ({ app, page }) => {
  await page.goto(new URL(app.url).origin);
  await expect(page.getByText('opened without its access token')).toBeVisible();
});
