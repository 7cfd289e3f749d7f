// The portfolio, the account page and its history, the network choice and the theme, in Chromium against the
// browser host and its embedded devnet. The app's wallet gets a real position: the test imports a wallet
// from a secret it knows and trades with that same key directly on the devnet.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningApp } from './support/app';
import { chooseNetwork, importWallet, PASSPHRASE, walletStep } from './support/steps';
import { Trader } from './support/trader';

test.describe.configure({ mode: 'serial' });
test.use({ setup: { spec: 'accounts', viewport: { width: 1280, height: 900 } } });

const BTC = 0;
let app: RunningApp;
let page: Page;
let trader: Trader;
let account: number;
const shot = (name: string) => page.screenshot({ path: `docs/screenshots/${name}.png` });
const go = (name: string) => page.getByRole('link', { name, exact: true }).click();
/** Waits until the notifications on screen have closed themselves, so a screenshot shows the page. */
async function dismissNotifications(): Promise<void> {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 20_000 });
}

/** "65,012.3" as the market shows it → scaled integer with that many decimals */
function scaled(text: string, decimals: number): bigint {
  const [whole, fraction = ''] = text.replace(/,/g, '').trim().split('.');
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** Moves the BTC price between the mark and the liquidation price until health is inside [low, high]. */
async function moveHealthInto(low: number, high: number): Promise<number> {
  const start = (await trader.account(account)).positions[0]!;
  let above = BigInt(start.markPrice);
  let below = BigInt(start.liquidationPrice!);
  for (let i = 0; i < 40; i += 1) {
    const price = (above + below) / 2n;
    await trader.setIndexPrice(BTC, price);
    const health = (await trader.account(account)).margin.healthBps!;
    if (health >= low && health <= high) return health;
    if (health > high) above = price;
    else below = price;
  }
  throw new Error('could not bring the health into range');
}

test.beforeAll(({ app: started, appPage, trader: own }) => {
  [app, page, trader] = [started, appPage, own];
});

test('first run: a custom address that is not an exchange is refused in plain words, then the devnet is chosen', async () => {
  await page.goto(app.url);
  await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await page.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Set passphrase' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a network' })).toBeVisible();

  await chooseNetwork(page, 'Custom exchange', 'exchange.example.com');
  await expect(page.getByRole('alert')).toContainText('That is not a web address.');
  await chooseNetwork(page, 'Custom exchange', 'http://127.0.0.1:1');
  await expect(page.getByRole('alert')).toContainText('Nothing answered at http://127.0.0.1:1.');
  // a web page that is not an exchange: the app host itself answers, but has no market list
  await chooseNetwork(page, 'Custom exchange', new URL(app.url).origin);
  await expect(page.getByRole('alert')).toContainText('does not look like an exchange');
  await shot('network-choice-error');
  // nothing was saved: still the first-run screen
  await expect(page.getByRole('heading', { name: 'Choose a network' })).toBeVisible();
  expect(() => readFileSync(join(app.dataDir, 'app', 'settings.json'), 'utf8')).toThrow();

  await chooseNetwork(page, 'Embedded devnet');
  // no wallet yet: the first-wallet step, left for later here (the trader's wallet is imported below)
  await expect(walletStep(page)).toBeVisible();
  await page.getByRole('button', { name: 'Later', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Portfolio' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a wallet' })).toBeVisible();
  // "Later" holds for the session: a reload does not ask again
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Portfolio' })).toBeVisible();
  await expect(walletStep(page)).toHaveCount(0);
  const saved = JSON.parse(readFileSync(join(app.dataDir, 'app', 'settings.json'), 'utf8')) as unknown;
  expect(saved).toMatchObject({ network: { kind: 'embedded-devnet' } });
});

