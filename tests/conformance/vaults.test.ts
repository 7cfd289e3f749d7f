// Vaults over real HTTP and WebSocket: creation with the owner's seed, deposits priced at NAV, withdrawal
// requests (by shares or quote notional) queued in the epoch, conversion at the epoch end, claims, epoch
// sync, the strategy trading through the book, the vault@ stream and every vault read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  TestWallet,
  USDC,
  balances,
  errorOf,
  scaledDeep,
  startExchange,
  usdc,
  type TestExchange,
} from './support/exchange';
import { openStreams, type StreamMessage } from './support/ws';
import { derivedAddress, type VaultSeed } from '../../src/devnet/config';
import type { ActionKind, Receipt, ReceiptKind } from '../../src/protocol/types';
import { TradesPageJsonSchema } from '../../src/shared/exchange/orders';
import { MarketLiveJsonSchema } from '../../src/shared/exchange/markets';
import { scaledFromDecimal } from '../../src/shared/money';
import {
  AccountVaultUserStateInfoSchema,
  VaultConfigPageSchema,
  VaultDepositPageSchema,
  VaultEpochPageSchema,
  VaultUserStateSchema,
  VaultViewStateSchema,
  VaultWithdrawalPageSchema,
} from '../../src/shared/exchange/vaults';

const CASH = 1; // never trades: NAV stays exactly 1 quote unit per share
const MOMENTUM = 2;
const REVERSION = 3;
const HOUR = 3600;
const strategy = (kind: 'momentum' | 'meanReversion') => ({
  kind,
  intervalSeconds: 60,
  thresholdBps: 10,
  leverageBps: 5_000,
  maxTradeNotional: usdc(25_000),
});
const VAULTS: VaultSeed[] = [
  { vaultId: CASH, name: 'Cash', epochSeconds: HOUR, marketId: 0, ownerCapital: usdc(100_000) },
  {
    vaultId: MOMENTUM,
    name: 'Momentum',
    epochSeconds: HOUR,
    marketId: 0,
    ownerCapital: usdc(100_000),
    strategy: strategy('momentum'),
  },
  {
    vaultId: REVERSION,
    name: 'Reversion',
    epochSeconds: HOUR,
    marketId: 0,
    ownerCapital: usdc(100_000),
    strategy: strategy('meanReversion'),
  },
];

let ex: TestExchange;
const open: TestExchange[] = [];
afterEach(async () => {
  for (const e of open.splice(0)) await e.close();
});
async function exchange(vaults: VaultSeed[] = VAULTS, dataDir?: string): Promise<TestExchange> {
  ex = await startExchange({ config: { vaults }, ...(dataDir ? { dataDir } : {}) });
  open.push(ex);
  return ex;
}

async function user(collateral = 10_000): Promise<{ w: TestWallet; account: number }> {
  const w = new TestWallet(ex);
  await w.deposit(USDC, usdc(collateral));
  await w.createSession({ expiresIn: 24 * HOUR });
  return { w, account: (await w.accountIds())[0]! };
}

type Fields<T extends ActionKind['type']> = Omit<Extract<ActionKind, { type: T }>, 'type' | 'sessionId'>;
const act = <T extends ActionKind['type']>(w: TestWallet, type: T, fields: Fields<T>): Promise<Receipt> =>
  ex.submit(w.sessionBody({ type, sessionId: w.session!.id, ...fields } as ActionKind));
const deposit = (w: TestWallet, vaultId: number, amount: bigint, accountId?: number) =>
  act(w, 'vaultDeposit', { vaultId, amount, ...(accountId !== undefined ? { accountId } : {}) });
const request = (w: TestWallet, vaultId: number, kind: 'SHARES' | 'QUOTE_NOTIONAL', amount: bigint) =>
  act(w, 'vaultWithdrawRequest', { vaultId, kind, amount });
const claim = (w: TestWallet, vaultId: number) => act(w, 'vaultWithdrawClaim', { vaultId });
const sync = (w: TestWallet, vaultId: number) => act(w, 'vaultSyncEpochs', { vaultId });

function ok<T extends ReceiptKind['type']>(r: Receipt, type: T): Extract<ReceiptKind, { type: T }> {
  if (r.kind.type !== type) throw new Error(`expected ${type}, got ${errorOf(r) ?? r.kind.type}`);
  return r.kind as Extract<ReceiptKind, { type: T }>;
}

