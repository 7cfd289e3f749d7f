// Every figure whole at the smallest supported window (issue 29, item 4): with the demo data, every page and
// dialog at 1024x700 and 1280x800, light and dark. On each, no table cell, badge, button or heading is cut
// off (its text wider than its box) and no button sits behind a horizontal scroll; axe finds nothing serious
// or critical in either theme. One browser context per size and theme keeps the walk short.
import type { Browser, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import type { RunningApp } from './support/app';
import { chooseNetwork, PASSPHRASE, unlockOrSetUp } from './support/steps';

test.describe.configure({ timeout: 120_000 });
test.use({ setup: { spec: 'walk', reducedMotion: true } });

interface Screen {
  name: string;
  /** from the Portfolio page, what brings the screen up, ending when it shows its data */
  open(page: Page): Promise<void>;
  /** a picture of it at 1024x700 in the light theme is kept in docs/screenshots/walk-<name>-1024.png */
  keep?: boolean;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const go = async (page: Page, hash: string, title: string | RegExp) => {
  await page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
  await expect(heading(page, title)).toBeVisible();
};
/** no loader left: the figures a person sees, not a spinner */
const settled = (page: Page) =>
  expect(
    page.locator('main .mantine-Loader-root, main [aria-busy="true"], main .mantine-Skeleton-root'),
  ).toHaveCount(0);

const SCREENS: Screen[] = [
  {
    name: 'portfolio',
    keep: true,
    open: async (page) => {
      await go(page, '/portfolio', 'Portfolio');
      await expect(
        page.getByRole('table', { name: 'Positions', exact: true }).getByRole('row').nth(1),
      ).toBeVisible();
    },
  },
  {
    name: 'account',
    keep: true,
    open: async (page) => {
      await go(page, '/portfolio', 'Portfolio');
      await page
        .getByRole('table', { name: 'Accounts' })
        .getByRole('link', { name: /^Open account Demo Alice/ })
        .first()
        .click();
      await expect(heading(page, /^Account #\d+$/)).toBeVisible();
    },
  },
  {
    name: 'accounts',
    keep: true,
    open: async (page) => {
      await go(page, '/accounts', 'Wallets and accounts');
      await expect(page.getByRole('heading', { name: 'Demo Alice' })).toBeVisible();
    },
  },
  {
    name: 'create-wallet',
    open: async (page) => {
      await go(page, '/accounts', 'Wallets and accounts');
      await page.getByRole('button', { name: 'Create wallet' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'import-wallet',
    open: async (page) => {
      await go(page, '/accounts', 'Wallets and accounts');
      await page.getByRole('button', { name: 'Import wallet' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'export-wallet',
    open: async (page) => {
      await go(page, '/accounts', 'Wallets and accounts');
      await page.getByRole('button', { name: 'Export', exact: true }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'deposit',
    open: async (page) => {
      await go(page, '/transfers/deposit', 'Move funds');
      // the account picker open: its choices read whole too
      await page.getByRole('combobox', { name: 'Into account' }).click();
      await expect(page.getByRole('option').first()).toBeVisible();
    },
  },
  { name: 'withdraw', open: (page) => go(page, '/transfers/withdraw', 'Move funds') },
  {
    name: 'transfer-review',
    open: async (page) => {
      await go(page, '/transfers/transfer', 'Move funds');
      await page.getByLabel(/^Amount/).fill('1');
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await expect(page.getByRole('dialog').getByRole('table', { name: 'Action summary' })).toBeVisible();
    },
  },
  {
    name: 'vaults',
    keep: true,
    open: async (page) => {
      await go(page, '/vaults', 'Vaults');
      await expect(
        page.getByRole('table', { name: 'My vault shares' }).getByRole('row').nth(1),
      ).toBeVisible();
    },
  },
  {
    name: 'sessions',
    open: async (page) => {
      await go(page, '/sessions', 'Sessions');
      await expect(page.getByRole('table', { name: 'Sessions' }).getByRole('row').nth(1)).toBeVisible();
    },
  },
  {
    name: 'history',
    keep: true,
    open: async (page) => {
      await go(page, '/history', 'History');
      await expect(page.getByRole('table', { name: 'All activity' }).getByRole('row').nth(1)).toBeVisible();
    },
  },
  {
    name: 'withdrawals',
    open: async (page) => {
      await go(page, '/history', 'History');
      await page.getByRole('tab', { name: /^Withdrawals/ }).click();
      const table = page.getByRole('table', { name: 'Withdrawals history' });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      // newest first, with the fee and where the money went kept at every width
      for (const name of ['Fee', 'Destination'])
        await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible();
      await expect(page.getByText(/, newest first/)).toBeVisible();
    },
  },
  { name: 'settings', open: (page) => go(page, '/settings', 'Settings') },
  { name: 'compromised-key', open: (page) => go(page, '/compromised-key', 'Compromised-key drill') },
  { name: 'wallet-key', open: (page) => go(page, '/wallet-key', /key/i) },
  { name: 'sweep', open: (page) => go(page, '/sweep', 'Sweep accounts') },
];

/**
 * What is cut off or out of reach on the page now, one line each: a cell, badge, button, heading or menu
 * option whose text is wider than its box, or that lies (wholly or partly) past the side of a box that
 * scrolls or clips sideways, or past the window's right edge. The page may scroll down, never sideways.
 * Run in the page as text (the e2e project has no DOM types).
 */
const PROBLEMS = `(() => {
  const found = [];
  const text = (el) => (el.textContent ?? '').replace(/\\s+/g, ' ').trim().slice(0, 60);
  const boxes = document.querySelectorAll(
    'td, th, [role="cell"], [role="columnheader"], [data-figure], .mantine-Badge-root, .mantine-Badge-label, ' +
      'button, a.mantine-Button-root, .mantine-Button-label, h1, h2, h3, h4, [role="option"]',
  );
  for (const el of boxes) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    const what = '"' + text(el) + '" (' + el.tagName.toLowerCase() + ')';
    if (el.scrollWidth > el.clientWidth + 1) found.push('cut: ' + what);
    if (r.right > document.documentElement.clientWidth + 1) found.push('past the window: ' + what);
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      const b = box.getBoundingClientRect();
      if (r.right > b.right + 1 || r.left < b.left - 1) {
        found.push('behind a sideways scroll: ' + what);
        break;
      }
    }
  }
  return [...new Set(found)];
})()`;

const problems = (page: Page) => page.evaluate(PROBLEMS) as Promise<string[]>;

async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`));
}

let app: RunningApp;

test.beforeAll(async ({ app: started, appPage: page }) => {
  app = started;
  await page.goto(app.url);
  await expect(heading(page, 'Welcome to Perpetua')).toBeVisible();
  await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await page.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Set passphrase' }).click();
  await expect(heading(page, 'Choose a network')).toBeVisible();
  await chooseNetwork(page, 'Embedded devnet with demo data');
  await expect(page.getByRole('table', { name: 'Accounts' })).toContainText('Demo Carol', {
    timeout: 30_000,
  });
});

/**
 * Run in the page before it loads: every text the Total equity figure shows, in order, from the first frame
 * (a figure drawn for a moment and replaced would not be seen by reading it afterwards).
 */
const RECORD_TOTALS = `
  window.totalsSeen = [];
  new MutationObserver(() => {
    const total = document.querySelector('[aria-label="Total equity"]');
    const text = total ? total.textContent : null;
    const seen = window.totalsSeen;
    if (text && seen[seen.length - 1] !== text) seen.push(text);
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

/** "64,897.32 USDC" as hundredths */
const cents = (text: string) =>
  BigInt(/^([\d,]+)\.(\d\d) USDC$/.exec(text)!.slice(1).join('').replace(/,/g, ''));

test('after unlock the first Total equity drawn is the whole one, vault shares included', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const page = await context.newPage();
  await page.addInitScript(RECORD_TOTALS);
  await page.goto(app.url);
  await unlockOrSetUp(page);
  const total = page.getByLabel('Total equity');
  await expect(total).toHaveText(/USDC$/);
  // the vault shares are read and their value is part of what is drawn
  await expect(page.getByText(/^vaults [\d,]+\.\d\d USDC$/)).toBeVisible();
  await page.waitForTimeout(1_500);
  const seen = (await page.evaluate('window.totalsSeen')) as string[];
  await context.close();
  const figures = seen.filter((t) => t.endsWith('USDC'));
  // before the first figure only words saying the total is being read; never a smaller number first
  const before = seen.slice(0, seen.indexOf(figures[0]!));
  expect(before.filter((t) => t !== 'Reading vault shares…')).toEqual([]);
  const [first, last] = [cents(figures[0]!), cents(figures[figures.length - 1]!)];
  // the demo's prices move a little meanwhile; the vault shares alone are 8% of it
  const drift = first > last ? first - last : last - first;
  expect(drift * 200n, `first drawn ${figures[0]}, then ${figures.join(' → ')}`).toBeLessThan(last);
});

async function walk(browser: Browser, width: number, height: number, scheme: 'light' | 'dark') {
  const context = await browser.newContext({
    viewport: { width, height },
    colorScheme: scheme,
    reducedMotion: 'reduce',
  });
  // a screen that does not open is one finding, not the whole walk's time
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await page.goto(app.url);
  await unlockOrSetUp(page);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  const axe = width === 1024;
  const seen: Record<string, string[]> = {};
  try {
    for (const screen of SCREENS) {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      try {
        await screen.open(page);
        await settled(page);
      } catch (e) {
        seen[screen.name] = [`did not open: ${String(e).slice(0, 200)}`];
        continue;
      }
      const found = await problems(page);
      if (axe) found.push(...(await axeFindings(page)));
      if (found.length) seen[screen.name] = found;
      if (screen.keep && width === 1024 && scheme === 'light')
        await page.screenshot({ path: `docs/screenshots/walk-${screen.name}-1024.png`, fullPage: true });
    }
  } finally {
    await context.close();
  }
  expect(seen, `${width}x${height}, ${scheme} theme`).toEqual({});
}

for (const [width, height] of [
  [1024, 700],
  [1280, 800],
] as const)
  for (const scheme of ['light', 'dark'] as const)
    test(`at ${width}x${height} in the ${scheme} theme every page and dialog shows each figure whole${width === 1024 ? ' and passes axe' : ''}`, async ({
      browser,
    }) => {
      await walk(browser, width, height, scheme);
    });
