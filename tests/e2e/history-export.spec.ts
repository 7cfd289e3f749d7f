// A history longer than one page of the exchange (50 rows): the tab reads every page of its window, shows it
// newest first, and its export holds every row, not only those scrolled into view.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { importWallet } from './support/steps';

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
