// Safe live money flows and words a person understands (issue 17, items 5, 9 and 13): the margin after a
// withdrawal shown while typing, Max following the free collateral, accounts named once and shown by name
// wherever their number is, revoke-all confirmed and reported, the operating-system notifications switch,
// and the demo's own sessions greeted as known. The app's wallet trades with its own key on the devnet (the
// Trader), so it has a real position to protect.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RunningApp } from './support/app';
import { chooseNetwork, importWallet, unlockOrSetUp } from './support/steps';
import type { Trader } from './support/trader';
import { formatAmount, parseAmount } from '../../src/shared/money';

test.describe.configure({ mode: 'serial' });
test.use({ setup: { spec: 'flows', viewport: { width: 1280, height: 900 } } });

const BTC = 0;
let app: RunningApp;
let page: Page;
let trader: Trader;
let account: number;
const shot = (name: string) => page.screenshot({ path: `docs/screenshots/${name}.png` });
const go = (name: string) => page.getByRole('link', { name, exact: true }).click();

test.beforeAll(({ app: started, appPage, trader: own }) => {
  [app, page, trader] = [started, appPage, own];
});

test('a wallet with an open position', async () => {
  await page.goto(app.url);
  await unlockOrSetUp(page);
  await importWallet(page, 'Trader', trader.secret);
  account = await trader.deposit(0, 1_000_000_000n); // 1,000 USDC, opening the account
  await go('Portfolio');
  await expect(page.getByRole('table', { name: 'Accounts' })).toContainText('1,000.00 USDC');
  // more, sent straight to the chain rather than from this app: told as a deposit from elsewhere
  await trader.deposit(0, 5_000_000n);
  await expect(page.getByRole('alert').filter({ hasText: 'Deposit received' })).toContainText(
    `A deposit sent from elsewhere arrived in account ${account}.`,
  );
  await shot('deposit-from-elsewhere');
  await trader.createSession();
  // about 6.5x leverage: 0.1 BTC against 1,000 USDC
  await trader.order({ accountId: account, marketId: BTC, side: 'BID', size: 1_000n });
  await expect.poll(async () => (await trader.account(account)).positions.length).toBe(1);
});

test('withdraw: health and liquidation price after the amount are shown while typing, and Max follows the free collateral', async () => {
  await go('Transfers');
  await page.getByRole('tab', { name: 'Withdraw' }).click();
  const after = page.getByRole('region', { name: 'After this withdrawal' });
  await expect(after).toHaveCount(0);
  await page.getByLabel(/^Amount/).fill('10');
  await expect(after).toContainText(/Margin health after: [\d,.]+% \(now [\d,.]+%\)/);
  await expect(after).toContainText(/BTC-PERP liquidation price after: [\d,.]+ USDC \(now [\d,.]+ USDC\)/);
  // the figure moves with the amount, before anything is prepared
  const small = await after.textContent();
  await page.getByLabel(/^Amount/).fill('60');
  await expect(after).not.toHaveText(small!);
  await expect(page.getByRole('alert').filter({ hasText: 'Close to liquidation' })).toHaveCount(0);
  await shot('withdraw-while-typing');

  // Max: what the free collateral allows, less 1% for price moves
  await page.getByRole('button', { name: /^Max/ }).click();
  await expect(page.getByText('Max: follows your free collateral, less 1% for price moves')).toBeVisible();
  const atMax = await page.getByLabel(/^Amount/).inputValue();
  const free = (await trader.account(account)).margin.freeCollateral;
  expect(parseAmount(atMax, 6)).toBeLessThan(free);
  expect(parseAmount(atMax, 6)).toBeGreaterThan((free * 97n) / 100n);
  await shot('withdraw-max-live');

  // the price rises: the free collateral grows, and Max follows it without a click
  const mark = BigInt((await trader.account(account)).positions[0]!.markPrice);
  await trader.setIndexPrice(BTC, (mark * 102n) / 100n);
  await expect.poll(() => page.getByLabel(/^Amount/).inputValue(), { timeout: 30_000 }).not.toBe(atMax);
  // typing takes over from Max
  await page.getByLabel(/^Amount/).fill('5');
  await expect(page.getByText('Max: follows your free collateral')).toHaveCount(0);
  await trader.setIndexPrice(BTC, mark);
});

