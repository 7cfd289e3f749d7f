// What people do with Perpetua, in a real browser against the browser host, the devnet and a real OS
// keychain: first run with its first wallet, a deposit until it is credited, a transfer into a new account, a withdrawal
// whose fee is shown first and whose payout is exact, a session created and revoked, and bad input refused.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import bs58 from 'bs58';
import { randomBytes } from 'node:crypto';
import type { RunningApp } from './support/app';
import { chainTokenBalance } from '../support/chain';
import { PASSPHRASE, chooseNetwork, walletStep } from './support/steps';

test.describe.configure({ mode: 'serial' });
test.use({ setup: { spec: 'journeys' } });

let app: RunningApp;
let page: Page;
const shot = (name: string) => page.screenshot({ path: `docs/screenshots/${name}.png` });
const go = (name: string) => page.getByRole('link', { name }).click();

test.beforeAll(({ app: started, appPage }) => {
  [app, page] = [started, appPage];
});

test('first run: choose a passphrase, then the network, then the first wallet is asked for', async () => {
  await page.goto(app.url);
  await expect(page.getByRole('heading', { name: 'Welcome to Perpetua' })).toBeVisible();
  await page.getByLabel('Passphrase', { exact: true }).fill('short');
  // told while typing, before anything is sent
  await expect(page.getByText('Too short: 5 more characters (at least 10 characters).')).toBeVisible();
  await shot('passphrase-too-short');
  await page.getByLabel('Repeat the passphrase').fill('short');
  await page.getByRole('button', { name: 'Set passphrase' }).click();
  await expect(page.getByText(/at least 10 characters\./)).toBeVisible();
  await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await page.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
  await shot('first-run');
  await page.getByRole('button', { name: 'Set passphrase' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a network' })).toBeVisible();
  // the embedded devnet is the default choice
  await expect(page.getByRole('radio', { name: 'Embedded devnet', exact: true })).toBeChecked();
  await shot('first-run-network');
  await chooseNetwork(page, 'Embedded devnet');
  // no wallet yet: create one, import one, or leave it for later
  await expect(walletStep(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create a new wallet' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Import a wallet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Later', exact: true })).toBeVisible();
  await shot('first-run-wallet');
  // the smallest supported window holds it all
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(page.getByRole('button', { name: 'Later', exact: true })).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1280, height: 860 });
});

test('first wallet, created in the first-run step: its recovery phrase is shown once and stored after three of its words are typed back', async () => {
  // the step opens with Create focused: the keyboard is enough
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create a wallet' });
  const name = dialog.getByLabel('Wallet name');
  await expect(name).toBeFocused();
  await name.fill('Main');
  // whoever sees the words holds a wallet that counts as the person's own: the passphrase goes with them
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const passphrase = dialog.getByLabel('Confirm with your passphrase');
  await expect(passphrase).toBeFocused();
  await passphrase.fill(PASSPHRASE);
  await passphrase.press('Enter');
  const shown = dialog.getByTestId('new-phrase').getByRole('listitem');
  await expect(shown).toHaveCount(24);
  const words = (await shown.allTextContents()).map((t) => t.replace(/^\s*\d+\.\s*/, '').trim());
  // even a throwaway devnet phrase never goes into a committed picture
  await page.screenshot({
    path: 'docs/screenshots/create-wallet.png',
    mask: [page.getByTestId('new-phrase')],
  });
  await dialog.getByRole('button', { name: 'I wrote it down' }).click();
  const asked = dialog.getByLabel(/^Word \d+$/);
  await expect(asked).toHaveCount(3);
  await expect(asked.first()).toBeFocused();
  const positions = (
    await dialog
      .locator('label')
      .filter({ hasText: /^Word \d+$/ })
      .allTextContents()
  ).map((t) => Number(t.slice(5)));
  for (const [i, position] of positions.entries())
    await asked.nth(i).fill(i === 0 ? 'wrong' : words[position - 1]!);
  await asked.last().press('Enter');
  await expect(dialog.getByRole('alert')).toContainText(
    `That is not word ${positions[0]} of your recovery phrase`,
  );
  await asked.first().fill(words[positions[0]! - 1]!);
  await dialog.getByRole('button', { name: 'Check and store the wallet' }).click();
  // the step is over: the app opens on Accounts, with the new wallet under its phrase
  await expect(page.getByRole('heading', { name: 'Wallets and accounts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recovery phrase 1' })).toBeVisible();
  await expect(page.getByText('Not on the exchange yet')).toBeVisible();
  await expect(page.getByText('Embedded devnet', { exact: true })).toBeVisible();
  await expect(page.getByText(words.slice(0, 3).join(' '))).toHaveCount(0);
  await expect(walletStep(page)).toHaveCount(0);
});

