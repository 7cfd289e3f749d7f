// A vault's performance over its current epoch, through the app core against a real devnet on a manual clock
// (time stands still between reads, so the app's figures and the exchange's own can be compared exactly):
// before any epoch ends it counts from the vault's first deposit; after an epoch ends, from that epoch's end,
// so a gain made in the last epoch is not shown again and a loss in this one shows as a loss.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { ManualClock } from '../../src/devnet/clock';
import { defaultConfig } from '../../src/devnet/config';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { parseExchangeJson } from '../../src/shared/exchange/json';
import { MarketLiveJsonSchema } from '../../src/shared/exchange/markets';
import {
  VaultDepositPageSchema,
  VaultEpochPageSchema,
  VaultViewStateSchema,
} from '../../src/shared/exchange/vaults';
import { scaledFromDecimal } from '../../src/shared/money';
import type { z } from 'zod';
import { PASSPHRASE, startApp, type TestApp } from './support/app';

const EPOCH = 600;
const BTC_VAULT = 1;
const usdc = (n: number) => BigInt(n) * 1_000_000n;
/** quote amounts, shares and NAV per share all have 6 places on this devnet */
const six = (text: string) => scaledFromDecimal(text, 6);
const clock = new ManualClock(Date.UTC(2026, 10, 26, 9, 3, 0));
let devnet: RunningDevnet;
let app: TestApp;
let walletId = '';
let account = 0;

async function read<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  const res = await fetch(`${devnet.baseUrl}${path}`);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return schema.parse(parseExchangeJson(await res.text()));
}
/** the vault and its ended epochs as the exchange states them, exactly */
async function exchangeSays() {
  const v = await read(`/vault/${BTC_VAULT}`, VaultViewStateSchema);
  const epochs = (await read(`/vault/${BTC_VAULT}/history/epoch`, VaultEpochPageSchema)).items;
  return {
    epoch: v.epoch,
    pnl: six(v.pnl),
    nav: six(v.navPerShare),
    epochs: epochs.map((e) => ({
      epoch: e.epoch,
      endTime: e.endTime,
      pnl: six(e.pnl),
      nav: six(e.navPerShare),
    })),
  };
}
async function appSays() {
  const view = await app.ok('vaults.get');
  return {
    vault: view.vaults.find((v) => v.vaultId === BTC_VAULT)!,
    holding: view.holdings.find((h) => h.vaultId === BTC_VAULT && h.accountId === account) ?? null,
  };
}
const move = async (pct: bigint) => {
  const index = (await read('/market/0/live', MarketLiveJsonSchema)).indexPrice;
  const price = (scaledFromDecimal(index, 1) * (100n + pct)) / 100n;
  const res = await fetch(`${devnet.baseUrl}/devnet/index-price`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ marketId: 0, price: price.toString() }),
  });
  expect(res.status).toBe(200);
};
/** moves engine time on and lets the devnet do its timed work (the strategy trades, epochs roll) */
const pass = (seconds: number) => {
  clock.advance(seconds * 1000);
  devnet.tick();
};

beforeAll(async () => {
  const defaults = defaultConfig();
  devnet = await startDevnet({
    clock,
    tickMs: 0,
    config: { depositDelayMs: 0, vaults: defaults.vaults.map((v) => ({ ...v, epochSeconds: EPOCH })) },
  });
  app = await startApp(devnet);
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  walletId = (
    await app.ok('wallets.import', {
      label: 'Investor',
      secret: bs58.encode(Buffer.alloc(32, 17)),
      passphrase: PASSPHRASE,
    })
  ).walletId;
  await app.ok('funds.faucet', { walletId, tokenId: 0, amount: usdc(5_000) });
  await app.ok('funds.deposit', { walletId, tokenId: 0, amount: usdc(5_000) });
  for (let i = 0; i < 100 && account === 0; i++) {
    devnet.tick();
    account = (await app.ok('portfolio.get')).wallets[0]!.accounts[0]?.accountId ?? 0;
    if (account === 0) await new Promise((r) => setTimeout(r, 50));
  }
  expect(account).toBeGreaterThan(0);
});
afterAll(async () => {
  await app?.close();
  await devnet?.close();
});

describe('a vault’s PnL over the current epoch', () => {
  it('counts from the vault’s first deposit while no epoch has ended', async () => {
    const prepared = await app.ok('actions.prepare', {
      kind: 'vaultDeposit',
      walletId,
      accountId: account,
      vaultId: BTC_VAULT,
      amount: usdc(2_000),
    });
    await app.ok('actions.confirm', { confirmationId: prepared.confirmationId });
    // the momentum strategy follows a rise: it buys, and the vault's equity then moves with the price
    await move(2n);
    pass(301);
    await move(1n);

    const ex = await exchangeSays();
    expect(ex.epochs).toEqual([]);
    const seed = (await read(`/vault/${BTC_VAULT}/history/deposit`, VaultDepositPageSchema)).items[0]!;
    const { vault, holding } = await appSays();
    expect(vault.thisEpoch).toEqual({
      since: seed.time,
      sinceVaultStart: true,
      pnl: ex.pnl,
      navChange: ex.nav - six(seed.navPerShare),
      changePpm: ((ex.nav - six(seed.navPerShare)) * 1_000_000n) / six(seed.navPerShare),
    });
    expect(vault.thisEpoch!.pnl).not.toBe(0n);
    expect(holding!.epochChange).toBe((holding!.shares * vault.thisEpoch!.navChange) / 1_000_000n);
  });

  it('counts from the last epoch’s end once one has ended, and shows this epoch’s loss as a loss', async () => {
    const before = await exchangeSays();
    pass(EPOCH); // past the first epoch’s end (not the second’s): the tick rolls it
    await move(-3n);
    pass(1);

    const ex = await exchangeSays();
    expect(ex.epoch).toBeGreaterThan(before.epoch);
    const last = ex.epochs.at(-1)!;
    const { vault, holding } = await appSays();
    expect(vault.epoch).toBe(ex.epoch);
    expect(vault.thisEpoch).toEqual({
      since: last.endTime,
      sinceVaultStart: false,
      pnl: ex.pnl - last.pnl,
      navChange: ex.nav - last.nav,
      changePpm: ((ex.nav - last.nav) * 1_000_000n) / last.nav,
    });
    // the fall after the epoch's end is this epoch's loss, whatever the vault made before it
    expect(vault.thisEpoch!.pnl).toBeLessThan(0n);
    expect(vault.thisEpoch!.pnl).not.toBe(ex.pnl);
    expect(holding!.epochChange).toBe((holding!.shares * vault.thisEpoch!.navChange) / 1_000_000n);
    expect(holding!.epochChange).toBeLessThan(0n);
  });
});
