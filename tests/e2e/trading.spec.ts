// Vaults and triggers in Chromium against the browser host and its embedded devnet (vault epochs shortened to
// 20 s through PERPETUA_DEVNET_VAULT_EPOCH_SECONDS): deposit into a vault, request a withdrawal, claim it once
// the epoch converts it; add, edit and remove a stop-loss on a real position; bad input refused on screen.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RunningApp } from './support/app';
import { importWallet, unlockOrSetUp } from './support/steps';
import { Trader } from './support/trader';
import { formatAmount } from '../../src/shared/money';
import { formatMarketFigure } from '../../src/shared/figures';

test.describe.configure({ mode: 'serial' });
test.use({
  setup: {
    spec: 'trading',
    viewport: { width: 1280, height: 900 },
    // the devnet child inherits the host's environment
    env: { PERPETUA_DEVNET_VAULT_EPOCH_SECONDS: '20' },
  },
});

const BTC = 0;
let app: RunningApp;
let page: Page;
let trader: Trader;
let account: number;
const shot = (name: string) => page.screenshot({ path: `docs/screenshots/${name}.png` });
const go = (name: string) => page.getByRole('link', { name, exact: true }).click();
/** a BTC-PERP price (priceDecimals 1) as typed into a field, and as the app shows it */
const typed = (price: bigint) => `${price / 10n}.${price % 10n}`;
const shown = (price: bigint) => formatAmount(price, 1, { group: true });
/** a price as main's confirm buttons state it: the market's decimals and the unit */
const stated = (price: bigint) => `${formatMarketFigure(price, 1)} USDC`;

test.beforeAll(async ({ app: started, appPage, trader: own }) => {
  [app, page, trader] = [started, appPage, own];
  await page.goto(app.url);
  await unlockOrSetUp(page);
  await importWallet(page, 'Investor', trader.secret);
  account = await trader.deposit(0, 5_000_000_000n); // 5,000 USDC
  await trader.createSession();
  await trader.order({ accountId: account, marketId: BTC, side: 'BID', size: 500n }); // long 0.05 BTC
});