const view = async (id: number) => q(await ex.read(`/vault/${id}`, VaultViewStateSchema));
const userState = async (id: number, account: number) =>
  q(await ex.read(`/vault/${id}/user/${account}`, VaultUserStateSchema));
const quote = async (account: number) => (await balances(ex, account))[USDC] ?? 0n;
/** what a rejection must leave alone */
const snapshot = async (vaultId: number, account: number) => ({
  vault: await view(vaultId),
  user: await userState(vaultId, account),
  balance: await quote(account),
});
/** moves the engine to the end of the vault's current epoch; the tick rolls it */
async function toEpochEnd(vaultId: number, tick = true): Promise<void> {
  const ms = ((await view(vaultId)).epochEnd - Number(ex.now())) * 1000;
  if (tick) ex.advance(ms);
  else ex.clock.advance(ms);
}
const setIndex = async (marketId: number, price: bigint) => {
  const res = await ex.postJson('/devnet/index-price', { marketId, price: price.toString() });
  expect(res.status).toBe(200);
};
const index = async (marketId: number) =>
  scaledFromDecimal(
    (await ex.read(`/market/${marketId}/live`, MarketLiveJsonSchema)).indexPrice,
    [1, 2, 3][marketId]!,
  );
/** a vault record in one unit: quote amounts, shares and NAV per share all have 6 places */
const q = <T>(value: T) => scaledDeep(value, 6);
const vaultMessage = (m: StreamMessage) => ({ ...m, vault: q(VaultViewStateSchema.parse(m.vault)) });

describe('vault creation', () => {
  it('creates each vault on first use: a system account seeded with the owner capital, 1 quote unit per share', async () => {
    await exchange();
    const vaults = q(await ex.read('/vaults', z.array(VaultViewStateSchema)));
    expect(vaults.map((v) => v.vaultId)).toEqual([CASH, MOMENTUM, REVERSION]);
    const cash = vaults[0]!;
    expect(cash).toMatchObject({
      name: 'Cash',
      totalShares: usdc(100_000),
      equity: usdc(100_000),
      netDeposits: usdc(100_000),
      pnl: 0n,
      navPerShare: 1_000_000n,
      navDecimals: 6,
      epoch: 1,
      epochSeconds: HOUR,
      pendingWithdrawalShares: 0n,
      claimReserve: 0n,
      position: null,
    });
    // epochs end on multiples of epochSeconds: the clock starts at 12:00:00 UTC, so this one ends at 13:00
    expect(cash.epochEnd).toBe(Number(ex.now()) + HOUR);
    const account = await ex.account(cash.vaultAccountId);
    expect(await ex.client.accountOwner(cash.vaultAccountId)).toBe(derivedAddress(`vault:${CASH}`));
    expect(account.balances).toEqual([{ tokenId: USDC, amount: usdc(100_000) }]);
    expect(await userState(CASH, cash.vaultAccountId)).toMatchObject({
      shares: usdc(100_000),
      ownerSharePpm: 1_000_000,
      value: usdc(100_000),
    });
    const seedRows = q(await ex.read(`/vault/${CASH}/history/deposit`, VaultDepositPageSchema)).items;
    expect(seedRows).toEqual([
      expect.objectContaining({ actionId: null, accountId: cash.vaultAccountId, amount: usdc(100_000) }),
    ]);
    // a later read finds the same vaults, not new ones
    expect((await view(CASH)).vaultAccountId).toBe(cash.vaultAccountId);
  });
});

