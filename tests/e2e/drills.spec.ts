// The two drills in Chromium against the browser host and its embedded devnet. The compromised-key drill:
// "another device" (the Trader, holding the wallet's key and signing on the exchange directly) makes a
// session and places open orders and a trigger with it; the app's notice about that session leads to the
// Sessions page and its drill, and the exchange's own API then shows the foreign session revoked, the orders cancelled and the
// trigger removed, while the app shows the audit entries. The sweep: three accounts into a fourth, the 2nd
// transfer refused because another device's order took its margin after the review; the summary and the
// audit entries say what moved, and reviewing again moves only what is left. And a sweep the app was stopped
// in: its record, as a crash leaves it on disk (the crash and restart themselves are driven against a real
// devnet in tests/integration/sweep-crash.test.ts), is settled and shown on the page until dismissed.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { importWallet, unlockOrSetUp } from './support/steps';
import type { Trader } from './support/trader';

test.describe.configure({ mode: 'serial' });
test.use({ setup: { spec: 'drills', viewport: { width: 1280, height: 900 } } });

const USDC = 0;
const usdc = (n: number) => BigInt(n) * 1_000_000n;
/** BTC-PERP (prices in tenths, sizes in ten-thousandths): a bid far below the market rests unfilled */
const restingBid = (accountId: number) => ({
  accountId,
  marketId: 0,
  side: 'BID' as const,
  size: 1_0000n,
  limitPrice: 1_000_0n,
});
let page: Page;
let trader: Trader;
let first = 0;
/** the page as the user guide shows it: without the notices that happen to be up */
async function shot(name: string): Promise<void> {
  for (const close of await page.getByRole('button', { name: 'Close notification' }).all())
    await close.click().catch(() => {});
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
}
/** axe on what the page shows now, dark then light (as it was): no serious or critical violation */
async function passesAxe(screen: string): Promise<void> {
  for (const scheme of ['dark', 'light'] as const) {
    await page.getByRole('button', { name: `Switch to ${scheme} theme` }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${screen}, ${scheme} theme`,
    ).toEqual([]);
  }
}
const balance = async (accountId: number) =>
  (await trader.account(accountId)).balances.find((b) => b.tokenId === USDC)?.amount ?? 0n;

test.beforeAll(async ({ app, appPage, trader: own }) => {
  [page, trader] = [appPage, own];
  await page.goto(app.url);
  await unlockOrSetUp(page);
  await importWallet(page, 'Main', trader.secret);
  first = await trader.deposit(USDC, usdc(10_000));
});

test('compromised-key drill: from the notice about an unknown session to nothing left that it could sign', async () => {
  // another device: a session of its own, two resting orders and a stop-loss
  await trader.createSession();
  const foreign = trader.sessionId!.toString();
  await trader.order(restingBid(first));
  await trader.order(restingBid(first));
  await trader.trigger({
    accountId: first,
    marketId: 0,
    kind: 'STOP_LOSS',
    side: 'ASK',
    triggerPrice: 2_000_0n,
  });

  // the app notices the session on whatever page is open; the Sessions page lists it, and offers the drill
  const notice = page.getByRole('region', { name: 'Sessions not made on this device' });
  // made between two reads of the wallet, or already there at the first one the watch made of it
  await expect(notice).toContainText(new RegExp(`Session #${foreign} was (made|found)`));
  await notice.getByRole('link', { name: 'Review it on the Sessions page' }).click();
  await page
    .getByRole('link', { name: 'Compromised-key drill: revoke everything and cancel orders' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compromised-key drill' })).toBeVisible();
  await expect(page).toHaveTitle('Compromised-key drill · Perpetua');

  // the wallet with the unknown session is chosen already
  await expect(
    page.getByRole('checkbox', { name: 'Main — has a session not made on this device' }),
  ).toBeChecked();
  await page.getByRole('button', { name: 'Review what will happen' }).click();
  const orders = page.getByRole('table', { name: 'Open orders and triggers of Main' });
  await expect(orders).toContainText(`#${first}`);
  await expect(orders).toContainText(
    'Buy 1.0000 BTC on BTC-PERP at 1,000.0 USDC; Buy 1.0000 BTC on BTC-PERP at 1,000.0 USDC',
  );
  await expect(orders).toContainText('Stop-loss BTC-PERP at 2,000.0 USDC');
  await expect(
    page.getByText(`Revoke 1 session with the wallet key: #${foreign} (not made on this device).`),
  ).toBeVisible();
  await shot('drill-compromised-review');

  await page.getByRole('button', { name: 'Revoke sessions and cancel orders' }).click();
  const finished = page.getByRole('status').filter({ hasText: 'Finished' });
  await expect(finished).toContainText(
    'Revoked 1 session, removed 1 trigger and cancelled 2 orders. No session but the new one made here can sign for Main; the wallet key itself still can (it can make a new session or withdraw at any time). If the wallet key or its recovery phrase may have leaked, run the leaked wallet-key drill to move the money to a new wallet.',
    { timeout: 20_000 },
  );
  const steps = page.getByRole('table', { name: 'Steps' });
  await expect(steps.getByRole('row')).toHaveCount(1 + 6);
  await expect(steps).not.toContainText('Failed');
  const audit = page.getByRole('table', { name: 'Audit entries of this drill' });
  // each line names the wallet; the drill's own lines say it started and how it finished
  await expect(audit).toContainText(`Revoked session #${foreign} of Main`);
  await expect(audit).toContainText('Started the compromised-key drill for wallet Main');
  await expect(
    audit.getByRole('row').filter({
      hasText: `Cancelled the BTC-PERP buy order of 1.0000 BTC at 1,000.0 USDC on account ${first}`,
    }),
  ).toHaveCount(2);
  await expect(
    audit
      .getByRole('row')
      .filter({ hasText: `Removed the BTC-PERP stop-loss at 2,000.0 USDC of account ${first}` }),
  ).toHaveCount(1);
  await expect(
    audit.getByRole('row').filter({ hasText: 'Finished the compromised-key drill' }),
  ).toContainText('Finished the compromised-key drill for wallet Main');
  await expect(audit).not.toContainText('drillFinished');
  await shot('drill-compromised-done');
  await passesAxe('compromised-key drill, done');

  // the exchange's own API: the foreign session is gone and cannot sign, no order or trigger is left
  expect((await trader.sessions()).map((s) => s.sessionId)).not.toContain(foreign);
  expect((await trader.account(first)).openOrders).toEqual([]);
  expect(await trader.triggers(first)).toEqual([]);
  await expect(trader.order(restingBid(first))).rejects.toThrow(/refused placeOrder: SESSION/);
});

test('sweep: the 2nd of 3 transfers refused midway, the record says what moved, and a retry moves only the rest', async () => {
  // the other device again (a fresh session of its own), splitting the money over four accounts
  await trader.createSession();
  const second = await trader.transfer({ fromAccountId: first, tokenId: USDC, amount: usdc(1_000) });
  const third = await trader.transfer({ fromAccountId: first, tokenId: USDC, amount: usdc(500) });
  const target = await trader.transfer({ fromAccountId: first, tokenId: USDC, amount: usdc(1) });

  await page.getByRole('link', { name: 'Transfers', exact: true }).click();
  await page.getByRole('link', { name: 'Sweep several accounts into one' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sweep accounts' })).toBeVisible();
  for (const id of [first, second, third])
    await page.getByRole('checkbox', { name: new RegExp(`^Account #${id} · Main`) }).check();
  await page.getByRole('combobox', { name: 'Into' }).click();
  // the one account picker: the wallet, then the account
  await page.getByRole('option', { name: new RegExp(`^Main · .*#${target}\\)? —`) }).click();
  await page.getByRole('button', { name: 'Review sweep' }).click();
  const transfers = page.getByRole('table', { name: 'Transfers of this sweep' });
  await expect(transfers.getByRole('row')).toHaveCount(1 + 3);
  await expect(transfers.getByRole('row').filter({ hasText: `Account #${first}` })).toContainText(
    '8,499.00 USDC',
  );
  await expect(transfers.getByRole('row').filter({ hasText: `Account #${second}` })).toContainText(
    '1,000.00 USDC',
  );
  await expect(transfers.getByRole('row').filter({ hasText: `Account #${third}` })).toContainText(
    '500.00 USDC',
  );
  await expect(page.getByText(`In all: 9,999.00 USDC into account #${target}.`)).toBeVisible();
  await shot('sweep-review');

  // between the review and the signature, another device's order takes margin on the 2nd account
  await trader.order(restingBid(second));
  const before = await balance(target);
  await page.getByRole('button', { name: 'Sign 3 transfers' }).click();
  const summary = page.getByRole('status').filter({ hasText: 'Finished, not everything was done' });
  await expect(summary).toContainText(
    `Moved 2 transfers of 3 into account ${target}: 8,499.00 USDC from account ${first}, 500.00 USDC from account ${third}.`,
    { timeout: 20_000 },
  );
  await expect(summary).toContainText(`Not moved: 1,000.00 USDC from account ${second}`);
  const audit = page.getByRole('table', { name: 'Audit entries of this drill' });
  await expect(
    audit.getByRole('row').filter({ hasText: /Transferred [\d,]+\.\d\d USDC from account/ }),
  ).toHaveCount(2);
  await expect(
    audit.getByRole('row').filter({ hasText: `Not done: transfer 1,000.00 USDC from account ${second}` }),
  ).toHaveCount(1);
  await expect(audit).toContainText(`1,000.00 USDC from ${second} NOT moved`);
  await shot('sweep-summary');
  await passesAxe('sweep, summary');
  expect((await balance(target)) - before).toBe(usdc(8_999));

  // review again: only what the 2nd account can spare now; nothing that moved moves twice
  await page.getByRole('button', { name: 'Review again' }).click();
  await expect(transfers.getByRole('row')).toHaveCount(1 + 1);
  await expect(transfers).toContainText(`Account #${second}`);
  const kept = page.getByRole('table', { name: 'What stays' });
  await expect(kept.getByRole('row').filter({ hasText: `Account #${second}` })).toContainText(
    'Open positions and orders need it.',
  );
  await page.getByRole('button', { name: 'Sign 1 transfer' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Finished/ })).toContainText(
    'Moved 1 transfer of 1',
    {
      timeout: 20_000,
    },
  );
  const moved = (await balance(target)) - before;
  expect(moved).toBeGreaterThan(usdc(8_999));
  expect(moved).toBeLessThan(usdc(9_999));
  expect(await balance(first)).toBe(0n);
  expect(await balance(third)).toBe(0n);
});

test('sweep: a sweep the app was stopped in shows its record, settled, until dismissed', async ({ app }) => {
  // the record a crash leaves: the 1st transfer done, the 2nd not started, the run still "running"
  // beside the exchange's nonces, in the folder of the network in use
  const found = readdirSync(app.dataDir, { recursive: true }).find((f) =>
    String(f).endsWith('drill-runs.json'),
  );
  const file = join(app.dataDir, String(found));
  const onDisk = JSON.parse(readFileSync(file, 'utf8')) as { runs: unknown[] };
  const runId = randomUUID();
  const startedAt = Date.now();
  const step = (from: number, amount: string, done: boolean) => ({
    key: `transfer:${from}:${USDC}`,
    label: `${Number(amount) / 1e6} USDC from account ${from} to account 4242`,
    status: done ? 'done' : 'pending',
    detail: null,
    actionId: done ? '77' : null,
    transfer: { fromAccountId: from, toAccountId: 4242, tokenId: USDC, amount },
    startedAt: done ? startedAt : null,
  });
  onDisk.runs.push({
    runId,
    kind: 'sweep',
    status: 'running',
    startedAt,
    wallets: [trader.address],
    steps: [step(first, '100000000', true), step(4243, '50000000', false)],
    summary: null,
    sweep: {
      targetAccountId: 4242,
      tokens: [{ tokenId: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6, mint: trader.address }],
      stepWallets: {
        [`transfer:${first}:${USDC}`]: trader.address,
        [`transfer:4243:${USDC}`]: trader.address,
      },
    },
    interrupted: false,
    dismissed: false,
  });
  writeFileSync(file, JSON.stringify(onDisk));

  await page.getByRole('link', { name: 'Transfers', exact: true }).click();
  await page.getByRole('link', { name: 'Sweep several accounts into one' }).click();
  const record = page.getByRole('region', { name: 'Interrupted Sweep' });
  await expect(record.getByRole('status')).toContainText(
    `Interrupted: 1 of 2 transfers moved into account 4242: 100.00 USDC from account ${first}. ` +
      'Not moved: 50.00 USDC from account 4243 (Not sent: the app stopped before it).',
  );
  await expect(record.getByRole('status')).toContainText('the app stopped during this drill');
  const steps = record.getByRole('table', { name: 'Steps' });
  await expect(steps.getByRole('row').nth(1)).toContainText('Done');
  await expect(steps.getByRole('row').nth(2)).toContainText('Skipped');
  // its one summary line in the audit log, written at settling
  await expect(record.getByRole('table', { name: 'Audit entries of this drill' })).toContainText(
    `Interrupted; Swept into account 4242: 100.00 USDC from ${first} moved, 50.00 USDC from 4243 NOT moved`,
  );
  await shot('sweep-interrupted');
  await passesAxe('sweep, interrupted record');

  // until dismissed, even after leaving the page; then gone
  await page.getByRole('link', { name: 'Transfers', exact: true }).click();
  await page.getByRole('link', { name: 'Sweep several accounts into one' }).click();
  await expect(record.getByRole('status')).toContainText('Interrupted: 1 of 2 transfers moved');
  await record.getByRole('button', { name: 'Dismiss this record' }).click();
  await expect(record).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Sweep accounts' })).toBeVisible();
  const after = JSON.parse(readFileSync(file, 'utf8')) as { runs: { runId: string; dismissed: boolean }[] };
  expect(after.runs.find((r) => r.runId === runId)?.dismissed).toBe(true);
});
