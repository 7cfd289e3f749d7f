// The portfolio, account and history methods through the dispatcher, as the renderer calls them, against a
// real devnet on loopback where a wallet the app holds has a position, an open order and history.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type RunningDevnet } from '../../../../src/devnet/server';
import { createCore, type Core } from '../../../../src/main/core';
import { createDispatcher } from '../../../../src/main/ipc-dispatch';
import type { ArgsOf, ResultOf } from '../../../../src/shared/ipc/contract';
import type { MethodName } from '../../../../src/shared/ipc/contract';
import { HISTORY_KINDS } from '../../../../src/shared/exchange/history';
import type { Result } from '../../../../src/shared/result';
import { FAST_KDF, MemorySecretStore } from '../../../support/memory-store';
import { Trader } from '../../../e2e/support/trader';

const BTC = 0;
let devnet: RunningDevnet;
let core: Core;
/** stands in for the wall-clock detector, which has its own test: here, that the core locks on its word */
let reportSleep: () => void = () => {};
let dataDir: string;
let account: number;
let dispatch: ReturnType<typeof createDispatcher>;

const call = <M extends MethodName>(method: M, args?: ArgsOf<M>) =>
  dispatch(method, args) as Promise<Result<ResultOf<M>>>;
async function ok<M extends MethodName>(method: M, args?: ArgsOf<M>): Promise<ResultOf<M>> {
  const result = await call(method, args);
  if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

beforeAll(async () => {
  devnet = await startDevnet();
  dataDir = mkdtempSync(join(tmpdir(), 'perpetua-portfolio-'));
  core = createCore({
    version: 'test',
    host: 'browser-host',
    exchange: { kind: 'custom', baseUrl: devnet.baseUrl },
    dataDir,
    store: new MemorySecretStore(),
    kdf: FAST_KDF,
    refreshEveryMs: 0,
    watchSleep: (onSleep) => {
      reportSleep = onSleep;
      return () => {};
    },
  });
  await core.start();
  dispatch = createDispatcher(core.handlers);
  await ok('lock.setup', { passphrase: 'portfolio passphrase' });

  const trader = new Trader(devnet.baseUrl, 'portfolio-handlers', devnet.rpcUrl);
  await ok('wallets.import', { label: 'Trader', secret: trader.secret, passphrase: 'portfolio passphrase' });
  account = await trader.deposit(0, 1_000_000_000n);
  await trader.createSession();
  await trader.order({ accountId: account, marketId: BTC, side: 'BID', size: 1_000n });
  await trader.order({ accountId: account, marketId: BTC, side: 'BID', size: 10n, limitPrice: 100_000n });
}, 30_000);
afterAll(async () => {
  await core?.close();
  await devnet?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('portfolio and account', () => {
  it('shows the position with its liquidation price, the open order and the margin, all as bigint', async () => {
    const portfolio = await ok('portfolio.get');
    const view = portfolio.wallets[0]!.accounts[0]!;
    expect(view.accountId).toBe(account);
    const [position] = view.positions;
    expect(position).toMatchObject({ marketId: BTC, size: 1_000n });
    expect(typeof position!.liquidationPrice).toBe('bigint');
    expect(position!.liquidationPrice!).toBeLessThan(position!.markPrice);
    // main computes the room to it, the same way the screens show it
    expect(position!.liquidationDistanceBps).toBe(
      ((position!.markPrice - position!.liquidationPrice!) * 10_000n) / position!.markPrice,
    );
    expect(position!.liquidationLevel).toBe('warning'); // about 6.5x leverage: some 13% of room
    expect(view.openOrders).toEqual([
      expect.objectContaining({ marketId: BTC, side: 'BID', price: 100_000n, remainingSize: 10n }),
    ]);
    expect(view.initialRequirement).toBeGreaterThan(view.maintenanceRequirement);
    expect(view.healthBps).toBeGreaterThan(20_000);
    expect(view.healthLevel).toBe('safe');
    expect(portfolio.equity).toBe(view.equity);

    const detail = await ok('portfolio.account', { accountId: account });
    expect(detail).toMatchObject({ accountId: account, walletLabel: 'Trader' });
    // the same position; its mark (and what follows from it) may have ticked between the two reads
    const held = (p: typeof position) => ({
      marketId: p!.marketId,
      size: p!.size,
      entryPrice: p!.entryPrice,
    });
    expect(detail.positions.map(held)).toEqual(view.positions.map(held));
    expect(detail.walletId).toBe(portfolio.wallets[0]!.wallet.walletId);
  });

  it('records equity samples for the chart and serves the exchange’s PnL series with them', async () => {
    await ok('portfolio.get');
    const history = await ok('portfolio.history', { accountId: account });
    expect(history.points.length).toBeGreaterThan(0);
    // the fill's fee is realized PnL; equity was sampled when the portfolio was read
    expect(history.points.some((p) => p.pnl !== null && p.pnl < 0n)).toBe(true);
    expect(history.points[history.points.length - 1]!.equity).not.toBeNull();
    core.connection!.equity.flush();
    const saved = JSON.parse(readFileSync(join(dataDir, 'equity.json'), 'utf8')) as {
      accounts: Record<string, unknown[]>;
    };
    expect(saved.accounts[String(account)]!.length).toBeGreaterThan(0);
  });

  it('an unknown account is a plain NOT_FOUND', async () => {
    const result = await call('portfolio.account', { accountId: 999_999 });
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('history', () => {
  it('offers every kind, each page tagged with its kind', async () => {
    for (const kind of HISTORY_KINDS) {
      const page = await ok('history.page', { accountId: account, kind });
      expect(page.kind).toBe(kind);
    }
    const deposits = await ok('history.page', { accountId: account, kind: 'deposit' });
    expect(deposits.items).toEqual([expect.objectContaining({ amount: 1_000_000_000n, tokenId: 0 })]);
  });

  it('pages pnl and position rows with their "actionId:subActionId:marketId" cursors, none lost or repeated', async () => {
    for (const kind of ['pnl', 'position'] as const) {
      const all = await ok('history.page', { accountId: account, kind });
      if (all.kind !== 'pnl' && all.kind !== 'position') throw new Error('wrong kind');
      expect(all.items.length).toBeGreaterThan(0);
      const paged: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await ok('history.page', {
          accountId: account,
          kind,
          pageSize: 1,
          ...(cursor ? { startInclusive: cursor } : {}),
        });
        if (page.kind !== kind) throw new Error('wrong kind');
        paged.push(...page.items.map((r) => r.cursor));
        cursor = page.nextStartInclusive;
        if (cursor) expect(cursor).toMatch(/^\d+:\d+:\d+$/);
      } while (cursor);
      expect(paged).toEqual(all.items.map((r) => r.cursor));
    }
  });

  it('refuses a malformed cursor before asking the exchange', async () => {
    const result = await call('history.page', { accountId: account, kind: 'pnl', startInclusive: '1:x' });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });
});

describe('idle time', () => {
  it('reads that screens repeat do not count as activity; reported input and operations do', async () => {
    const touch = vi.spyOn(core.lock, 'touch');
    await ok('portfolio.get');
    await ok('portfolio.account', { accountId: account });
    await ok('portfolio.history');
    await ok('history.page', { accountId: account, kind: 'transfer' });
    await ok('sessions.list');
    // what the Transfers page re-reads on a timer or on a deposit event
    await ok('funds.withdrawalFee', { accountId: account });
    await ok('funds.deposits');
    await ok('wallets.list');
    expect(touch).not.toHaveBeenCalled();
    await ok('lock.reportActivity');
    expect(touch).toHaveBeenCalledTimes(1);
    await ok('wallets.rename', {
      walletId: (await ok('wallets.list'))[0]!.walletId,
      label: 'Trader',
    });
    expect(touch.mock.calls.length).toBeGreaterThanOrEqual(2);
    touch.mockRestore();
  });

  it('the computer going to sleep locks the app', async () => {
    expect((await ok('lock.state')).status).toBe('unlocked');
    reportSleep();
    expect((await ok('lock.state')).status).toBe('locked');
    await ok('lock.unlock', { passphrase: 'portfolio passphrase' });
  });

  it('reads need the app unlocked', async () => {
    await ok('lock.lock');
    for (const method of [
      'portfolio.get',
      'portfolio.history',
      'sessions.list',
      'funds.deposits',
      'wallets.list',
    ] as const)
      expect(await call(method)).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    expect(await call('portfolio.account', { accountId: account })).toMatchObject({
      ok: false,
      error: { code: 'LOCKED' },
    });
    await ok('lock.unlock', { passphrase: 'portfolio passphrase' });
  });
});

describe('settings', () => {
  it('are readable while locked; neither theme nor network changes while locked; the theme is saved', async () => {
    await ok('lock.lock');
    expect(await ok('settings.get')).toMatchObject({
      network: null,
      connection: { kind: 'custom', baseUrl: devnet.baseUrl, warning: null },
      fixed: true,
      theme: 'system',
    });
    expect(await call('settings.setTheme', { theme: 'dark' })).toMatchObject({
      ok: false,
      error: { code: 'LOCKED' },
    });
    expect(await call('settings.setNetwork', { kind: 'embedded-devnet' })).toMatchObject({
      ok: false,
      error: { code: 'LOCKED' },
    });
    await ok('lock.unlock', { passphrase: 'portfolio passphrase' });
    expect(await ok('settings.setTheme', { theme: 'dark' })).toMatchObject({ theme: 'dark' });
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8'))).toMatchObject({ theme: 'dark' });
    // unlocked, a run whose exchange was fixed still refuses
    expect(await call('settings.setNetwork', { kind: 'embedded-devnet' })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' },
    });
    expect(await call('settings.setTheme', { theme: 'sepia' as never })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
  });
});