describe('VaultDeposit', () => {
  it('moves quote from the account into the vault and mints shares at NAV 1 into a vault that never traded', async () => {
    await exchange();
    const { w, account } = await user(5_000);
    const before = await view(CASH);
    const receipt = ok(await deposit(w, CASH, usdc(1_000)), 'vaultDeposited');
    expect(receipt).toMatchObject({
      vaultId: CASH,
      accountId: account,
      amount: usdc(1_000),
      shares: usdc(1_000),
    });
    expect(await quote(account)).toBe(usdc(4_000));
    expect(await quote(before.vaultAccountId)).toBe(usdc(101_000));
    const after = await view(CASH);
    expect(after.totalShares).toBe(usdc(101_000));
    expect(after.netDeposits).toBe(usdc(101_000));
    expect(after.pnl).toBe(0n);
    expect(await userState(CASH, account)).toMatchObject({
      shares: usdc(1_000),
      value: usdc(1_000),
      ownerSharePpm: 9_900, // 1,000 of 101,000
      currentWithdrawal: 0n,
      claimable: 0n,
      claimableEpoch: null,
    });
  });

  it('prices a second depositor at the NAV after the vault’s trades moved it, rounding shares down', async () => {
    await exchange();
    const first = await user(5_000);
    const second = await user(5_000);
    ok(await deposit(first.w, MOMENTUM, usdc(1_000)), 'vaultDeposited');
    // up 2%: momentum buys at the next decision, then another 3% up pays the position
    const start = await index(0);
    await setIndex(0, (start * 102n) / 100n);
    ex.advance(61_000);
    expect((await view(MOMENTUM)).position!.size).toBeGreaterThan(0n);
    await setIndex(0, (start * 105n) / 100n);
    const priced = await view(MOMENTUM);
    expect(priced.navPerShare).toBeGreaterThan(1_000_000n);

    const { shares } = ok(await deposit(second.w, MOMENTUM, usdc(1_000)), 'vaultDeposited');
    expect(shares).toBe((usdc(1_000) * priced.totalShares) / priced.equity);
    expect(shares).toBeLessThan(usdc(1_000));
    const row = q(await ex.read(`/account/${second.account}/history/vault/deposit`, VaultDepositPageSchema))
      .items[0]!;
    expect(row).toMatchObject({ shares, amount: usdc(1_000), navPerShare: priced.navPerShare });
    // the newcomer's shares are worth at most what they paid; the first depositor kept the gain
    const newcomer = await userState(MOMENTUM, second.account);
    expect(newcomer.value).toBeLessThanOrEqual(usdc(1_000));
    expect(newcomer.value).toBeGreaterThan(usdc(1_000) - 2n);
    expect((await userState(MOMENTUM, first.account)).value).toBeGreaterThan(usdc(1_000));
  });

  it('rejects an unknown vault, foreign or missing accounts, a zero amount and more than the free collateral, changing nothing', async () => {
    await exchange();
    const { w, account } = await user(1_000);
    const other = await user(1_000);
    const before = await snapshot(CASH, account);
    expect(errorOf(await deposit(w, 99, usdc(10)))).toBe('VAULT_NOT_FOUND');
    expect(errorOf(await deposit(w, CASH, usdc(10), other.account))).toBe('ACCOUNT_INVALID_OWNER');
    expect(errorOf(await deposit(w, CASH, usdc(10), 999_999))).toBe('ACCOUNT_NOT_FOUND');
    expect(errorOf(await deposit(w, CASH, 0n))).toBe('VAULT_AMOUNT_TOO_SMALL');
    expect(errorOf(await deposit(w, CASH, usdc(1_000) + 1n))).toBe('BALANCE_INSUFFICIENT');
    expect(await snapshot(CASH, account)).toEqual(before);

    // collateral behind an open position is not free: about 325 USDC backs 0.1 BTC at 5% initial margin
    ok(
      await act(w, 'placeOrder', {
        marketId: 0,
        side: 'BID',
        fillMode: 'IMMEDIATE_OR_CANCEL',
        isReduceOnly: false,
        price: 0n,
        size: 1_000n,
      }),
      'placeOrderResult',
    );
    const held = await snapshot(CASH, account);
    expect(held.balance).toBeGreaterThan(usdc(900));
    expect(errorOf(await deposit(w, CASH, usdc(900)))).toBe('BALANCE_INSUFFICIENT');
    expect(await snapshot(CASH, account)).toEqual(held);
  });
});

