// Columns that do not jump: the home screen's live tables keep every column's width when their figures change
// under them (money moved out of an account from elsewhere, a price that loses a digit), at 1280x800 and at
// 1024x700, in Chromium against the browser host and its embedded devnet.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RunningApp } from './support/app';
import { importWallet, unlockOrSetUp } from './support/steps';
import { Trader } from './support/trader';

test.describe.configure({ mode: 'serial' });
test.use({ setup: { spec: 'column-widths', viewport: { width: 1280, height: 800 } } });

const BTC = 0;
let app: RunningApp;
let page: Page;
let trader: Trader;
let other: Trader;
let account = 0;
let elsewhere = 0;

/** every column's width, from its header cell, in CSS pixels */
const widths = (table: Locator) =>
  table
    .locator(':scope > thead > tr > th')
    .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().width));

test.beforeAll(async ({ app: started, appPage, trader: own }) => {
  [app, page, trader] = [started, appPage, own];
  other = new Trader(app.exchangeUrl, 'column-widths-other', app.solanaRpcUrl);
  await page.goto(app.url);
  await unlockOrSetUp(page);
  await importWallet(page, 'Main', trader.secret);
  account = await trader.deposit(0, 10_500_000_000n); // 10,500 USDC
  elsewhere = await other.deposit(0, 1_000_000n);
  await trader.createSession();
});

for (const size of [
  { width: 1280, height: 800, price: 90_000n, left: 500_000_000n, shown: '500.00 USDC' },
  { width: 1024, height: 700, price: 9_000n, left: 50_000_000n, shown: '50.00 USDC' },
]) {
  test(`at ${size.width}x${size.height} the accounts and markets columns keep their widths as figures change`, async () => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.getByRole('link', { name: 'Portfolio', exact: true }).click();
    const accounts = page.getByRole('table', { name: 'Accounts' });
    const markets = page.getByRole('table', { name: 'Markets' });
    const mine = accounts.getByRole('row').filter({ hasText: `#${account}` });
    const btc = markets.getByRole('row').filter({ hasText: 'BTC-PERP' });
    await expect(mine).toBeVisible();
    await expect(btc).toBeVisible();
    const before = { accounts: await widths(accounts), markets: await widths(markets) };
    const equity = (await mine.getByRole('cell').nth(2).innerText()).trim();
    const mark = (await btc.getByRole('cell').nth(1).innerText()).trim();

    // from elsewhere: most of the account's money goes to someone else's account, and BTC loses a digit
    const held = (await trader.account(account)).balances.find((b) => b.tokenId === 0)!.amount;
    await trader.transfer({
      fromAccountId: account,
      toAccountId: elsewhere,
      tokenId: 0,
      amount: held - size.left,
    });
    await trader.setIndexPrice(BTC, size.price);
    await expect(mine.getByRole('cell').nth(2)).toHaveText(size.shown);
    await expect(btc.getByRole('cell').nth(1)).not.toHaveText(mark);
    // the figures are shorter now: a table laid out by its content would have narrowed those columns
    expect(size.shown.length).toBeLessThan(equity.length);
    expect((await btc.getByRole('cell').nth(1).innerText()).trim().length).toBeLessThan(mark.length);

    expect(await widths(accounts)).toEqual(before.accounts);
    expect(await widths(markets)).toEqual(before.markets);
    // and nothing is cut off: every figure fits its cell
    const feed = page.getByRole('table', { name: 'All activity' });
    for (const table of [accounts, markets, feed]) {
      const cut = await table
        .locator('[data-figure]')
        .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).length);
      expect(cut).toBe(0);
    }
    if (size.width === 1024) await page.screenshot({ path: 'docs/screenshots/steady-columns-1024.png' });
  });
}