test('one notice names the wallets not on the exchange yet, and can be put away', async () => {
  await go('Portfolio');
  const notice = page.getByRole('alert').filter({ hasText: 'not on the exchange yet' });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('Main is not on the exchange yet');
  await shot('newcomers-notice');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
});

test('faucet, then a deposit on chain until credited, with the on-chain balances shown', async () => {
  await go('Transfers');
  const onChain = page.getByLabel('Wallet on chain');
  await expect(onChain).toContainText('holds 0.00 USDC');
  // more than the wallet holds on chain: said before anything is signed
  await page.getByLabel('Amount').fill('5');
  await expect(page.getByText('This wallet has no USDC on the chain yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review deposit', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: /test funds/ }).click();
  await expect(onChain).toContainText('holds 1,000.00 USDC and 1.000000 SOL');
  await page.getByLabel('Amount').fill('1000.5');
  await expect(page.getByText('More than the wallet holds on the chain.')).toBeVisible();
  await page.getByLabel('Amount').fill('250');
  await page.getByRole('button', { name: 'Review deposit', exact: true }).click();
  // a review like every other money action's, opening on Cancel; the confirm button says what it does
  const review = page.getByRole('dialog', { name: 'Review deposit' });
  await expect(review.getByRole('table', { name: 'Action summary' })).toContainText('250.00 USDC');
  await expect(review.getByRole('table', { name: 'Action summary' })).toContainText('0.000005 SOL');
  await expect(review.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot('deposit-review');
  await review.getByRole('button', { name: 'Deposit 250.00 USDC into a new account' }).click();
  await expect(review).toHaveCount(0);
  // the form is cleared once the deposit is sent
  await expect(page.getByLabel('Amount')).toHaveValue('');
  await expect(page.getByRole('status').filter({ hasText: 'Deposit sent' })).toContainText('250.00 USDC');
  const deposits = page.getByRole('table', { name: 'Deposits' });
  await expect(deposits).toContainText('250.00 USDC');
  await expect(deposits.getByText('credited')).toBeVisible({ timeout: 15_000 });
  // told by a notice, and in the form the words of the deposit on its way give way to the credit's
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: 'Deposit credited' }),
  ).toBeVisible();
  const inForm = page.getByRole('tabpanel').getByRole('status');
  await expect(inForm.filter({ hasText: 'Deposit credited' })).toContainText(
    /250\.00 USDC arrived in Main · #\d+\./,
  );
  await expect(inForm.filter({ hasText: 'Deposit sent' })).toHaveCount(0);
  // the transaction's signature is shown with it
  await expect(deposits.getByRole('cell', { name: /^\w{6}…\w{6}$/ })).toBeVisible();
  // on chain: 750 USDC left, and the one-signature fee paid in SOL
  await expect(onChain).toContainText('holds 750.00 USDC and 0.999995 SOL');
  await shot('deposit');
  await go('Portfolio');
  await expect(page.getByLabel('Total equity')).toHaveText('250.00 USDC');
  const wallets = page.getByRole('region', { name: 'Wallets on chain' });
  await expect(wallets.getByRole('group', { name: 'On-chain balances of Main' })).toHaveText(
    'On chain:0.999995 SOL· 750.00 USDC',
  );
  await shot('portfolio-on-chain');
  await go('Accounts');
  await expect(page.getByRole('group', { name: 'On-chain balances of Main' })).toContainText('750.00 USDC');
  await shot('accounts-on-chain');
});