describe('VaultWithdrawRequest', () => {
  it('queues shares in the current epoch, by shares or by quote notional, and rejects more than the unrequested shares', async () => {
    await exchange();
    const { w, account } = await user(5_000);
    ok(await deposit(w, CASH, usdc(1_000)), 'vaultDeposited');
    const epochEnd = (await view(CASH)).epochEnd;

    const byShares = ok(await request(w, CASH, 'SHARES', usdc(300)), 'vaultWithdrawRequested');
    expect(byShares).toMatchObject({ vaultId: CASH, accountId: account, shares: usdc(300), epoch: 2n });
    const byQuote = ok(await request(w, CASH, 'QUOTE_NOTIONAL', usdc(200)), 'vaultWithdrawRequested');
    expect(byQuote.shares).toBe(usdc(200)); // NAV 1: one share per quote unit
    const state = await userState(CASH, account);
    expect(state).toMatchObject({
      shares: usdc(1_000), // still held, and still earning, until the epoch ends
      currentWithdrawal: usdc(500),
      previousWithdrawal: 0n,
      claimable: 0n,
      claimableEpoch: 2,
      claimableAt: epochEnd,
    });
    expect((await view(CASH)).pendingWithdrawalShares).toBe(usdc(500));
    // nothing left the account yet
    expect(await quote(account)).toBe(usdc(4_000));

    const before = await snapshot(CASH, account);
    expect(errorOf(await request(w, CASH, 'SHARES', usdc(500) + 1n))).toBe('VAULT_INSUFFICIENT_SHARES');
    expect(errorOf(await request(w, CASH, 'QUOTE_NOTIONAL', usdc(500) + 1n))).toBe(
      'VAULT_INSUFFICIENT_SHARES',
    );
    expect(errorOf(await request(w, CASH, 'SHARES', 0n))).toBe('VAULT_AMOUNT_TOO_SMALL');
    expect(errorOf(await request(w, 99, 'SHARES', 1n))).toBe('VAULT_NOT_FOUND');
    expect(
      errorOf(
        await act(w, 'vaultWithdrawRequest', {
          vaultId: CASH,
          kind: 'SHARES',
          amount: 1n,
          accountId: 999_999,
        }),
      ),
    ).toBe('ACCOUNT_NOT_FOUND');
    expect(await snapshot(CASH, account)).toEqual(before);

    const stranger = await user(100);
    const strangerBefore = await snapshot(CASH, stranger.account);
    expect(errorOf(await request(stranger.w, CASH, 'SHARES', 1n))).toBe('VAULT_INSUFFICIENT_SHARES');
    expect(
      errorOf(
        await act(stranger.w, 'vaultWithdrawRequest', {
          vaultId: CASH,
          kind: 'SHARES',
          amount: 1n,
          accountId: account,
        }),
      ),
    ).toBe('ACCOUNT_INVALID_OWNER');
    expect(await snapshot(CASH, stranger.account)).toEqual(strangerBefore);
  });

  it('converts a quote-notional request into enough shares to cover it at NAV (rounded up)', async () => {
    await exchange();
    const { w, account } = await user(5_000);
    ok(await deposit(w, MOMENTUM, usdc(2_000)), 'vaultDeposited');
    const start = await index(0);
    await setIndex(0, (start * 102n) / 100n);
    ex.advance(61_000);
    await setIndex(0, (start * 104n) / 100n);
    const v = await view(MOMENTUM);
    expect(v.navPerShare).not.toBe(1_000_000n);
    const { shares } = ok(await request(w, MOMENTUM, 'QUOTE_NOTIONAL', usdc(500)), 'vaultWithdrawRequested');
    expect(shares).toBe((usdc(500) * v.totalShares + v.equity - 1n) / v.equity);
    expect((shares * v.equity) / v.totalShares).toBeGreaterThanOrEqual(usdc(500));
    expect(((shares - 1n) * v.equity) / v.totalShares).toBeLessThan(usdc(500));
    expect((await userState(MOMENTUM, account)).currentWithdrawal).toBe(shares);
  });
});

