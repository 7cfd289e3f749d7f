// The sweep's review in Chromium, against the browser host and its embedded devnet: a wallet with no
// session on this device gets one signed with its wallet key when the sweep starts, and the review says so
// beside the transfers, and on the button that starts it. (The exchange-side checks are in
// tests/integration/sweep-sessions.test.ts.)
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { importWallet, unlockOrSetUp } from './support/steps';
import { Trader } from './support/trader';

test.use({ setup: { spec: 'sweep-sessions', viewport: { width: 1280, height: 900 } } });

const USDC = 0;
const usdc = (n: number) => BigInt(n) * 1_000_000n;

test('a sweep from a wallet with no session here lists that session in its review, then signs it', async ({
  app,
  appPage: page,
  trader,
}) => {
  await page.goto(app.url);
  await unlockOrSetUp(page);
  await importWallet(page, 'Main', trader.secret);
  const savings = new Trader(app.exchangeUrl, 'sweep-sessions-savings', app.solanaRpcUrl);
  await importWallet(page, 'Savings', savings.secret);
  const first = await trader.deposit(USDC, usdc(100));
  const target = await savings.deposit(USDC, usdc(1));

  await page.getByRole('link', { name: 'Transfers', exact: true }).click();
  await page.getByRole('link', { name: 'Sweep several accounts into one' }).click();
  await page.getByRole('checkbox', { name: new RegExp(`^Account #${first} · Main`) }).check();
  await page.getByRole('combobox', { name: 'Into' }).click();
  // the one account picker: the wallet, then the account
  await page.getByRole('option', { name: new RegExp(`^Savings · .*#${target}\\)? —`) }).click();
  await page.getByRole('button', { name: 'Review sweep' }).click();

  await expect(page.getByRole('table', { name: 'Transfers of this sweep' })).toContainText('100.00 USDC');
  const sessions = page.getByRole('list', { name: 'Sessions this sweep creates' });
  await expect(sessions.getByRole('listitem')).toHaveText([
    'Create a session for wallet Main (signed with the wallet key)',
  ]);
  await page.screenshot({ path: test.info().outputPath('sweep-review-sessions.png'), fullPage: true });
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await page.getByRole('button', { name: 'Sign 1 transfer and 1 session' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Finished/ })).toContainText(
    `Moved 1 transfer of 1 into account ${target}`,
    { timeout: 20_000 },
  );
});
