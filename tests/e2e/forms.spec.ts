// Errors as one types (issue 29, items 6 and 7), at 1024x700: in the Transfer and Withdraw forms a number
// with no account, someone else's account, an amount not above the withdrawal fee and one above what is
// available are each said with the reason before any review, the Review button waiting; Max fills in the
// very text the Available line shows; what was said of a draft goes once it is sent; and the wallets not on
// the exchange yet are named in one notice that can be put away.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RunningApp } from './support/app';
import { PASSPHRASE, importWallet, unlockOrSetUp } from './support/steps';
import type { Trader } from './support/trader';

test.describe.configure({ mode: 'serial' });
test.use({ setup: { spec: 'forms', viewport: { width: 1024, height: 700 } } });

let app: RunningApp;
let page: Page;
let trader: Trader;
let account: number;
const shot = (name: string) => page.screenshot({ path: `docs/screenshots/${name}.png` });
const go = (name: string) => page.getByRole('link', { name, exact: true }).click();
const amount = () => page.getByLabel(/^Amount/);
const reviewTransfer = () => page.getByRole('button', { name: 'Review transfer' });
const reviewWithdrawal = () => page.getByRole('button', { name: 'Review withdrawal' });

test.beforeAll(({ app: started, appPage, trader: own }) => {
  [app, page, trader] = [started, appPage, own];
});

test('a wallet not on the exchange yet: one notice, put away for good, the page below it in sight', async () => {
  await page.goto(app.url);
  await unlockOrSetUp(page);
  await importWallet(page, 'Trader', trader.secret);
  await go('Portfolio');
  const notice = page.getByRole('alert').filter({ hasText: 'not on the exchange yet' });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('Trader is not on the exchange yet');
  await expect(notice).toBeInViewport();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  // put away for these wallets: not back on the next visit to the page
  await go('Accounts');
  await go('Portfolio');
  await expect(page.getByRole('heading', { name: 'Portfolio' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('transfer: Max fills in what Available shows, to the last place', async () => {
  // a balance with more places than cents: 1,000.123457 USDC
  account = await trader.deposit(0, 1_000_123_457n);
  await go('Portfolio');
  await expect(page.getByRole('table', { name: 'Accounts' })).toContainText('1,000.12 USDC');
  await go('Transfers');
  await page.getByRole('tab', { name: 'Transfer', exact: true }).click();
  const available = page.getByText(/^Available: /);
  await expect(available).toHaveText('Available: 1,000.123457 USDC');
  await page.getByRole('button', { name: /^Max/ }).click();
  await expect(amount()).toHaveValue('1,000.123457');
  await expect(reviewTransfer()).toBeEnabled();
  // one unit more than that is refused where it is typed, naming what is available
  await amount().fill('1000.123458');
  await expect(page.getByText('More than the available 1,000.123457 USDC.')).toBeVisible();
  await expect(reviewTransfer()).toBeDisabled();
});

test('transfer: a number with no account is refused as it is typed; someone else’s account is said to be so', async () => {
  await amount().fill('1');
  await page.getByRole('combobox', { name: 'To', exact: true }).click();
  await page.getByRole('option', { name: 'Someone else’s account' }).click();
  const to = page.getByLabel('Account id');
  await to.fill('999');
  await expect(page.getByText('No account #999 on the exchange. Check the number.')).toBeVisible();
  await expect(reviewTransfer()).toBeDisabled();
  await expect(page.getByText('That did not work')).toHaveCount(0);
  await shot('transfer-unknown-account');
  // the account it leaves from
  await to.fill(String(account));
  await expect(page.getByText('That is the account the money leaves from: choose another.')).toBeVisible();
  await expect(reviewTransfer()).toBeDisabled();
  // the devnet's vault owner has account 1: someone else's, which may be chosen, never silently
  await to.fill('1');
  const stranger = page.getByRole('alert').filter({ hasText: "Someone else's account" });
  await expect(stranger).toContainText(
    "#1 is not one of your accounts: someone else's, and you have not sent to it before. Check the number.",
  );
  await expect(reviewTransfer()).toBeEnabled();
  await shot('transfer-someone-else');

  // sent: the draft's destination and what was said of it go
  await reviewTransfer().click();
  const review = page.getByRole('dialog', { name: 'Confirm transfer' });
  await review.getByLabel('Confirm with your passphrase').fill(PASSPHRASE);
  await review.getByRole('button', { name: 'Transfer 1.00 USDC' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'moved into' })).toBeVisible();
  await expect(stranger).toHaveCount(0);
  await expect(to).toHaveValue('');
  // typed again: still someone else's, now one sent to before
  await to.fill('1');
  await expect(stranger).toContainText(
    "#1 is not one of your accounts: someone else's. You have sent to it before.",
  );
});

test('withdraw: an amount not above the fee is refused as it is typed, naming the fee', async () => {
  await page.getByRole('tab', { name: 'Withdraw', exact: true }).click();
  const fee = page.getByLabel('Fee');
  await expect(fee).toContainText(/Withdrawal fee: [\d,.]+ USDC/);
  const figure = /Withdrawal fee: ([\d,.]+) USDC/.exec((await fee.textContent())!)![1]!;
  await amount().fill(figure.replace(/,/g, ''));
  await expect(page.getByText(`The amount must be more than the fee (${figure} USDC).`)).toBeVisible();
  await expect(reviewWithdrawal()).toBeDisabled();
  await shot('withdraw-at-fee');
  await amount().fill('5000');
  await expect(page.getByText(/^More than the available [\d,.]+ USDC\.$/)).toBeVisible();
  await expect(reviewWithdrawal()).toBeDisabled();
  await amount().fill('5');
  await expect(reviewWithdrawal()).toBeEnabled();
  // a transfer has no fee: the same amount as the fee is fine there
  await page.getByRole('tab', { name: 'Transfer', exact: true }).click();
  await amount().fill(figure.replace(/,/g, ''));
  await expect(reviewTransfer()).toBeEnabled();
});

test('sweep: someone else’s account typed as the target is checked the same way', async () => {
  await page.getByRole('link', { name: 'Sweep several accounts into one' }).click();
  await page.getByRole('checkbox', { name: new RegExp(`^Account #${account} `) }).check();
  await page.getByRole('combobox', { name: 'Into' }).click();
  await page.getByRole('option', { name: 'Someone else’s account' }).click();
  const number = page.getByLabel('Account number');
  const next = page.getByRole('button', { name: 'Review sweep' });
  await number.fill('999');
  await expect(page.getByText('No account #999 on the exchange. Check the number.')).toBeVisible();
  await expect(next).toBeDisabled();
  await number.fill('1');
  await expect(page.getByRole('alert').filter({ hasText: "Someone else's account" })).toContainText(
    "#1 is not one of your accounts: someone else's. You have sent to it before.",
  );
  await expect(next).toBeEnabled();
});