test('transfer into a new account', async () => {
  await go('Transfers');
  await page.getByRole('tab', { name: 'Transfer' }).click();
  await page.getByLabel(/^Amount/).fill('40');
  // Enter reviews; the confirmation opens on Cancel, so signing takes a deliberate Tab to its button
  await page.getByLabel(/^Amount/).press('Enter');
  const summary = page.getByRole('table', { name: 'Action summary' });
  await expect(summary).toContainText('a new account of this wallet');
  await expect(summary).toContainText('40.00 USDC');
  await shot('confirm-transfer');
  // between the person's own accounts: no passphrase asked
  await expect(page.getByLabel('Confirm with your passphrase')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Transfer 40.00 USDC' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('into account');
  await go('Portfolio');
  const accounts = page.getByRole('table', { name: 'Accounts' });
  await expect(accounts.getByRole('row')).toHaveCount(3);
  await expect(accounts).toContainText('210.00 USDC');
  await expect(accounts).toContainText('40.00 USDC');
  await shot('portfolio');
});

test('withdraw: the fee is shown before signing and the destination receives exactly the amount less the fee', async () => {
  const destination = bs58.encode(randomBytes(32));
  await go('Transfers');
  await page.getByRole('tab', { name: 'Withdraw' }).click();
  await page.getByLabel(/^Amount/).fill('50');
  await page.getByLabel('Destination address').fill(destination);
  // a first withdrawal to this address: said while typing, before the review says it again
  await expect(page.getByRole('alert').filter({ hasText: 'A new address' })).toContainText(
    'You have not withdrawn to this address before.',
  );
  await expect(page.getByLabel('Fee')).toContainText('Withdrawal fee: 1.00 USDC');
  await expect(page.getByLabel('Fee')).toContainText('You receive: 49.00 USDC');
  await page.getByLabel('Destination address').press('Enter');
  const summary = page.getByRole('table', { name: 'Action summary' });
  await expect(summary).toContainText('1.00 USDC');
  await expect(summary).toContainText('49.00 USDC');
  await expect(
    page.getByRole('dialog').getByText('You have not withdrawn to this address before'),
  ).toBeVisible();
  // money leaving the wallets: signed only with the passphrase, checked by main for this confirmation
  const passphrase = page.getByLabel('Confirm with your passphrase');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Withdraw 50.00 USDC' })).toBeDisabled();
  await shot('confirm-withdrawal');
  await passphrase.fill('not my passphrase');
  await page.getByRole('button', { name: 'Withdraw 50.00 USDC' }).click();
  await expect(page.getByText('That passphrase is not correct.')).toBeVisible();
  await passphrase.fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Withdraw 50.00 USDC' }).click();
  // the form's own destination line is a status too (back to Your wallet Main once this one is sent)
  await expect(page.getByRole('status', { name: 'Withdrawal sent' })).toContainText('Withdrawal sent');
  // the draft is sent: its address and what was said of it go
  await expect(page.getByRole('alert').filter({ hasText: 'A new address' })).toHaveCount(0);
  await expect(page.getByLabel('Destination address')).toHaveValue('');
  await expect(page.getByText('Withdrawal processed')).toBeVisible({ timeout: 15_000 });
  // read from the chain: the payout created the destination's token account with exactly 49 USDC
  const chain = { baseUrl: app.exchangeUrl, rpcUrl: app.solanaRpcUrl };
  expect(await chainTokenBalance(chain, destination, 0)).toBe(49_000_000n);
});

test('bad input is refused clearly and sends nothing', async () => {
  await go('Settings');
  // count once the log has loaded: it already holds the withdrawal above
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log).toContainText(/Withdrew 50\.00 USDC from account \d+ to \w{4}…\w{4}/);
  // in words a person reads, with the amounts each action asked for
  await expect(log).toContainText('Deposited 250.00 USDC from the wallet on the chain into a new account');
  await expect(log).toContainText(/Transferred 40\.00 USDC from account \d+ to a new account/);
  await expect(log).toContainText(/Created session #\d+/);
  await log.screenshot({ path: 'docs/screenshots/audit-log.png' });
  const auditRows = await page.getByRole('table', { name: 'Audit log' }).getByRole('row').count();
  await go('Transfers');
  await page.getByRole('tab', { name: 'Withdraw' }).click();
  await page.getByLabel(/^Amount/).fill('100000');
  await expect(page.getByText(/^More than the available [\d,.]+ USDC\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review withdrawal' })).toBeDisabled();
  await page.getByLabel(/^Amount/).fill('1.1234567');
  await expect(page.getByText('has more than 6 decimal places')).toBeVisible();
  await page.getByLabel(/^Amount/).fill('5');
  await page.getByLabel('Destination address').fill('0OIl-not-an-address');
  await expect(page.getByText('Not a base58 settlement-chain address.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review withdrawal' })).toBeDisabled();
  await shot('bad-input');
  await page.getByRole('tab', { name: 'Transfer' }).click();
  await page.getByLabel(/^Amount/).fill('5');
  await page.getByRole('combobox', { name: 'To', exact: true }).click();
  await page.getByRole('option', { name: 'Someone else’s account' }).click();
  await page.getByLabel('Account id').fill('99999');
  // refused as it is typed, before any review
  await expect(page.getByText('No account #99999 on the exchange. Check the number.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review transfer' })).toBeDisabled();
  await go('Settings');
  await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row')).toHaveCount(auditRows);
});

test('sessions: see every session, create one and revoke it', async () => {
  await go('Sessions');
  const table = page.getByRole('table', { name: 'Sessions' });
  await expect(table.getByRole('row')).toHaveCount(2); // header + the session made for the first transfer
  await page.getByLabel('Label').fill('Trading bot');
  await page.getByRole('button', { name: 'Create session' }).click();
  await expect(table).toContainText('Trading bot');
  await expect(table.getByRole('row')).toHaveCount(3);
  await shot('sessions');
  const row = table.getByRole('row').filter({ hasText: 'Trading bot' });
  await row.getByRole('button', { name: /Revoke session/ }).click();
  // asked once more, with what it covers in sight; the dialog opens on Cancel
  const confirm = page.getByRole('dialog', { name: /^Revoke session #\d+ of / });
  await expect(confirm.getByRole('table', { name: 'Sessions to revoke' })).toContainText('Trading bot');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: /^Revoke session #\d+$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Revoked' })).toContainText(
    /Revoked session #\d+ \(Trading bot\) of /,
  );
  await expect(table).not.toContainText('Trading bot');
  await expect(table.getByRole('row')).toHaveCount(2);
});

test('history and settings', async () => {
  await go('History');
  // History opens on All activity: the transfer sent is there, negative, with the true minus sign
  await expect(
    page.getByRole('table', { name: 'All activity' }).getByRole('row').filter({ hasText: 'Transfer sent' }),
  ).toContainText('\u221240.00 USDC');
  await page.getByRole('tab', { name: /^Transfers ?\d/ }).click();
  const sent = page
    .getByRole('table', { name: 'Transfers history' })
    .getByRole('row')
    .filter({ hasText: 'sent' });
  await expect(sent.getByRole('cell', { name: '\u221240.00 USDC', exact: true })).toBeVisible();
  await expect(sent.getByRole('cell', { name: 'USDC', exact: true })).toBeVisible();
  await shot('history');
  await go('Settings');
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log).toContainText(/Withdrew 50\.00 USDC from account \d+ to \w{4}…\w{4}/);
  // in words a person reads, with the amounts each action asked for
  await expect(log).toContainText('Deposited 250.00 USDC from the wallet on the chain into a new account');
  await expect(log).toContainText(/Transferred 40\.00 USDC from account \d+ to a new account/);
  await expect(log).toContainText(/Created session #\d+/);
  await log.screenshot({ path: 'docs/screenshots/audit-log.png' });
  // the Solana RPC beside the network: the embedded devnet's own; an address that is not one is refused
  await expect(page.getByLabel('Solana RPC', { exact: true })).toContainText(
    `${app.solanaRpcUrl} (the exchange’s own)`,
  );
  await page.getByLabel('Use another Solana RPC').fill(app.exchangeUrl);
  await page.getByRole('button', { name: 'Check and use' }).click();
  await expect(page.getByText(/No Solana RPC answered getVersion/)).toBeVisible();
  await expect(page.getByLabel('Solana RPC', { exact: true })).toContainText('(the exchange’s own)');
  const saved = bs58.encode(randomBytes(32));
  await page.getByLabel('Name').fill('Cold storage');
  await page.getByLabel('Settlement-chain address').fill('not an address');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('That is not a base58 address.')).toBeVisible();
  await page.getByLabel('Settlement-chain address').fill(saved);
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('table', { name: 'Address book' })).toContainText(saved);
  await shot('settings');
  await go('Transfers');
  await page.getByRole('tab', { name: 'Withdraw' }).click();
  await page.getByRole('combobox', { name: 'From the address book' }).click();
  await page.getByRole('option', { name: 'Cold storage' }).click();
  await expect(page.getByLabel('Destination address')).toHaveValue(saved);
  await go('Settings');
  await page.getByRole('button', { name: 'Lock now' }).click();
  await expect(page.getByRole('heading', { name: 'Perpetua is locked' })).toBeVisible();
  await shot('locked');
});

