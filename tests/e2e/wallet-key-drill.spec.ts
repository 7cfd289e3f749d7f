// The leaked wallet-key drill in Chromium against the browser host and its embedded devnet: the wallet "Old"
// holds a BTC long, a resting bid, exchange USDC and chain USDC. From the session-key drill's pointer the
// person reaches this drill, makes the new wallet from a new recovery phrase (its backup checked) right
// there, reads the review (the route in, every action with its cost, the position's close estimate, speed
// matters), gives the passphrase once, and the exchange's own API then shows Old emptied and the new
// wallet holding the money; Old is flagged compromised on the Accounts page.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { PASSPHRASE, importWallet, unlockOrSetUp } from './support/steps';
import type { Trader } from './support/trader';
import { devnetFaucet } from '../support/chain';

test.describe.configure({ mode: 'serial' });
test.use({ setup: { spec: 'wallet-key-drill', viewport: { width: 1280, height: 900 } } });

const USDC = 0;
const usdc = (n: number) => BigInt(n) * 1_000_000n;
let page: Page;
let trader: Trader;
let first = 0;
const dialog = () => page.getByRole('dialog');
/** axe on what the page shows now, in the system's light then dark scheme: no serious or critical violation */
async function passesAxe(screen: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    // a colour fade that has not ended is not what the person reads
    await page.waitForTimeout(400);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${screen}, ${scheme} theme`,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.beforeAll(async ({ app, appPage, trader: own }) => {
  [page, trader] = [appPage, own];
  await page.goto(app.url);
  await unlockOrSetUp(page);
  await importWallet(page, 'Old', trader.secret);
  first = await trader.deposit(USDC, usdc(10_000));
  await trader.createSession();
  await trader.order({ accountId: first, marketId: 0, side: 'BID', size: 1000n });
  // 0.5 ETH short, closed from the positions table before the drill
  await trader.order({ accountId: first, marketId: 1, side: 'ASK', size: 500n });
  await trader.order({ accountId: first, marketId: 0, side: 'BID', size: 1000n, limitPrice: 1_000_0n });
  // USDC on the chain too: it is what opens the new wallet's exchange account
  await devnetFaucet(trader.rpcUrl, trader.address, USDC, usdc(100));
});

test('a position is closed from its row of the positions table, its close reviewed first', async () => {
  await page.getByRole('link', { name: 'Portfolio', exact: true }).click();
  const positions = page.getByRole('table', { name: 'Positions', exact: true });
  await expect(positions).toContainText('ETH-PERP');
  await positions.getByRole('button', { name: `Close the ETH-PERP position of account ${first}` }).click();
  await expect(dialog()).toContainText('Close a position');
  await expect(dialog()).toContainText('Buy 0.500 ETH, reduce-only, immediate or cancel');
  await expect(dialog()).toContainText('Estimated fill price');
  await expect(dialog()).toContainText('Estimated fee');
  await expect(dialog()).toContainText('Estimated realized PnL');
  await page.screenshot({ path: 'docs/screenshots/close-position-review.png' });
  await dialog().getByRole('button', { name: 'Close ETH-PERP short' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Position closed' })).toContainText(
    'The ETH-PERP short of 0.500 ETH was closed.',
  );
  await expect(positions).not.toContainText('ETH-PERP');
  expect((await trader.account(first)).positions.map((p) => p.marketId)).toEqual([0]);
});

test('leaked wallet-key drill: a new wallet from a new phrase, one review, one passphrase, everything moved', async () => {
  await page.goto(`${page.url().split('#')[0]}#/compromised-key`);
  await page.getByRole('link', { name: 'Run the leaked wallet-key drill' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'My wallet key or recovery phrase leaked' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('My wallet key or recovery phrase leaked · Perpetua');

  await page.getByRole('checkbox', { name: 'Old' }).check();
  // the new wallet, made here: the phrase shown once, three of its words typed back
  await page.getByRole('button', { name: 'Create a new wallet' }).click();
  await dialog().getByLabel('Wallet name').fill('Safe');
  // its words are shown only with the passphrase
  await dialog().getByLabel('Confirm with your passphrase').fill(PASSPHRASE);
  await dialog().getByRole('button', { name: 'Create wallet' }).click();
  const listed = dialog().getByTestId('new-phrase').getByRole('listitem');
  await expect(listed).toHaveCount(24);
  const words = (await listed.allInnerTexts()).map((t) => t.replace(/^\s*\d+\.\s*/, '').trim());
  await dialog().getByRole('button', { name: 'I wrote it down' }).click();
  const asked = dialog().getByLabel(/^Word \d+$/);
  for (const [i, label] of (await dialog().locator('label').allInnerTexts()).entries())
    await asked.nth(i).fill(words[Number(/^Word (\d+)$/.exec(label)![1]) - 1]!);
  await dialog().getByRole('button', { name: 'Check and store the wallet' }).click();
  await expect(dialog()).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Move everything to' })).toHaveValue('Safe');
  await page.getByRole('button', { name: 'Review what will happen' }).click();

  // the review: speed, the route in and its cost, the close estimate, every action in order
  await expect(page.getByText(/can still sign until the money has moved/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Safe has no exchange account yet/)).toContainText('network fee 0.000005 SOL');
  await expect(
    page.getByRole('checkbox', { name: `Close BTC-PERP on account #${first} (Old)` }),
  ).toBeChecked();
  await expect(page.getByText('Estimated fill price')).toBeVisible();
  await expect(page.getByText('Estimated realized PnL')).toBeVisible();
  const actions = page.getByRole('table', { name: 'Everything this drill signs' });
  await expect(actions).toContainText('Cancel order');
  await expect(actions).toContainText(`Close the BTC-PERP long on account ${first}`);
  await expect(actions).toContainText('credited to Safe: this opens Safe’s exchange account');
  await expect(actions).toContainText('Mark Old compromised');
  await page.screenshot({ path: 'docs/screenshots/drill-wallet-key-review.png', fullPage: true });
  await passesAxe('the leaked wallet-key drill’s review');

  await page.getByLabel('Confirm with your passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Move everything to Safe' }).click();
  const finished = page.getByRole('status').filter({ hasText: 'Finished' });
  await expect(finished).toContainText('Moved the money of Old to Safe', { timeout: 60_000 });
  await expect(finished).toContainText('Old is marked compromised: never use it again.');
  await expect(page.getByRole('table', { name: 'Steps' })).not.toContainText('Failed');
  await page.screenshot({ path: 'docs/screenshots/drill-wallet-key-done.png', fullPage: true });

  // the exchange's own word: Old's account empty, its position closed
  const old = await trader.account(first);
  expect(old.positions).toEqual([]);
  expect(old.balances.find((b) => b.tokenId === USDC)?.amount ?? 0n).toBe(0n);

  // Old's address is flagged where it is shown
  await page.getByRole('link', { name: 'Accounts', exact: true }).click();
  const oldCard = page.getByRole('region', { name: 'Old' });
  await expect(oldCard.getByText('Compromised: key leaked')).toBeVisible();
  await page.getByRole('link', { name: 'Portfolio', exact: true }).click();
  const onChain = page.getByRole('region', { name: 'Wallets on chain' });
  await expect(onChain.getByText('Compromised: key leaked')).toHaveCount(1);
});

