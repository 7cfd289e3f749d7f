// Figures a person can trust at a glance (issue 17 items 2, 3, 4 and 7): the home screen at both supported
// window sizes with the risk columns in view and no figure cut off, one number format everywhere (separators,
// the true minus sign, units), the All activity feed following the exchange live, and every kind of history
// exported at once.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { importWallet } from './support/steps';

test.use({ setup: { spec: 'figures' } });
test.describe.configure({ mode: 'serial' });

const BTC = 0;
const USDC = 0;
/** a 6.5x long: far enough from liquidation to stay open, close enough to have a liquidation price */
const DEPOSIT = 1_000_000_000n; // 1,000 USDC
const SIZE = 1_000n; // 0.1 BTC

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });

/**
 * What is cut off inside `root`: figure cells, badges and headers whose text is wider than their box, and
 * tables wider than the page's main area. Empty when every figure shows whole.
 */
async function cutOff(root: Locator): Promise<string[]> {
  // the node project has no DOM types: the little of them used in the page, by shape
  interface Box {
    scrollWidth: number;
    clientWidth: number;
    textContent: string | null;
    getAttribute(name: string): string | null;
    getBoundingClientRect(): { right: number };
  }
  interface Root {
    querySelectorAll(selector: string): Iterable<Box>;
    ownerDocument: { getElementById(id: string): Box };
  }
  return root.evaluate((el: Root) => {
    const main = el.ownerDocument.getElementById('main').getBoundingClientRect();
    const cut: string[] = [];
    const boxes = el.querySelectorAll(
      '[data-figure], .mantine-Badge-label, [role="columnheader"], th, [data-layout]',
    );
    for (const box of boxes)
      if (box.scrollWidth > box.clientWidth + 1) cut.push(`cut: ${box.textContent ?? ''}`);
    for (const table of el.querySelectorAll('table, [role="table"]')) {
      const r = table.getBoundingClientRect();
      if (r.right > main.right + 1)
        cut.push(`wider than the page: ${table.getAttribute('aria-label')} ${r.right} > ${main.right}`);
    }
    return cut;
  });
}

/** The column header is wholly on screen once scrolled to (not behind a horizontal scrollbar). */
async function inView(header: Locator): Promise<void> {
  await header.scrollIntoViewIfNeeded();
  await expect(header).toBeInViewport({ ratio: 1 });
}

let account: number;

