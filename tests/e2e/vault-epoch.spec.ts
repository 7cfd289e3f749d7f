// A vault's PnL over its current epoch, in Chromium against the browser host and a devnet this test starts
// in its own process on a manual clock: time moves only when the test moves it, so the figures on screen can
// be compared to the cent with what the exchange states. The momentum vault buys into a rise; until an epoch
// ends its epoch counts from its first deposit; after the end, from there, so this epoch's fall shows as a
// loss although the vault is still up since it began, and the person's shares show what the fall cost them.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ManualClock } from '../../src/devnet/clock';
import { defaultConfig } from '../../src/devnet/config';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { parseExchangeJson } from '../../src/shared/exchange/json';
import { MarketLiveJsonSchema } from '../../src/shared/exchange/markets';
import {
  VaultDepositPageSchema,
  VaultEpochPageSchema,
  VaultUserStateSchema,
  VaultViewStateSchema,
} from '../../src/shared/exchange/vaults';
import { formatPpmChange, formatToken } from '../../src/shared/figures';
import { scaledFromDecimal } from '../../src/shared/money';
import type { z } from 'zod';
import { startApp, type RunningApp } from './support/app';
import { importWallet, unlockOrSetUp } from './support/steps';
import { Trader } from './support/trader';

test.describe.configure({ mode: 'serial' });
// its own app, started below against the devnet this test runs
test.use({ setup: { spec: 'vault-epoch' } });

const EPOCH = 600;
const VAULT = 1; // BTC Momentum
// just after an epoch boundary (epochs end at multiples of their length): the first 5 minutes stay in epoch 1
const clock = new ManualClock(Math.floor(Date.now() / (EPOCH * 1000)) * EPOCH * 1000 + 1000);
let devnet: RunningDevnet;
let app: RunningApp;
let page: Page;
let trader: Trader;
let account = 0;

/** quote amounts, shares and NAV per share have 6 places on this devnet */
const six = (text: string) => scaledFromDecimal(text, 6);
const usdc = (value: bigint) =>
  formatToken(value, { symbol: 'USDC', decimals: 6 }, { quote: true, signed: true });
async function read<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  const res = await fetch(`${devnet.baseUrl}${path}`);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return schema.parse(parseExchangeJson(await res.text()));
}
const move = async (pct: bigint) => {
  const index = scaledFromDecimal((await read('/market/0/live', MarketLiveJsonSchema)).indexPrice, 1);
  await trader.setIndexPrice(0, (index * (100n + pct)) / 100n);
};
/** engine time moves on and the devnet does its timed work: the strategy decides, epochs roll */
const pass = (seconds: number) => {
  clock.advance(seconds * 1000);
  devnet.tick();
};
/** a moment as the page writes it (the browser's locale and time zone) */
const shownTime = (seconds: number) =>
  page.evaluate(
    (ms) => new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' }).format(ms),
    seconds * 1000,
  );

test.beforeAll(async ({ browser }) => {
  devnet = await startDevnet({
    clock,
    config: {
      depositDelayMs: 0,
      vaults: defaultConfig().vaults.map((v) => ({ ...v, epochSeconds: EPOCH })),
    },
  });
  app = await startApp(['--devnet-url', devnet.baseUrl, '--solana-rpc-url', devnet.rpcUrl]);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  trader = new Trader(devnet.baseUrl, 'vault-epoch-spec', devnet.rpcUrl);
});
test.afterAll(async () => {
  await page?.close();
  await app?.stop();
  await devnet?.close();
});

test('vaults: this epoch’s PnL counts from the vault’s start, then from the last epoch’s end, to the cent', async () => {
  test.setTimeout(180_000); // up to a minute and a half waiting for the app's clock to resample
  await page.goto(app.url);
  await unlockOrSetUp(page);
  await importWallet(page, 'Investor', trader.secret);
  account = await trader.deposit(0, 5_000_000_000n); // 5,000 USDC

  await page.getByRole('link', { name: 'Vaults', exact: true }).click();
  const btc = page
    .getByRole('table', { name: 'Vaults' })
    .getByRole('row')
    .filter({ hasText: 'BTC Momentum' });
  const thisEpoch = btc.getByRole('cell').nth(3);
  const mine = page
    .getByRole('table', { name: 'My vault shares' })
    .getByRole('row')
    .filter({ hasText: `Investor #${account}` });
  await btc.getByRole('button', { name: 'Deposit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deposit into BTC Momentum' });
  await dialog.getByLabel(/^Amount/).fill('2000');
  await dialog.getByRole('button', { name: 'Review deposit' }).click();
  await page
    .getByRole('dialog', { name: 'Deposit into BTC Momentum' })
    .getByRole('button', { name: 'Deposit into BTC Momentum' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Deposited' })).toBeVisible();

  /** what the page must show: the exchange's own figures, formatted by the app's one formatter */
  const expected = async () => {
    const v = await read(`/vault/${VAULT}`, VaultViewStateSchema);
    const since = new Date((v.epochEnd - v.epochSeconds) * 1000).toISOString();
    const ended = (await read(`/vault/${VAULT}/history/epoch?since=${since}`, VaultEpochPageSchema)).items.at(
      -1,
    );
    const seed = (await read(`/vault/${VAULT}/history/deposit?pageSize=1`, VaultDepositPageSchema)).items[0]!;
    const start = ended
      ? { pnl: six(ended.pnl), nav: six(ended.navPerShare), since: `since ${await shownTime(ended.endTime)}` }
      : { pnl: 0n, nav: six(seed.navPerShare), since: 'since the vault began' };
    const navChange = six(v.navPerShare) - start.nav;
    const shares = six((await read(`/vault/${VAULT}/user/${account}`, VaultUserStateSchema)).shares);
    return {
      pnl: six(v.pnl) - start.pnl,
      vault: `${usdc(six(v.pnl) - start.pnl)} (${formatPpmChange((navChange * 1_000_000n) / start.nav)})${start.since}`,
      mine: usdc((shares * navChange) / 1_000_000n),
    };
  };

  // the vault buys into a rise (its strategy decides every 5 minutes), and the price goes on up
  await move(2n);
  pass(301);
  await move(1n);
  const rising = await expected();
  expect(rising.pnl).toBeGreaterThan(0n);
  await expect(thisEpoch).toHaveText(rising.vault, { timeout: 15_000 });
  await expect(thisEpoch).toContainText('since the vault began');
  // My vault shares is folded at this width: what this epoch did to the shares sits under their value
  await expect(mine.getByText(`${rising.mine} this epoch`, { exact: true })).toBeVisible();

  // the epoch ends (the page stays open), and the price falls: this epoch is a loss, counted from its start
  pass(EPOCH);
  await move(-3n);
  const falling = await expected();
  expect(falling.pnl).toBeLessThan(0n);
  expect(falling.vault).not.toContain('since the vault began');
  await expect(thisEpoch).toHaveText(falling.vault, { timeout: 15_000 });
  await expect(mine.getByText(`${falling.mine} this epoch`, { exact: true })).toBeVisible();
  expect(falling.mine).toContain('\u2212');
  // the app's engine clock resamples every minute: once it has seen the jump this test made, the countdown
  // is back within the epoch (under 10 minutes), and the page is pictured as a person would see it
  await expect(btc.getByRole('cell').nth(5)).toContainText(/^\dm \d+s/, { timeout: 90_000 });
  await page.screenshot({ path: 'docs/screenshots/vault-epoch-pnl.png' });
});