describe('epochs and VaultWithdrawClaim', () => {
  it('is not ready within the epoch; at its end the request converts at NAV into a reserve the claim pays out', async () => {
    await exchange();
    const { w, account } = await user(5_000);
    ok(await deposit(w, CASH, usdc(1_000)), 'vaultDeposited');
    ok(await request(w, CASH, 'SHARES', usdc(400)), 'vaultWithdrawRequested');
    const vaultAccount = (await view(CASH)).vaultAccountId;

    const before = await snapshot(CASH, account);
    expect(errorOf(await claim(w, CASH))).toBe('VAULT_CLAIM_NOT_READY');
    expect(await snapshot(CASH, account)).toEqual(before);
    const stranger = await user(100);
    expect(errorOf(await claim(stranger.w, CASH))).toBe('VAULT_NOTHING_TO_CLAIM');
    expect(errorOf(await claim(w, 99))).toBe('VAULT_NOT_FOUND');

    await toEpochEnd(CASH);
    const rolled = await view(CASH);
    expect(rolled).toMatchObject({
      epoch: 2,
      totalShares: usdc(100_600),
      equity: usdc(100_600), // the cash left the vault account, so the strategy can no longer lose it
      claimReserve: usdc(400),
      pendingWithdrawalShares: 0n,
      netDeposits: usdc(100_600),
      pnl: 0n,
    });
    expect(rolled.epochEnd).toBe(before.vault.epochEnd + HOUR);
    expect(await quote(vaultAccount)).toBe(usdc(100_600));
    expect(await userState(CASH, account)).toMatchObject({
      shares: usdc(600),
      currentWithdrawal: 0n,
      previousWithdrawal: usdc(400),
      claimable: usdc(400),
      claimableEpoch: null,
    });

    const paid = ok(await claim(w, CASH), 'vaultClaimed');
    expect(paid).toEqual({ type: 'vaultClaimed', vaultId: CASH, accountId: account, amount: usdc(400) });
    expect(await quote(account)).toBe(usdc(4_400));
    expect(await userState(CASH, account)).toMatchObject({
      shares: usdc(600),
      previousWithdrawal: 0n,
      claimable: 0n,
    });
    expect((await view(CASH)).claimReserve).toBe(0n);
    const after = await snapshot(CASH, account);
    expect(errorOf(await claim(w, CASH))).toBe('VAULT_NOTHING_TO_CLAIM');
    expect(await snapshot(CASH, account)).toEqual(after);

    const rows = q(
      await ex.read(`/account/${account}/history/vault/withdrawal`, VaultWithdrawalPageSchema),
    ).items;
    expect(rows.map((r) => [r.type, r.shares, r.amount, r.epoch])).toEqual([
      ['requested', usdc(400), usdc(400), 2],
      ['converted', usdc(400), usdc(400), 1],
      ['claimed', usdc(400), usdc(400), 2],
    ]);
    const epochs = q(await ex.read(`/vault/${CASH}/history/epoch`, VaultEpochPageSchema)).items;
    expect(epochs).toEqual([
      expect.objectContaining({
        epoch: 1,
        endTime: before.vault.epochEnd,
        withdrawnShares: usdc(400),
        withdrawnAmount: usdc(400),
        navPerShare: 1_000_000n,
        totalShares: usdc(100_600),
      }),
    ]);
  });

  it('pays a request converted at a NAV above 1 its value at the epoch end, not at the request', async () => {
    await exchange();
    const { w, account } = await user(5_000);
    ok(await deposit(w, MOMENTUM, usdc(2_000)), 'vaultDeposited');
    const start = await index(0);
    await setIndex(0, (start * 102n) / 100n);
    ex.advance(61_000);
    ok(await request(w, MOMENTUM, 'SHARES', usdc(1_000)), 'vaultWithdrawRequested');
    // the queued shares still share the gain of a further move, up to the epoch's last second
    const end = (await view(MOMENTUM)).epochEnd;
    ex.clock.advance((end - Number(ex.now()) - 1) * 1000);
    await setIndex(0, (start * 104n) / 100n);
    ex.clock.advance(1_000); // the epoch is over, but no tick has rolled it: the sync will
    const atEnd = await view(MOMENTUM);
    expect(atEnd.epoch).toBe(1);
    ok(await sync(w, MOMENTUM), 'vaultEpochsSynced');
    const converted = q(
      await ex.read(`/vault/${MOMENTUM}/history/withdrawal`, VaultWithdrawalPageSchema),
    ).items.find((r) => r.type === 'converted')!;
    const epoch = q(await ex.read(`/vault/${MOMENTUM}/history/epoch`, VaultEpochPageSchema)).items[0]!;
    // the roll first trims the position by the withdrawn fraction, then converts at the NAV after that trade
    const equityBefore = epoch.equity + epoch.withdrawnAmount;
    const sharesBefore = epoch.totalShares + epoch.withdrawnShares;
    expect(epoch.withdrawnShares).toBe(usdc(1_000));
    expect(converted.amount).toBe((usdc(1_000) * equityBefore) / sharesBefore);
    expect(converted.amount).toBeGreaterThan(usdc(1_000));
    expect(epoch.navPerShare).toBeLessThanOrEqual(atEnd.navPerShare);
    expect(epoch.navPerShare).toBeGreaterThan(1_000_000n);
    const trimmed = await view(MOMENTUM);
    expect(trimmed.position!.size).toBeLessThan(atEnd.position!.size);
    const claimed = ok(await claim(w, MOMENTUM), 'vaultClaimed');
    expect(claimed.amount).toBe(converted.amount);
    expect((await userState(MOMENTUM, account)).shares).toBe(usdc(1_000));
  });

  it('VaultSyncEpochs rolls every due epoch and reports the vault account and the epoch now current', async () => {
    await exchange();
    const { w, account } = await user(5_000);
    ok(await deposit(w, CASH, usdc(1_000)), 'vaultDeposited');
    const vaultAccountId = (await view(CASH)).vaultAccountId;
    // nothing due: the receipt names the current epoch and nothing changes
    expect(ok(await sync(w, CASH), 'vaultEpochsSynced')).toEqual({
      type: 'vaultEpochsSynced',
      vaultId: CASH,
      vaultAccountId,
      epoch: 1n,
    });
    expect(q(await ex.read(`/vault/${CASH}/history/epoch`, VaultEpochPageSchema)).items).toEqual([]);
    expect(errorOf(await sync(w, 99))).toBe('VAULT_NOT_FOUND');

    ok(await request(w, CASH, 'SHARES', usdc(250)), 'vaultWithdrawRequested');
    // three epochs pass without a tick: only the sync rolls them
    await toEpochEnd(CASH, false);
    ex.clock.advance(2 * HOUR * 1000 + 5_000);
    expect(errorOf(await claim(w, CASH))).toBe('VAULT_CLAIM_NOT_READY');
    expect(ok(await sync(w, CASH), 'vaultEpochsSynced')).toMatchObject({ vaultAccountId, epoch: 4n });
    const epochs = q(await ex.read(`/vault/${CASH}/history/epoch`, VaultEpochPageSchema)).items;
    expect(epochs.map((e) => [e.epoch, e.withdrawnShares])).toEqual([
      [1, usdc(250)],
      [2, 0n],
      [3, 0n],
    ]);
    expect(epochs[1]!.endTime - epochs[1]!.startTime).toBe(HOUR);
    expect(ok(await claim(w, CASH), 'vaultClaimed').amount).toBe(usdc(250));
    expect(await userState(CASH, account)).toMatchObject({ shares: usdc(750), claimable: 0n });
  });
});