test('vaults: deposit, request a withdrawal, and claim it once the epoch has converted it', async () => {
  await go('Vaults');
  const vaults = page.getByRole('table', { name: 'Vaults' });
  const btc = vaults.getByRole('row').filter({ hasText: 'BTC Momentum' });
  await expect(btc).toContainText('BTC-PERP');
  // the share value says what it is in
  await expect(btc).toContainText(/[\d,.]+ USDC per share/);
  await expect(btc).toContainText(/\d{2,3},\d{3}(\.\d+)? USDC/); // about the owner’s 100,000 seed
  await btc.getByRole('button', { name: 'Deposit' }).click();

  const dialog = page.getByRole('dialog', { name: 'Deposit into BTC Momentum' });
  // Max fills in the very figure the At most line shows
  const most = /^At most ([\d,.]+) USDC/.exec((await dialog.getByText(/^At most /).textContent())!)![1]!;
  await dialog.getByRole('button', { name: 'Max' }).click();
  await expect(dialog.getByLabel(/^Amount/)).toHaveValue(most);
  await dialog.getByLabel(/^Amount/).fill('9000');
  await expect(dialog.getByText('More than the account can put in.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Review deposit' })).toBeDisabled();
  await dialog.getByLabel(/^Amount/).fill('1000');
  await dialog.getByRole('button', { name: 'Review deposit' }).click();

  const confirm = page.getByRole('dialog', { name: 'Deposit into BTC Momentum' });
  const summary = confirm.getByRole('table', { name: 'Action summary' });
  await expect(summary).toContainText('1,000.00 USDC');
  await expect(summary).toContainText('Shares (about)');
  await shot('vault-deposit-confirm');
  await confirm.getByRole('button', { name: 'Deposit into BTC Momentum' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Deposited' })).toBeVisible();

  const mine = page.getByRole('table', { name: 'My vault shares' });
  const holding = mine.getByRole('row').filter({ hasText: `Investor #${account}` });
  await expect(holding).toContainText('BTC Momentum');
  await expect(holding).toContainText(/1,000(\.\d+)? USDC|999\.\d+ USDC/);
  await expect(holding.getByRole('button', { name: 'Claim' })).toBeDisabled();

  // more shares than held is refused on screen; a USDC amount is fine
  await holding.getByRole('button', { name: 'Request withdrawal' }).click();
  const request = page.getByRole('dialog', { name: 'Withdraw from BTC Momentum' });
  await request.getByRole('radio', { name: 'A number of shares' }).check();
  await request.getByLabel('Shares', { exact: true }).fill('5000');
  await expect(request.getByText('More shares than you hold.')).toBeVisible();
  await request.getByRole('radio', { name: /An amount of USDC/ }).check();
  const worth = /^At most ([\d,.]+)$/.exec((await request.getByText(/^At most /).textContent())!)![1]!;
  await request.getByRole('button', { name: 'Max' }).click();
  await expect(request.getByLabel(/^Amount/)).toHaveValue(worth);
  await request.getByLabel(/^Amount/).fill('300');
  await request.getByRole('button', { name: 'Review request' }).click();
  const confirmRequest = page.getByRole('dialog', { name: 'Request a withdrawal from BTC Momentum' });
  await expect(confirmRequest).toContainText('Converted at');
  await confirmRequest.getByRole('button', { name: 'Request withdrawal from BTC Momentum' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Withdrawal requested' })).toBeVisible();
  await expect(holding).toContainText('shares requested; claimable at');
  await shot('vaults');

  // the epoch ends within 20 s; then the claim is open and pays the converted amount
  await expect(holding.getByRole('button', { name: 'Claim' })).toBeEnabled({ timeout: 45_000 });
  await expect(holding).toContainText('claimable now');
  await holding.getByRole('button', { name: 'Claim' }).click();
  const confirmClaim = page.getByRole('dialog', { name: 'Claim from BTC Momentum' });
  await expect(confirmClaim).toContainText(/You receive\s*\d{3}(\.\d+)? USDC/);
  await confirmClaim.getByRole('button', { name: /^Claim \d{3}(\.\d+)? USDC from BTC Momentum$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /Claimed \d{3}(\.\d+)? USDC/ })).toBeVisible();

  // the account's vault history has the request, its conversion at the epoch end and the claim
  await page.goto(`${app.url}#/account/${account}`);
  const tabs = page.getByRole('tablist', { name: 'History kinds' });
  await tabs.getByRole('tab', { name: /^Vault withdrawals ?\d/ }).click();
  const rows = page.getByRole('table', { name: 'Vault withdrawals history' });
  for (const step of ['requested', 'converted', 'claimed'])
    await expect(rows.getByRole('cell', { name: step, exact: true })).toBeVisible();
  // the vault by its name, not its number
  await expect(rows.getByRole('cell', { name: 'BTC Momentum', exact: true }).first()).toBeVisible();
});

test('triggers: add, edit and remove a stop-loss for a position; the wrong side of the mark is refused', async () => {
  await page.goto(`${app.url}#/account/${account}`);
  await unlockOrSetUp(page).catch(() => undefined);
  const section = page.getByTestId('triggers-section');
  await expect(section.getByText('No active triggers.')).toBeVisible();
  const mark = BigInt((await trader.account(account)).positions[0]!.markPrice);

  await section.getByRole('button', { name: 'Add stop-loss or take-profit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a stop-loss or take-profit' });
  await dialog.getByLabel('Trigger price').fill(typed(mark + 5_000n));
  await expect(dialog.getByText('A stop-loss for a long goes below the mark.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Review' })).toBeDisabled();
  await dialog.getByLabel('Trigger price').fill(typed(mark - 5_000n));
  await dialog.getByRole('button', { name: 'Review' }).click();
  const confirm = page.getByRole('dialog', { name: 'Add a stop-loss' });
  await expect(confirm).toContainText('sells the whole position at market, reduce-only');
  // what the stop-loss costs if it fires, before it is signed
  await expect(confirm).toContainText(/Estimated loss at the trigger price\s*−?-?[\d,.]+ USDC/);
  await shot('trigger-confirm');
  await confirm.getByRole('button', { name: `Add stop-loss at ${stated(mark - 5_000n)}` }).click();

  const active = section.getByRole('table', { name: 'Active triggers' });
  const row = active.getByRole('row').filter({ hasText: 'Stop-loss' });
  await expect(row).toContainText(shown(mark - 5_000n));
  await expect(row).toContainText('whole position');

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Change trigger' });
  await edit.getByLabel('Trigger price').fill(typed(mark - 8_000n));
  await edit.getByLabel('Size (optional)').fill('0.02');
  await edit.getByRole('button', { name: 'Review' }).click();
  await page
    .getByRole('dialog', { name: 'Change a stop-loss' })
    .getByRole('button', { name: `Change stop-loss at ${stated(mark - 8_000n)}` })
    .click();
  await expect(row).toContainText(shown(mark - 8_000n));
  await expect(row).toContainText('0.02');
  await shot('triggers');

  await row.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog', { name: 'Remove a stop-loss' })
    .getByRole('button', { name: 'Remove stop-loss' })
    .click();
  await expect(section.getByText('No active triggers.')).toBeVisible();
  await expect(section.getByRole('table', { name: 'Finished triggers' })).toContainText('removed');
});