test('withdraw another token: the fee is shown and charged in that token, and the destination gets the rest', async () => {
  await page.getByLabel('Passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Unlock' }).click();
  // unlocked, back where it was locked
  await expect(page.getByRole('button', { name: 'Lock', exact: true })).toBeVisible();
  // ETH from the faucet, deposited into the first account
  await go('Transfers');
  await expect(page.getByRole('heading', { name: 'Move funds' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Token' }).click();
  await page.getByRole('option', { name: 'ETH', exact: true }).click();
  await page.getByRole('button', { name: /test funds/ }).click();
  await expect(page.getByText(/holds 1,000\.00 ETH/)).toBeVisible();
  await page.getByLabel('Amount').fill('2');
  await page.getByRole('button', { name: 'Review deposit', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Review deposit' })
    .getByRole('button', { name: /^Deposit 2\.00 ETH into .+ · #\d+$/ })
    .click();
  const deposits = page.getByRole('table', { name: 'Deposits' });
  await expect(deposits.getByRole('row').filter({ hasText: '2.00 ETH' }).getByText('credited')).toBeVisible({
    timeout: 15_000,
  });

  const destination = bs58.encode(randomBytes(32));
  await page.getByRole('tab', { name: 'Withdraw', exact: true }).click();
  await page.getByRole('combobox', { name: 'Token' }).click();
  await page.getByRole('option', { name: 'ETH', exact: true }).click();
  await page.getByLabel(/^Amount/).fill('0.5');
  await page.getByLabel('Destination address').fill(destination);
  // 1 USDC at the devnet's 3,200 USDC reference price for ETH, rounded up
  await expect(page.getByLabel('Fee')).toContainText('Withdrawal fee: 0.0003125 ETH');
  await expect(page.getByLabel('Fee')).toContainText('You receive: 0.4996875 ETH');
  await page.getByLabel('Destination address').press('Enter');
  const summary = page.getByRole('table', { name: 'Action summary' });
  await expect(summary).toContainText('0.0003125 ETH');
  await expect(summary).toContainText('0.4996875 ETH');
  await page.getByLabel('Confirm with your passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Withdraw 0.50 ETH' }).click();
  await expect(page.getByRole('status', { name: 'Withdrawal sent' })).toContainText(
    '0.4996875 ETH will arrive',
  );
  await expect(page.getByText('Withdrawal processed')).toBeVisible({ timeout: 15_000 });
  expect(
    await chainTokenBalance({ baseUrl: app.exchangeUrl, rpcUrl: app.solanaRpcUrl }, destination, 2),
  ).toBe(49_968_750n);
});