test('a leaked wallet-key drill the app was stopped in shows where it stopped, and finishing it does the rest once', async ({
  app,
}) => {
  // the record a crash leaves: the drill above, stopped with its transfer on its way (that transfer did go
  // through: the money is in Safe's account already)
  const found = readdirSync(app.dataDir, { recursive: true }).find((f) =>
    String(f).endsWith('drill-runs.json'),
  );
  const file = join(app.dataDir, String(found));
  const onDisk = JSON.parse(readFileSync(file, 'utf8')) as {
    runs: { kind: string; wallets: string[]; walletKey: unknown }[];
  };
  const done = onDisk.runs.find((r) => r.kind === 'walletKey')!;
  const runId = randomUUID();
  const startedAt = Date.now();
  const move = `Transfer 9,000.00 USDC from account ${first} to account 99 of Safe`;
  onDisk.runs.push({
    ...done,
    runId,
    status: 'running',
    startedAt,
    steps: [
      {
        key: `order:${first}:1`,
        label: `Cancel order 1 on account ${first}`,
        status: 'done',
        detail: null,
        actionId: '7',
        transfer: null,
        startedAt,
      },
      {
        key: `move:${first}:${USDC}`,
        label: move,
        status: 'running',
        detail: null,
        actionId: null,
        transfer: null,
        startedAt,
      },
    ],
    summary: null,
    interrupted: false,
    dismissed: false,
  } as never);
  writeFileSync(file, JSON.stringify(onDisk));

  await page.goto(`${page.url().split('#')[0]}#/wallet-key`);
  const record = page.getByRole('region', { name: 'Interrupted Leaked wallet-key drill' });
  await expect(record.getByRole('status')).toContainText(`Interrupted at “${move}”: 1 of 2 steps done.`);
  await record.getByLabel('Confirm with your passphrase').fill(PASSPHRASE);
  await record.getByRole('button', { name: 'Finish the drill' }).click();
  const finished = page.getByRole('status').filter({ hasText: 'Finished' });
  await expect(finished).toContainText('Moved the money of Old to Safe', { timeout: 60_000 });
  const steps = page.getByRole('table', { name: 'Steps' });
  // the cancel done before the stop is not done again; the transfer finds nothing left to move
  await expect(steps.getByRole('row').filter({ hasText: move })).toContainText(
    'Nothing of it was left when the drill was finished',
  );
  await expect(steps).not.toContainText('Failed');
  await expect(record).toHaveCount(0);
});
