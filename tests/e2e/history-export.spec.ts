// A history longer than one page of the exchange (50 rows): the tab reads every page of its window, shows it
// newest first, and its export holds every row, not only those scrolled into view.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { importWallet } from './support/steps';
import { Trader } from './support/trader';

test.use({ setup: { spec: 'history-export' } });

const BTC = 0;
const FILLS = 60;

test('a long history: every page is read, shown newest first and written, one line per row', async ({
  app,
  trader,
  unlockedPage: page,
}) => {
  await importWallet(page, 'Trader', trader.secret);

  const account = await trader.deposit(0, 5_000_000_000n);
  await trader.createSession();
  // buys and sells of 0.001 BTC: each fill is a row of the positions history
  for (let i = 0; i < FILLS; i += 1)
    await trader.order({ accountId: account, marketId: BTC, side: i % 2 === 0 ? 'BID' : 'ASK', size: 10n });

  await page.goto(`${app.url.split('#')[0]}#/account/${account}`);
  await page
    .getByRole('tablist', { name: 'History kinds' })
    .getByRole('tab', { name: /^Positions ?\d/ })
    .click();
  await expect(page.getByRole('table', { name: 'Positions history' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^${FILLS} rows.*, newest first; that is all$`))).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export shown rows as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`perpetua-account-${account}-position.csv`);
  const lines = readFileSync(await file.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines).toHaveLength(1 + FILLS); // header + every fill
  // newest first, as on screen: no time later than the one above it
  const times = lines.slice(1).map((l) => l.split(',')[0]!);
  expect([...times].sort().reverse()).toEqual(times);
});

test('a day busier than the feed holds: it shows its newest 2,000 events, and the export has every one', async ({
  app,
  unlockedPage: page,
}) => {
  // a wallet of its own: the spec's trader already has the fills of the test above
  const trader = new Trader(app.exchangeUrl, 'history-export-busy', app.solanaRpcUrl);
  // 2,100 actions, each saved to disk by the devnet before it answers (made before the app follows them)
  test.setTimeout(180_000);
  const from = await trader.deposit(0, 5_000_000_000n);
  await trader.createSession();
  const to = await trader.transfer({ fromAccountId: from, tokenId: 0, amount: 1_000_000n });
  // with the deposit: 2,101 rows in the account's day, more than the feed holds
  const TRANSFERS = 2_100;
  for (let i = 1; i < TRANSFERS; i += 1)
    await trader.transfer({ fromAccountId: from, toAccountId: to, tokenId: 0, amount: 1_000n });
  await importWallet(page, 'Busy', trader.secret);

  await page.goto(`${app.url.split('#')[0]}#/account/${from}`);
  // the newest ones, from the second of the 2,000th newest on (rows of that second all stay), and where
  // the rest are: no "Show older", which would reach further back than what was let go
  const summary = page.getByText(
    /^The newest 2,\d{3} events since .*; the export has every one before them too$/,
  );
  await expect(summary).toBeVisible({ timeout: 20_000 });
  // 2,000 and the rest of that second's (the devnet makes well under 200 a second here)
  const shown = Number(/2,\d{3}/.exec((await summary.textContent()) ?? '')![0].replace(',', ''));
  expect(shown).toBeGreaterThanOrEqual(2_000);
  expect(shown).toBeLessThan(2_200);
  await expect(page.getByRole('button', { name: 'Show older activity' })).toHaveCount(0);
  await summary.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/feed-capped.png' });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all kinds as CSV' }).click();
  const lines = readFileSync(await (await download).path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  // header + the deposit + every transfer sent, each once
  const rows = lines.slice(1);
  expect({ rows: rows.length, kinds: count(rows.map((l) => l.split(',')[2]!)) }).toEqual({
    rows: 1 + TRANSFERS,
    kinds: { deposit: 1, transfer: TRANSFERS },
  });
});

const count = (values: string[]): Record<string, number> =>
  values.reduce<Record<string, number>>((n, v) => ({ ...n, [v]: (n[v] ?? 0) + 1 }), {});