describe('persistence', () => {
  it('keeps shares, queued and converted withdrawals and the stream position across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-vaults-'));
    try {
      await exchange(VAULTS, dataDir);
      const { w, account } = await user(5_000);
      ok(await deposit(w, CASH, usdc(1_000)), 'vaultDeposited');
      ok(await request(w, CASH, 'SHARES', usdc(300)), 'vaultWithdrawRequested');
      await toEpochEnd(CASH);
      ok(await request(w, CASH, 'SHARES', usdc(100)), 'vaultWithdrawRequested');
      const before = { vault: await view(CASH), user: await userState(CASH, account) };
      const at = ex.clock.nowMs();
      await ex.close();
      open.splice(open.indexOf(ex), 1);

      await exchange(VAULTS, dataDir);
      ex.clock.advance(at - ex.clock.nowMs());
      expect(await view(CASH)).toEqual(before.vault);
      expect(await userState(CASH, account)).toEqual(before.user);
      expect(before.user).toMatchObject({ currentWithdrawal: usdc(100), claimable: usdc(300) });
      const sub = await openStreams(ex, `vault@${CASH}`);
      expect(ok(await claim(w, CASH), 'vaultClaimed').amount).toBe(usdc(300));
      ex.running.tick();
      const [message] = (await sub.next(1)).map(vaultMessage);
      expect(message!.update_id).toBe(before.vault.updateId + 1);
      sub.ws.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('strategy', () => {
  it('trades the vault’s market through the book: momentum follows a move, mean reversion fades it', async () => {
    await exchange();
    await user(10); // the first tick creates the vaults and starts their strategies
    const start = await index(0);
    await setIndex(0, (start * 102n) / 100n);
    ex.advance(61_000);
    const momentum = await view(MOMENTUM);
    const reversion = await view(REVERSION);
    expect(momentum.position!.size).toBeGreaterThan(0n);
    expect(reversion.position!.size).toBeLessThan(0n);
    // about half of equity (0.5x), capped at 25,000 USDC per decision
    const account = await ex.account(momentum.vaultAccountId);
    const notional = (account.positions[0]!.size * account.positions[0]!.markPrice * 1_000_000n) / 100_000n;
    expect(notional).toBeGreaterThan(usdc(24_000));
    expect(notional).toBeLessThanOrEqual(usdc(25_000));
    const trades = (await ex.read(`/trades?takerId=${momentum.vaultAccountId}`, TradesPageJsonSchema)).trades;
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.every((t) => t.takerSide === 'bid' && t.marketId === 0)).toBe(true);
  });

  it('moves PnL over simulated hours, stays at or below 1x, and is the same for the same oracle seed', async () => {
    const run = async () => {
      await exchange();
      await user(10);
      for (let minute = 0; minute < 6 * 60; minute += 1) ex.advance(60_000);
      const v = await view(MOMENTUM);
      const account = await ex.account(v.vaultAccountId);
      const trades = await ex.read(`/trades?takerId=${v.vaultAccountId}&pageSize=50`, TradesPageJsonSchema);
      return { v, account, trades: trades.trades.length };
    };
    const a = await run();
    const b = await run();
    expect(a.trades).toBeGreaterThan(1);
    expect(a.v.pnl).not.toBe(0n);
    expect(a.v.equity).toBe(a.account.margin.equity);
    for (const p of a.account.positions) {
      const notional = ((p.size < 0n ? -p.size : p.size) * p.markPrice * 1_000_000n) / 100_000n;
      expect(notional).toBeLessThanOrEqual(a.v.equity);
    }
    expect([b.v.pnl, b.v.position, b.trades]).toEqual([a.v.pnl, a.v.position, a.trades]);
  });
});

describe('vault@ stream', () => {
  it('pushes the full VaultViewState after each deposit, request, epoch roll and claim, update ids one apart', async () => {
    await exchange();
    const { w } = await user(5_000);
    const startId = (await view(CASH)).updateId;
    const sub = await openStreams(ex, `vault@${CASH}`);
    ok(await deposit(w, CASH, usdc(1_000)), 'vaultDeposited');
    ok(await request(w, CASH, 'SHARES', usdc(100)), 'vaultWithdrawRequested');
    ex.running.tick(); // delivered once the change is accepted, at the next tick at the latest
    await toEpochEnd(CASH);
    ok(await claim(w, CASH), 'vaultClaimed');
    ex.running.tick();
    const messages = (await sub.next(4)).map(vaultMessage);
    expect(messages).toHaveLength(4);
    messages.forEach((m, i) => {
      expect(m.stream).toBe(`vault@${CASH}`);
      expect(m.update_id).toBe(startId + i + 1);
      expect(m.last_update_id).toBe(m.update_id - 1);
      expect(m.vault.updateId).toBe(m.update_id);
    });
    // each message shows the vault right after its own change
    expect(
      messages.map((m) => [m.vault.totalShares, m.vault.pendingWithdrawalShares, m.vault.claimReserve]),
    ).toEqual([
      [usdc(101_000), 0n, 0n],
      [usdc(101_000), usdc(100), 0n],
      [usdc(100_900), 0n, usdc(100)],
      [usdc(100_900), 0n, 0n],
    ]);
    expect(messages[3]!.vault).toEqual(await view(CASH));
    sub.ws.close();
    await expect(openStreams(ex, 'vault@99')).rejects.toThrow(/404 .*vault 99 does not exist/);
    await expect(openStreams(ex, 'vault@abc')).rejects.toThrow(/404 .*must be a number/);
  });

  it('pushes strategy trades', async () => {
    await exchange();
    await user(10);
    const sub = await openStreams(ex, `vault@${MOMENTUM}`);
    const start = await index(0);
    await setIndex(0, (start * 102n) / 100n);
    ex.advance(61_000);
    const [message] = (await sub.next(1)).map(vaultMessage);
    expect(message!.vault.position!.size).toBeGreaterThan(0n);
    sub.ws.close();
  });
});

describe('vault reads', () => {
  it('answer 404 VaultNotFound, UserNotFound and 400 for malformed ids', async () => {
    await exchange();
    const expectError = async (path: string, status: number, error: string) => {
      const res = await ex.get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('x-error'), path).toBe(error);
    };
    await expectError('/vault/99', 404, 'VaultNotFound');
    await expectError('/vault/abc', 400, 'BadRequest');
    await expectError('/vault/99/user/1', 404, 'VaultNotFound');
    await expectError(`/vault/${CASH}/user/999999`, 404, 'UserNotFound');
    await expectError('/account/999999/vault-user-states', 404, 'UserNotFound');
    for (const kind of ['config', 'deposit', 'withdrawal', 'epoch'])
      await expectError(`/vault/99/history/${kind}`, 404, 'VaultNotFound');
    for (const kind of ['deposit', 'withdrawal'])
      await expectError(`/account/999999/history/vault/${kind}`, 404, 'UserNotFound');
    await expectError(`/vault/${CASH}/history/deposit?pageSize=0`, 400, 'BadRequest');
    await expectError(`/vault/${CASH}/history/deposit?pageSize=256`, 400, 'BadRequest');
    await expectError(`/vault/${CASH}/history/deposit?since=yesterday`, 400, 'BadRequest');
    const spec = await ex.getJson<{ paths: Record<string, unknown> }>('/openapi.json');
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/vaults',
        '/vault/{vault_id}/history/epoch',
        '/account/{account_id}/history/vault/withdrawal',
      ]),
    );
  });

  it('list an account’s vaults, its config history, and page histories with a uint64 cursor and a time window', async () => {
    await exchange();
    const { w, account } = await user(5_000);
    for (const amount of [100, 200, 300]) ok(await deposit(w, CASH, usdc(amount)), 'vaultDeposited');
    ok(await deposit(w, MOMENTUM, usdc(50)), 'vaultDeposited');
    const states = q(
      await ex.read(`/account/${account}/vault-user-states`, z.array(AccountVaultUserStateInfoSchema)),
    );
    expect(states.map((s) => [s.vaultId, s.vaultName, s.shares])).toEqual([
      [CASH, 'Cash', usdc(600)],
      [MOMENTUM, 'Momentum', usdc(50)],
    ]);
    expect(await ex.getJson(`/account/${(await user(1)).account}/vault-user-states`)).toEqual([]);

    const config = q(await ex.read(`/vault/${MOMENTUM}/history/config`, VaultConfigPageSchema)).items;
    expect(config).toEqual([
      expect.objectContaining({
        vaultId: MOMENTUM,
        name: 'Momentum',
        epochSeconds: HOUR,
        ownerCapital: usdc(100_000),
        strategy: expect.objectContaining({ kind: 'momentum', maxTradeNotional: usdc(25_000) }),
      }),
    ]);

    // the seed and three deposits, two a page
    const path = `/vault/${CASH}/history/deposit?pageSize=2`;
    const first = q(await ex.read(path, VaultDepositPageSchema));
    expect(first.items.map((r) => r.amount)).toEqual([usdc(100_000), usdc(100)]);
    const second = q(
      await ex.read(`${path}&startInclusive=${first.nextStartInclusive}`, VaultDepositPageSchema),
    );
    expect(second.items.map((r) => r.amount)).toEqual([usdc(200), usdc(300)]);
    expect(second.nextStartInclusive).toBeUndefined();
    expect(second.items[0]!.id).toBe(BigInt(first.nextStartInclusive!));
    const mine = q(await ex.read(`/account/${account}/history/vault/deposit`, VaultDepositPageSchema));
    expect(mine.items.map((r) => [r.vaultId, r.amount])).toEqual([
      [CASH, usdc(100)],
      [CASH, usdc(200)],
      [CASH, usdc(300)],
      [MOMENTUM, usdc(50)],
    ]);
    expect(mine.items.every((r) => r.actionId !== null)).toBe(true);
    const past = new Date((Number(ex.now()) - 3600) * 1000).toISOString();
    expect(
      q(await ex.read(`/account/${account}/history/vault/deposit?until=${past}`, VaultDepositPageSchema))
        .items,
    ).toEqual([]);
  });
});