test('portfolio: a position shows its margin health colour and distance to liquidation, live', async () => {
  await importWallet(page, 'Trader', trader.secret);

  account = await trader.deposit(0, 1_000_000_000n); // 1,000 USDC
  await go('Portfolio');
  const accounts = page.getByRole('table', { name: 'Accounts' });
  await expect(accounts).toContainText('1,000.00 USDC');
  await expect(page.getByText('No open positions.')).toBeVisible();

  // about 6.5x leverage: 0.1 BTC against 1,000 USDC; the account stream brings it to the open page
  await trader.createSession();
  await trader.order({ accountId: account, marketId: BTC, side: 'BID', size: 1_000n });
  // and a resting bid far below the market, for the account page's open orders
  await trader.order({ accountId: account, marketId: BTC, side: 'BID', size: 10n, limitPrice: 100_000n });
  const positions = page.getByRole('table', { name: 'Positions' });
  const row = positions.getByRole('row').filter({ hasText: 'BTC-PERP' });
  await expect(row).toContainText('Long 0.1');
  const health = accounts
    .getByRole('row')
    .filter({ hasText: `#${account}` })
    .getByLabel(/^Margin health/);
  await expect(health).toHaveAttribute('data-level', 'safe');
  await expect(health).toHaveText(/^(over )?\d[\d,]*(\.\d+)?% · healthy$/);
  // what the figure is, on hover (the exact figure too, when the badge shows it capped), and gone after
  await health.hover();
  await expect(page.getByRole('tooltip')).toContainText(
    /^Equity as a share of the maintenance margin( \(now [\d,.]+%\))?; at 100% the account is liquidated$/,
  );
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // the distance badge agrees with the mark and liquidation price shown beside it (retried: prices move)
  const distance = row.getByLabel(/^Liquidation /);
  // the columns by their headers: risk first, and in this width the entry folded under the mark
  const column = async (name: RegExp) => {
    const headers = await positions.getByRole('columnheader').allTextContents();
    return row.getByRole('cell').nth(headers.findIndex((h) => name.test(h)));
  };
  const firstFigure = async (cell: ReturnType<typeof row.getByRole>) =>
    /[\d,]+\.\d+/.exec((await cell.textContent())!)![0];
  await expect(async () => {
    const mark = scaled(await firstFigure(await column(/^Mark/)), 1);
    const liquidation = scaled(await firstFigure(await column(/^Liquidation price/)), 1);
    const bps = ((mark - liquidation) * 10_000n) / mark;
    const text = `${bps / 100n}.${(bps % 100n).toString().padStart(2, '0')}`;
    expect(await distance.textContent()).toBe(`Liquidation ${text}% below mark`);
    expect(await distance.getAttribute('data-level')).toBe(bps >= 2_000n ? 'safe' : 'warning');
  }).toPass();
  await shot('portfolio-position');

  // the price falls: health drops into the watch band and the badge turns yellow without a reload
  const openingMark = BigInt((await trader.account(account)).positions[0]!.markPrice);
  const moved = await moveHealthInto(14_500, 17_500);
  expect(moved).toBeLessThan(20_000);
  await expect(health).toHaveAttribute('data-level', 'warning', { timeout: 20_000 });
  await expect(health).toContainText('watch');
  await expect(row.getByLabel(/^Liquidation /)).toHaveAttribute('data-level', 'danger');
  await shot('portfolio-health-warning');
  // back where it was, so the random walk cannot drift the account into liquidation while the tests go on
  await trader.setIndexPrice(BTC, openingMark);
  await expect(health).toHaveAttribute('data-level', 'safe', { timeout: 20_000 });
});