test('an account named once is shown by its name wherever its number is', async () => {
  await go('Accounts');
  await page.getByRole('button', { name: `Name account #${account}` }).click();
  const dialog = page.getByRole('dialog', { name: `Name account #${account}` });
  // main checks the name: too long is refused in plain words, nothing saved
  await dialog.getByLabel('Name').fill('x'.repeat(40));
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog.getByText('A name has at most 32 characters.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Savings');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog).toHaveCount(0);
  const named = `Savings (#${account})`;
  await expect(page.getByRole('table', { name: 'Accounts of Trader' })).toContainText(named);
  await shot('account-names');

  await page.getByRole('link', { name: named }).click();
  await expect(page.getByRole('heading', { name: `Account ${named}` })).toBeVisible();

  // a stop-loss beyond the liquidation price is flagged while typing, before any review
  const liquidation = BigInt((await trader.account(account)).positions[0]!.liquidationPrice!);
  const section = page.getByTestId('triggers-section');
  await section.getByRole('button', { name: 'Add stop-loss or take-profit' }).click();
  const add = page.getByRole('dialog', { name: 'Add a stop-loss or take-profit' });
  await add.getByLabel('Trigger price').fill(formatAmount(liquidation - 1_000n, 1));
  await expect(
    add.getByText(/would be liquidated \(at [\d,.]+ USDC\) before this stop-loss fires/),
  ).toBeVisible();
  await shot('stop-beyond-liquidation');
  await add.getByRole('button', { name: 'Cancel' }).click();

  await go('Transfers');
  await page.getByRole('tab', { name: 'Transfer' }).click();
  // the one account picker names the wallet too
  await expect(page.getByRole('combobox', { name: 'From account' })).toHaveValue(`Trader · ${named}`);
  await page.getByLabel(/^Amount/).fill('1');
  await page.getByRole('button', { name: 'Review transfer' }).click();
  const review = page.getByRole('dialog', { name: 'Confirm transfer' });
  await expect(review.getByRole('table', { name: 'Action summary' })).toContainText(named);
  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(review).toHaveCount(0);

  // someone else's account, never sent to: warned while the number is typed (the devnet's vault owner has 1)
  await page.getByRole('combobox', { name: 'To', exact: true }).click();
  await page.getByRole('option', { name: 'Someone else’s account' }).click();
  await page.getByLabel('Account id').fill('1');
  await expect(page.getByRole('alert').filter({ hasText: 'Someone else' })).toContainText(
    "#1 is not one of your accounts: someone else's, and you have not sent to it before.",
  );
  await shot('transfer-new-recipient');
  await page.getByRole('combobox', { name: 'To', exact: true }).click();
  await page.getByRole('option', { name: 'A new account of Trader' }).click();

  // moved for real, into a new account: the name goes with the number into the home screen's table, the
  // All activity feed, the history tables and the audit log's sentence
  await page.getByLabel(/^Amount/).fill('1');
  await page.getByRole('button', { name: 'Review transfer' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm transfer' })
    .getByRole('button', { name: 'Transfer 1.00 USDC' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'moved into account' })).toBeVisible();

  await go('Portfolio');
  const home = page.getByRole('table', { name: 'Accounts' });
  await expect(home.getByRole('link', { name: `Open account Trader · ${named}` })).toBeVisible();
  const feed = page.getByRole('region', { name: 'All activity' });
  await expect(feed.getByRole('row').filter({ hasText: 'Transfer sent' })).toContainText(`Trader · ${named}`);
  // the new account's side of it names where the money came from
  await expect(feed.getByRole('row').filter({ hasText: 'Transfer received' })).toContainText(
    `from Trader · ${named}`,
  );
  await shot('account-names-home');

  await home.getByRole('link', { name: `Open account Trader · ${named}` }).click();
  await page.getByRole('tab', { name: /^Transfers/ }).click();
  await expect(page.getByRole('table', { name: 'Transfers history' })).toContainText(named);

  await go('Settings');
  await expect(page.getByRole('table', { name: 'Audit log' })).toContainText(
    `Transferred 1.00 USDC from Savings (account ${account}) to a new account`,
  );
});

test('revoke all: asked with the sessions in sight, reported, and the create-session form stays', async () => {
  await go('Sessions');
  const table = page.getByRole('table', { name: 'Sessions' });
  await page.getByLabel('Label').fill('Laptop');
  await page.getByRole('button', { name: 'Create session' }).click();
  await expect(table).toContainText('Laptop');
  // header, the trader's own, the one this app made to sign the transfer above, this one
  await expect(table.getByRole('row')).toHaveCount(4);

  await page.getByRole('button', { name: 'Revoke all sessions of Trader' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke 3 sessions of Trader?' });
  const listed = confirm.getByRole('table', { name: 'Sessions to revoke' });
  await expect(listed.getByRole('row')).toHaveCount(3);
  await expect(listed).toContainText('Laptop');
  await expect(listed).toContainText('other device');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot('revoke-all-confirm');
  await confirm.getByRole('button', { name: 'Revoke 3 sessions' }).click();

  const report = page.getByRole('status').filter({ hasText: 'Revoked' });
  await expect(report).toContainText(/Revoked 3 sessions of Trader: .*#\d+ \(Laptop\)/);
  await expect(table.getByRole('row')).toHaveCount(1);
  await expect.poll(async () => (await trader.sessions()).length).toBe(0);
  // the form to make a new one is where it was, and works
  const form = page.getByRole('region', { name: 'Create a session' });
  await expect(form.getByRole('button', { name: 'Revoke all sessions of Trader' })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Create session' })).toBeEnabled();
  await shot('revoke-all-done');
});

test('settings: notifications to the operating system can be turned off', async () => {
  await go('Settings');
  const os = page.getByRole('checkbox', { name: 'Also show notifications in the operating system' });
  await expect(os).toBeChecked();
  await expect(
    page.getByText('Only the desktop app can; in this browser they show inside the window.'),
  ).toBeVisible();
  await os.uncheck();
  await expect(os).not.toBeChecked();
  // kept by main: a reload reads it back
  await page.reload();
  await expect(
    page.getByRole('checkbox', { name: 'Also show notifications in the operating system' }),
  ).not.toBeChecked();
});

test('the demo greets: its own sessions are known, not flagged as a stranger’s', async () => {
  await go('Settings');
  await chooseNetwork(page, 'Embedded devnet with demo data');
  await expect(page.getByLabel('Current network')).toContainText('Embedded devnet with demo data', {
    timeout: 30_000,
  });

  await go('Sessions');
  const table = page.getByRole('table', { name: 'Sessions' });
  await expect(table.getByText('demo data').first()).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Demo Alice' })).toContainText('demo data');
  await expect(table.getByText('other device')).toHaveCount(0);
  // the sessions are on screen, so their warnings have been decided: none is an alarm
  await expect(page.getByRole('region', { name: 'Sessions not made on this device' })).toHaveCount(0);
  await go('Portfolio');
  await expect(page.getByRole('region', { name: 'Sessions not made on this device' })).toHaveCount(0);
  await go('Sessions');
  await shot('demo-sessions');
});
