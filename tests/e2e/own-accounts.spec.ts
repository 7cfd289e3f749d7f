// Own accounts by name everywhere (issue 29, item 3), at 1024x700 on the demo data (three wallets of the
// person's, with accounts and balances): every wallet address has Copy and a Receive view with its QR code.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RunningApp } from './support/app';
import { PASSPHRASE, chooseNetwork } from './support/steps';

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ setup: { spec: 'own-accounts', viewport: { width: 1024, height: 700 }, clipboard: true } });

let app: RunningApp;
let page: Page;
const dialog = () => page.getByRole('dialog');
const go = (name: string) => page.getByRole('link', { name, exact: true }).click();
const clipboard = () => page.evaluate<string>('navigator.clipboard.readText()');
const card = (label: string) => page.getByRole('region', { name: label, exact: true });
/** The serious and critical axe findings on the page as it is now. */
async function seriousFindings(): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`));
}
/** Text matched as it is, inside a regular expression. */
const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Demo Bob's settlement-chain address, as its card on Accounts shows it. */
const addressOf = async (label: string) => (await card(label).locator('code').first().innerText()).trim();

test.beforeAll(async ({ app: started, appPage }) => {
  [app, page] = [started, appPage];
  await page.goto(app.url);
  await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await page.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Set passphrase' }).click();
  await chooseNetwork(page, 'Embedded devnet with demo data');
  await expect(page.getByRole('table', { name: 'Accounts' })).toContainText('Demo Carol', {
    timeout: 60_000,
  });
});

test('each wallet address has Copy (exactly the address) and Receive (its QR code, named by the address)', async () => {
  await go('Accounts');
  const bob = await addressOf('Demo Bob');
  expect(bob).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  await card('Demo Bob').getByRole('button', { name: 'Copy the address of Demo Bob' }).click();
  await expect(card('Demo Bob').getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await clipboard()).toBe(bob);

  await card('Demo Bob').getByRole('button', { name: 'Receive into Demo Bob' }).click();
  await expect(dialog().getByRole('heading', { name: 'Receive into Demo Bob' })).toBeVisible();
  // drawn in the renderer by the QR library under the app's CSP (no eval), shown as an image of the address
  const qr = dialog().getByRole('img', { name: `QR code of the address ${bob}` });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: { naturalWidth: number }) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  await expect(dialog().getByRole('group', { name: 'Address of Demo Bob' })).toHaveText(
    bob.match(/.{1,4}/g)!.join(''),
  );
  await expect(dialog()).toContainText('SOL');
  await expect(dialog()).toContainText('USDC');
  await page.evaluate('navigator.clipboard.writeText("")');
  await dialog().getByRole('button', { name: 'Copy the address of Demo Bob' }).click();
  expect(await clipboard()).toBe(bob);
  await expect(dialog()).toBeInViewport();
  await page.screenshot({ path: 'docs/screenshots/receive-qr-1024.png' });
  expect(await seriousFindings()).toEqual([]);
  await dialog().getByRole('button', { name: 'Done' }).click();
  await expect(dialog()).toHaveCount(0);
});

test("the address book lists the person's own wallets first, marked as theirs and not removable", async () => {
  await go('Settings');
  const book = page.getByRole('table', { name: 'Address book' });
  for (const label of ['Demo Alice', 'Demo Bob', 'Demo Carol'])
    await expect(book.getByRole('row').filter({ hasText: label })).toContainText('Your wallet');
  await expect(book.getByRole('row').first()).toContainText('Your wallet');
  // nothing to edit or remove on them: they come from Accounts
  await expect(book.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  // a saved address is listed after them, and is removable
  await page.getByLabel('Name', { exact: true }).fill('Cold storage');
  await page.getByLabel('Settlement-chain address').fill('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(book.getByRole('row').last()).toContainText('Cold storage');
  await expect(book.getByRole('row').last()).not.toContainText('Your wallet');
  await expect(book.getByRole('button', { name: 'Remove' })).toHaveCount(1);
  await book.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/screenshots/address-book-own-1024.png' });
  expect(await seriousFindings()).toEqual([]);
});

test('a withdrawal to another of the wallets is "Your wallet …" in the form and the review, never a new address, and asks no passphrase', async () => {
  await go('Transfers');
  await page.getByRole('tab', { name: 'Withdraw' }).click();
  await page.getByLabel(/^Amount/).fill('5');
  await page.getByRole('combobox', { name: 'From the address book' }).click();
  await page.getByRole('option', { name: 'Your wallet Demo Carol' }).click();
  await expect(page.getByRole('status', { name: 'Destination' })).toHaveText(/^Your wallet Demo Carol/);
  await expect(page.getByRole('alert').filter({ hasText: 'A new address' })).toHaveCount(0);
  await expect(page.getByText('A new address')).toHaveCount(0);
  await page.getByRole('button', { name: 'Review withdrawal' }).click();
  const review = page.getByRole('table', { name: 'Action summary' });
  await expect(review.getByRole('row', { name: /^To Your wallet Demo Carol/ })).toBeVisible();
  await expect(dialog()).not.toContainText('have not withdrawn to this address');
  // the money stays the person's: docs/security.md asks no passphrase for it
  await expect(dialog().getByLabel('Confirm with your passphrase')).toHaveCount(0);
  await dialog().getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog()).toHaveCount(0);
});

test('one account picker groups the accounts by wallet, by name and balance; a transfer to one reviews and is told as "To <wallet> · <name> (#n)"', async () => {
  // a name for one of Demo Bob's accounts, given on Accounts
  await go('Accounts');
  const bobAccounts = page.getByRole('table', { name: 'Accounts of Demo Bob' });
  const target = (await bobAccounts.getByRole('link').first().innerText()).replace('#', '');
  await bobAccounts.getByRole('button', { name: `Name account #${target}` }).click();
  await dialog().getByLabel('Name').fill('Savings');
  await dialog().getByRole('button', { name: /^Save/ }).click();
  await expect(dialog()).toHaveCount(0);
  const named = `Demo Bob · Savings (#${target})`;

  await go('Transfers');
  await page.getByRole('tab', { name: 'Transfer' }).click();
  await page.getByRole('combobox', { name: 'To', exact: true }).click();
  const list = page.getByRole('listbox');
  // grouped by wallet: each wallet's label over its accounts, each by wallet, name, number and balance
  for (const wallet of ['Demo Alice', 'Demo Bob', 'Demo Carol']) await expect(list).toContainText(wallet);
  await expect(
    list.getByRole('option', { name: new RegExp(`^${esc(named)} — [\\d,.]+ USDC$`) }),
  ).toBeVisible();
  await expect(list.getByRole('option').last()).toHaveText('Someone else’s account');
  await page.screenshot({ path: 'docs/screenshots/account-picker-1024.png' });
  expect(await seriousFindings()).toEqual([]);
  await list.getByRole('option', { name: new RegExp(`^${esc(named)}`) }).click();

  await page.getByLabel(/^Amount/).fill('1');
  await page.getByRole('button', { name: 'Review transfer' }).click();
  const review = page.getByRole('dialog', { name: 'Confirm transfer' });
  await expect(review.getByRole('row', { name: `To ${named}` })).toBeVisible();
  await expect(review.getByRole('row', { name: /^From account Demo Alice · #\d+/ })).toBeVisible();
  // between the person's own accounts: no passphrase
  await expect(review.getByLabel('Confirm with your passphrase')).toHaveCount(0);
  await review.getByRole('button', { name: /^Transfer 1/ }).click();
  await expect(page.getByText(/moved into/)).toBeVisible({ timeout: 30_000 });

  // the history line of the source account names the wallet and the account
  await go('History');
  await expect(page.getByText(`to ${named}`).first()).toBeVisible({ timeout: 30_000 });

  // someone else's account is an explicit last choice that takes a number
  await go('Transfers');
  await page.getByRole('tab', { name: 'Transfer' }).click();
  await page.getByRole('combobox', { name: 'To', exact: true }).click();
  await page.getByRole('option', { name: 'Someone else’s account' }).click();
  await expect(page.getByLabel('Account id')).toBeVisible();
  // or an address saved in the address book (saved above): its exchange accounts are looked up
  await page.getByRole('combobox', { name: 'From the address book' }).click();
  await expect(page.getByRole('option', { name: 'Demo Carol' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Cold storage' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Cold storage has no account on the exchange.' }),
  ).toBeVisible();
});

test('deposit, sweep and vaults pick accounts with the same picker; the deposit keeps its first/new account choice, readable', async () => {
  await go('Transfers');
  await page.getByRole('tab', { name: 'Deposit' }).click();
  await page.getByRole('combobox', { name: 'Into account' }).click();
  const list = page.getByRole('listbox');
  // a deposit goes into the depositing wallet's accounts: its group, then the first-account choice
  await expect(
    list.getByRole('option', { name: /^Demo Alice · #\d+ — [\d,.]+ USDC$/ }).first(),
  ).toBeVisible();
  await expect(list).not.toContainText('Demo Bob');
  const first = list.getByRole('option', { name: 'The first account' });
  await expect(first).toBeInViewport({ ratio: 1 });
  expect(
    await first.evaluate(
      (el: { scrollWidth: number; clientWidth: number }) => el.scrollWidth <= el.clientWidth,
    ),
  ).toBe(true);
  await page.keyboard.press('Escape');

  await page.getByText('Sweep several accounts into one').click();
  await page.getByRole('combobox', { name: 'Into' }).click();
  await expect(page.getByRole('option', { name: /^Demo Bob · .*#\d+\)? — / }).first()).toBeVisible();
  await expect(page.getByRole('option').last()).toHaveText('Someone else’s account');
  await page.keyboard.press('Escape');

  await go('Vaults');
  await page
    .getByRole('button', { name: /^Deposit/ })
    .first()
    .click();
  await dialog().getByRole('combobox', { name: 'From account' }).click();
  await expect(page.getByRole('option', { name: /^Demo Bob · .*#\d+\)? — / }).first()).toBeVisible();
  await page.keyboard.press('Escape');
});