test('home screen at 1280x800 and 1024x700: risk columns in view, no figure cut off', async ({
  trader,
  unlockedPage: page,
}) => {
  await importWallet(page, 'Trader', trader.secret);
  account = await trader.deposit(USDC, DEPOSIT);
  await trader.createSession();
  await trader.order({ accountId: account, marketId: BTC, side: 'BID', size: SIZE });

  for (const [width, height] of [
    [1280, 800],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.getByRole('link', { name: 'Portfolio', exact: true }).click();
    const main = page.locator('#main');
    const accounts = page.getByRole('table', { name: 'Accounts' });
    const positions = page.getByRole('table', { name: 'Positions', exact: true });
    await expect(positions.getByRole('row').nth(1)).toContainText('BTC-PERP');
    await expect(positions.getByRole('row').nth(1)).toContainText('Long 0.1000 BTC');
    // the layout has settled on this width (tables fold below 900 px of their own width)
    await expect(page.locator('[data-layout]').first()).toHaveAttribute(
      'data-layout',
      width === 1024 ? 'narrow' : 'wide',
    );

    await shot(page, `home-${width}`);
    // risk first: health, the liquidation price and its distance are on screen whole
    await inView(accounts.getByRole('columnheader', { name: 'Margin health' }));
    await inView(positions.getByRole('columnheader', { name: /^Liquidation price/ }));
    // the distance to it says what is below what (folded under the price in a narrow table)
    const distance = positions
      .getByRole('row')
      .nth(1)
      .getByLabel(/^Liquidation price [\d,.]+% below the mark price$/);
    await inView(distance);
    await expect(distance).toHaveText(/^Liquidation [\d,.]+% below mark$/);
    expect(await cutOff(main)).toEqual([]);

    // one format: separators and cents in the quote currency, the market's decimals and unit on sizes
    await expect(page.getByLabel('Total equity')).toHaveText(/^[\d,]+\.\d\d USDC$/);
    await expect(accounts.getByLabel(/^Margin health [\d,]+\.\d\d% · \w+/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Markets' }).getByRole('row').nth(1)).toContainText(
      /BTC-PERP\s*[\d,]+\.\d/,
    );
  }
});

test('the All activity feed shows every kind newest first and follows the exchange live', async ({
  trader,
  unlockedPage: page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const feed = page.getByRole('table', { name: 'All activity' });
  await expect(feed.getByRole('row').filter({ hasText: 'Deposit' })).toHaveCount(1);
  await expect(feed.getByRole('row').filter({ hasText: 'Position changed' }).first()).toBeVisible();
  // money in is signed and green; the first row is the newest
  await expect(feed.getByRole('row').filter({ hasText: 'Deposit' })).toContainText('+1,000.00 USDC');

  // a deposit made elsewhere shows without a reload, at the top
  await trader.deposit(USDC, 250_000_000n);
  const newest = feed.getByRole('row').nth(1);
  await expect(newest).toContainText('Deposit', { timeout: 20_000 });
  await expect(newest).toContainText('+250.00 USDC');
  await expect(feed.getByRole('row').filter({ hasText: 'Deposit' })).toHaveCount(2);
  expect(await cutOff(page.getByRole('region', { name: 'All activity' }))).toEqual([]);
  await page.getByRole('region', { name: 'All activity' }).scrollIntoViewIfNeeded();
  await page
    .getByRole('region', { name: 'All activity' })
    .screenshot({ path: 'docs/screenshots/all-activity.png' });

  // every kind at once, in one file
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all kinds as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('perpetua-all-accounts-all-kinds.csv');
  const lines = readFileSync((await file.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('time,account,kind,what,details,amount,token');
  const kinds = new Set(lines.slice(1).map((l) => l.split(',')[2]));
  expect([...kinds]).toEqual(expect.arrayContaining(['deposit', 'position', 'pnl']));
  // plain decimals a spreadsheet reads, newest first
  expect(lines[1]).toMatch(new RegExp(`^\\d{4}-[\\d-]+T[\\d:.]+Z,${account},deposit,Deposit,.*,250,USDC$`));
});

test('history opens on All activity, counts each kind, and its headers fit at 1024x700', async ({
  unlockedPage: page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByRole('link', { name: 'History', exact: true }).click();
  const tabs = page.getByRole('tablist', { name: 'History kinds' });
  await expect(tabs.getByRole('tab', { name: 'All activity' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'All activity' }).getByRole('row').nth(1)).toContainText(
    'Deposit',
  );
  await expect(tabs.getByRole('tab', { name: /^Deposits ?2$/ })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: /^Liquidations ?0$/ })).toBeVisible();
  expect(await cutOff(page.locator('#main'))).toEqual([]);
  // the session notices of the first test may still be up: close them for the picture
  for (const close of await page.getByRole('button', { name: 'Close notification' }).all())
    await close.click();
  await shot(page, 'history-all-activity');

  await tabs.getByRole('tab', { name: /^Positions ?\d/ }).click();
  const positions = page.getByRole('table', { name: 'Positions history' });
  await expect(positions.getByRole('row').nth(1)).toContainText('BTC-PERP');
  // sizes are signed with the true minus sign or a plus, with their unit
  await expect(positions.getByRole('row').nth(1)).toContainText('+0.1000 BTC');
  expect(await cutOff(page.locator('#main'))).toEqual([]);

  await tabs.getByRole('tab', { name: /^Deposits ?\d/ }).click();
  const deposits = page.getByRole('table', { name: 'Deposits history' });
  await expect(deposits.getByRole('cell', { name: '+1,000.00 USDC', exact: true })).toBeVisible();
});