test('account page: margin, balances, positions, open orders, triggers and a tab for every history kind', async () => {
  await page.getByRole('link', { name: new RegExp(`^Open account .* #${account}$`) }).click();
  await expect(page.getByRole('heading', { name: `Account #${account}`, exact: true })).toBeVisible();
  expect(page.url()).toContain(`#/account/${account}`);
  await expect(page.getByLabel('Equity', { exact: true })).toContainText('USDC');
  await expect(page.getByLabel('Maintenance margin', { exact: true })).toContainText('USDC');
  await expect(page.getByRole('table', { name: 'Positions', exact: true })).toContainText('BTC-PERP');
  const orders = page.getByRole('table', { name: 'Open orders' });
  await expect(orders).toContainText('10,000');
  await expect(orders).toContainText('Buy');
  await expect(page.getByTestId('triggers-section')).toContainText('Triggers');

  const tabs = page.getByRole('tablist', { name: 'History kinds' });
  for (const name of [
    'Deposits',
    'Withdrawals',
    'Transfers',
    'PnL',
    'Positions',
    'Funding',
    'Liquidations',
    'Fee tier',
    'Vault deposits',
    'Vault withdrawals',
  ])
    await expect(tabs.getByRole('tab', { name: new RegExp(`^${name} ?\\d`) })).toBeVisible();

  await tabs.getByRole('tab', { name: /^Deposits ?\d/ }).click();
  const deposits = page.getByRole('table', { name: 'Deposits history' });
  await expect(deposits.getByRole('cell', { name: '+1,000.00 USDC', exact: true })).toBeVisible();
  await expect(deposits.getByRole('cell', { name: trader.address })).toBeVisible();

  await tabs.getByRole('tab', { name: /^Positions ?\d/ }).click();
  const opened = page
    .getByRole('table', { name: 'Positions history' })
    .getByRole('row')
    .filter({ hasText: 'BTC-PERP' });
  await expect(opened.first()).toContainText('trade');
  await expect(page.getByText(/rows?.*, newest first; that is all$/)).toBeVisible();

  await tabs.getByRole('tab', { name: /^PnL ?\d/ }).click();
  const pnl = page.getByRole('table', { name: 'PnL history' });
  await expect(pnl.getByRole('columnheader', { name: 'Fee (USDC)' })).toBeVisible();
  await expect(pnl.getByRole('row').filter({ hasText: 'BTC-PERP' }).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export shown rows as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`perpetua-account-${account}-pnl.csv`);
  const csv = readFileSync((await file.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe('Time,Market,Realized PnL (USDC),Fee (USDC),Action');
  expect(csv.length).toBeGreaterThan(1);
  expect(csv[1]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z,BTC-PERP,[+-]?\d+(\.\d+)?,-?\d+(\.\d+)?,\d+$/);

  await tabs.getByRole('tab', { name: /^Liquidations ?\d/ }).click();
  await expect(page.getByText('Nothing yet.')).toBeVisible();
  await tabs.getByRole('tab', { name: /^Positions ?\d/ }).click();
  await page.getByRole('heading', { name: 'History' }).scrollIntoViewIfNeeded();
  await shot('account');

  // the smallest supported window: everything still reachable, wide tables scroll sideways
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByRole('heading', { name: `Account #${account}`, exact: true }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('table', { name: 'Positions', exact: true })).toBeVisible();
  await shot('account-1024');
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('withdraw and transfer: Max is what the open position leaves free, and the form says so', async () => {
  await go('Transfers');
  // the account page (with its own Withdrawals tabs) may still be on screen until Transfers is
  await expect(page.getByRole('heading', { name: 'Move funds' })).toBeVisible();
  await page.getByRole('tab', { name: 'Withdraw', exact: true }).click();
  const amount = page.getByLabel(/^Amount/);
  const note = page.getByTestId('margin-limit');
  await expect(note).toContainText(
    /^Up to [\d,.]+ USDC can be withdrawn while your positions and orders are open/,
  );
  // Max fills in the free collateral the note names less 1% for price moves (both follow the mark), less
  // than the balance
  await expect(async () => {
    await page.getByRole('button', { name: /^Max/ }).click();
    const max = scaled(await amount.inputValue(), 6);
    // the note shows the free collateral to every place, as Max does; Max is 99% of it
    const free = scaled(/^Up to ([\d,.]+) USDC/.exec((await note.textContent())!)![1]!, 6);
    expect(max).toBeGreaterThanOrEqual((free * 9_900n) / 10_000n);
    expect(max).toBeLessThanOrEqual(((free + 10_000n) * 9_900n) / 10_000n);
    expect(max).toBeGreaterThan(0n);
    expect(max).toBeLessThan(1_000_000_000n);
  }).toPass();
  await expect(page.getByRole('button', { name: 'Review withdrawal' })).toBeEnabled();
  await shot('withdraw-max');
  // more than that, though the balance holds it, is refused where it is typed: halfway to the balance
  const max = scaled(await amount.inputValue(), 6);
  const balance = scaled(/the ([\d,.]+) USDC balance/.exec((await note.textContent())!)![1]!, 6);
  await amount.fill(String((max + balance) / 2n / 1_000_000n));
  await expect(page.getByText(/^More than your open positions leave free: up to [\d,.]+ USDC/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review withdrawal' })).toBeDisabled();

  await page.getByRole('tab', { name: 'Transfer', exact: true }).click();
  await expect(page.getByTestId('margin-limit')).toContainText(
    'can be transferred while your positions and orders are open',
  );
  await page.getByRole('button', { name: /^Max/ }).click();
  expect(scaled(await page.getByLabel(/^Amount/).inputValue(), 6)).toBeLessThan(1_000_000_000n);
});

test('notifications: a resting order filled by someone else is told in plain words', async () => {
  await go('Portfolio');
  await dismissNotifications();
  // an ask inside the spread rests as the best ask; another person's bid at that price takes it
  const taker = new Trader(app.exchangeUrl, 'accounts-spec-taker', app.solanaRpcUrl);
  await taker.deposit(0, 10_000_000_000n);
  await taker.createSession();
  const opening = BigInt((await trader.account(account)).positions[0]!.markPrice);
  await trader.setIndexPrice(BTC, opening);
  await trader.order({ accountId: account, marketId: BTC, side: 'ASK', size: 10n, limitPrice: opening });
  const takerAccount = (await taker.accountIds())[0]!;
  // the walk may move the market maker in between: its asks below ours take the taker, or its bids above
  // ours fill our ask themselves (the notice is the same); try again at our price until ours is filled
  await expect(async () => {
    await trader.setIndexPrice(BTC, opening);
    await taker.order({
      accountId: takerAccount,
      marketId: BTC,
      side: 'BID',
      size: 10n,
      limitPrice: opening,
    });
    expect((await trader.account(account)).positions[0]!.size).toBe(990n);
  }).toPass({ timeout: 15_000 });
  const notice = page.getByRole('alert').filter({ hasText: 'Order filled' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText(`A resting order of account ${account} was filled.`);
  await expect(
    page.getByRole('table', { name: 'Positions' }).getByRole('row').filter({ hasText: 'BTC-PERP' }),
  ).toContainText('Long 0.099');
});

test('sessions: one made on another device is flagged on every page, never as expiring, and revoked in one click', async () => {
  // the trader's session was created straight on the exchange, with an hour to live: another device's
  await expect(page.getByRole('region', { name: 'Sessions not made on this device' })).toContainText(
    'New session of Trader, not made on this device',
  );
  await go('Sessions');
  await expect(page.getByRole('region', { name: 'Sessions not made on this device' })).toContainText(
    '1 session not made on this device',
  );
  // not this device's to renew or replace: no "expiring soon", no "create a new one"
  await expect(page.getByRole('alert').filter({ hasText: 'Expiring soon' })).toHaveCount(0);
  const row = page.getByRole('table', { name: 'Sessions' }).getByRole('row').filter({ hasText: 'Trader' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('other device');
  await expect(row).not.toContainText('expiring');
  await expect(page.getByRole('alert').filter({ hasText: 'Session expiring' })).toHaveCount(0);
  await dismissNotifications();
  await shot('sessions-unknown');

  await row.getByRole('button', { name: /^Revoke session / }).click();
  await page
    .getByRole('dialog', { name: /^Revoke session #\d+ of Trader/ })
    .getByRole('button', { name: /^Revoke session #\d+$/ })
    .click();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Sessions not made on this device' })).toHaveCount(0);
  await expect.poll(async () => (await trader.sessions()).length).toBe(0);
});

test('notifications: a liquidation is told in plain words and the position leaves the portfolio', async () => {
  await go('Portfolio');
  const position = (await trader.account(account)).positions[0]!;
  expect(position.liquidationPrice).not.toBeNull();
  await trader.setIndexPrice(BTC, (BigInt(position.liquidationPrice!) * 98n) / 100n);
  const notice = page.getByRole('alert').filter({ hasText: 'Account liquidated' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText(`Account ${account} fell below its maintenance margin`);
  await expect(page.getByText('No open positions.')).toBeVisible({ timeout: 20_000 });
  await shot('notification-liquidated');
});

test('theme: dark chosen in Settings is kept by main, so a fresh window opens dark', async ({ browser }) => {
  await go('Settings');
  const theme = page.getByRole('radiogroup', { name: 'Theme' });
  await theme.getByText('Dark', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect
    .poll(() => JSON.parse(readFileSync(join(app.dataDir, 'app', 'settings.json'), 'utf8')).theme)
    .toBe('dark');
  await shot('settings-dark');

  // a new browser context has no local cache: the theme comes from main's settings
  const fresh = await browser.newPage({ colorScheme: 'light' });
  await fresh.goto(app.url);
  await expect(fresh.getByRole('heading', { name: 'Portfolio' })).toBeVisible();
  await expect(fresh.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await fresh.close();

  await theme.getByText('System', { exact: true }).click();
  await expect
    .poll(() => JSON.parse(readFileSync(join(app.dataDir, 'app', 'settings.json'), 'utf8')).theme)
    .toBe('system');
  await theme.getByText('Light', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('network: switching to the demo devnet in Settings shows the demo wallets, positions and history', async () => {
  await go('Settings');
  await chooseNetwork(page, 'Embedded devnet with demo data');
  await expect(page.getByLabel('Current network')).toContainText('Embedded devnet with demo data', {
    timeout: 30_000,
  });
  await expect(page.getByText('Embedded devnet · demo data')).toBeVisible();
  await go('Portfolio');
  const accounts = page.getByRole('table', { name: 'Accounts' });
  await expect(accounts).toContainText('Demo Alice');
  const positions = page.getByRole('table', { name: 'Positions' });
  await expect(positions.getByRole('row').nth(1)).toBeVisible();
  // the trader's wallet is not on this exchange: its account from the other devnet is gone
  await expect(accounts).not.toContainText('Trader');
  await dismissNotifications();
  await shot('portfolio-demo');

  await accounts.getByRole('row').filter({ hasText: 'Demo Alice' }).first().getByRole('link').click();
  await page.getByRole('tab', { name: /^Transfers ?\d/ }).click();
  await expect(page.getByRole('table', { name: 'Transfers history' }).getByRole('row').nth(1)).toBeVisible();
  await dismissNotifications();
  await shot('account-demo');

  // and back: the plain devnet is started again from its saved data, with the trader's account
  await go('Settings');
  await chooseNetwork(page, 'Embedded devnet');
  await expect(page.getByLabel('Current network')).toContainText('Embedded devnet at', { timeout: 30_000 });
  await go('Portfolio');
  await expect(page.getByRole('table', { name: 'Accounts' })).toContainText('Trader');
});
