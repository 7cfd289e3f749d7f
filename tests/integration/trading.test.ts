// Vaults and triggers through the app core against a real devnet: every action prepared, confirmed and
// signed by main; bad input refused with a clear message before anything is signed (the audit log proves
// nothing was sent); a vault withdrawal claimed only once its epoch has converted it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import bs58 from 'bs58';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { defaultConfig } from '../../src/devnet/config';
import { SigningKey, generateKeypair } from '../../src/protocol/keys';
import { decodeReceipt, encodeActionRaw } from '../../src/protocol/codec';
import { signAction } from '../../src/protocol/signing';
import { buildActionBody } from '../../src/protocol/framing';
import type { ActionKind } from '../../src/protocol/types';
import { amountLine, numberLine, percentLine } from '../support/action-lines';
import { PASSPHRASE, startApp, type TestApp } from './support/app';

const EPOCH_SECONDS = 3;
let devnet: RunningDevnet;
let app: TestApp;
const seed = Buffer.alloc(32, 9);
const walletKey = new SigningKey(seed);
const USDC = 0;
const usdc = (n: number) => BigInt(n) * 1_000_000n;
let walletId = '';
let account = 0;

async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const failure = async (promise: Promise<{ ok: boolean; error?: { message: string } }>) => {
  const result = await promise;
  expect(result.ok).toBe(false);
  return result.error!.message;
};
const audited = async () => (await app.ok('audit.list', {})).total;

/** Signs as the person's own trading bot would: the wallet creates a session, the session places orders. */
async function openPosition(size: bigint): Promise<void> {
  const schema = await app.core.connection!.schema();
  const now = async () =>
    BigInt((await fetch(`${devnet.baseUrl}/timestamp`).then((r) => r.json())) as number);
  const send = async (kind: ActionKind, key: SigningKey, framing: 'hex' | 'session', nonce: number) => {
    const raw = encodeActionRaw(schema, { currentTimestamp: await now(), nonce, kind });
    const res = await fetch(`${devnet.baseUrl}/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: buildActionBody(raw, signAction(raw, key, framing)),
    });
    return decodeReceipt(schema, Buffer.from(await res.arrayBuffer()));
  };
  const sessionKey = new SigningKey(generateKeypair().secretSeed);
  const created = await send(
    {
      type: 'createSession',
      userPubkey: walletKey.publicKey,
      sessionPubkey: sessionKey.publicKey,
      expiryTimestamp: (await now()) + 3600n,
    },
    walletKey,
    'hex',
    1_000_000,
  );
  if (created.kind.type !== 'createSessionResult') throw new Error('no session');
  const placed = await send(
    {
      type: 'placeOrder',
      sessionId: created.kind.sessionId,
      marketId: 0,
      side: 'BID',
      fillMode: 'IMMEDIATE_OR_CANCEL',
      isReduceOnly: false,
      price: 0n,
      size,
      senderAccountId: account,
    },
    sessionKey,
    'session',
    1,
  );
  if (placed.kind.type !== 'placeOrderResult')
    throw new Error(`order refused: ${JSON.stringify(placed.kind)}`);
}

beforeAll(async () => {
  const defaults = defaultConfig();
  devnet = await startDevnet({
    config: {
      depositDelayMs: 100,
      vaults: defaults.vaults.map((v) => ({ ...v, epochSeconds: EPOCH_SECONDS })),
    },
  });
  app = await startApp(devnet);
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  walletId = (
    await app.ok('wallets.import', { label: 'Investor', secret: bs58.encode(seed), passphrase: PASSPHRASE })
  ).walletId;
  await app.ok('funds.faucet', { walletId, tokenId: USDC, amount: usdc(10_000) });
  await app.ok('funds.deposit', { walletId, tokenId: USDC, amount: usdc(10_000) });
  const portfolio = await until(
    () => app.ok('portfolio.get'),
    (p) => p.wallets[0]!.accounts.length > 0,
  );
  account = portfolio.wallets[0]!.accounts[0]!.accountId;
});
afterAll(async () => {
  await app?.close();
  await devnet?.close();
});

describe('vaults through the app', () => {
  it('deposits after a confirmation that names the vault, and the holding shows', async () => {
    const vaults = await app.ok('vaults.get');
    expect(vaults.vaults.map((v) => v.name)).toEqual(['BTC Momentum', 'ETH Mean Reversion']);
    const summary = await app.ok('actions.prepare', {
      kind: 'vaultDeposit',
      walletId,
      accountId: account,
      vaultId: 1,
      amount: usdc(1_000),
    });
    expect(summary).toMatchObject({ kind: 'vaultDeposit', title: 'Deposit into BTC Momentum' });
    expect(amountLine(summary, 'balanceAfter')).toBe(usdc(9_000));
    expect(summary.lines.map((d) => d.label)).toContain('Shares (about)');
    const result = await app.ok('actions.confirm', { confirmationId: summary.confirmationId });
    expect(result.kind).toBe('vaultDeposit');
    expect(numberLine(result, 'shares')).toBeGreaterThan(0n);
    const holding = (await app.ok('vaults.get')).holdings.find((h) => h.vaultId === 1)!;
    expect(holding).toMatchObject({ walletId, accountId: account, shares: numberLine(result, 'shares') });
  });

  it('refuses bad input with a plain message and sends nothing', async () => {
    const before = await audited();
    expect(
      await failure(
        app.call('actions.prepare', {
          kind: 'vaultDeposit',
          walletId,
          accountId: account,
          vaultId: 1,
          amount: usdc(50_000),
        }),
      ),
    ).toMatch(/can put at most 9,000.00 USDC into a vault/);
    expect(
      await failure(
        app.call('actions.prepare', {
          kind: 'vaultWithdraw',
          walletId,
          accountId: account,
          vaultId: 1,
          by: 'SHARES',
          amount: usdc(5_000),
        }),
      ),
    ).toMatch(/holds 1,?000(\.\d+)? shares of BTC Momentum/);
    expect(
      await failure(
        app.call('actions.prepare', { kind: 'vaultClaim', walletId, accountId: account, vaultId: 1 }),
      ),
    ).toMatch(/nothing to claim/);
    expect(
      await failure(
        app.call('actions.prepare', {
          kind: 'vaultDeposit',
          walletId,
          accountId: account,
          vaultId: 77,
          amount: usdc(1),
        }),
      ),
    ).toMatch(/not found|does not exist/i);
    expect(await audited()).toBe(before);
  });

  it('requests a withdrawal, cannot claim it before the epoch ends, then claims exactly what was converted', async () => {
    const request = await app.ok('actions.prepare', {
      kind: 'vaultWithdraw',
      walletId,
      accountId: account,
      vaultId: 1,
      by: 'QUOTE_NOTIONAL',
      amount: usdc(400),
    });
    const requested = await app.ok('actions.confirm', { confirmationId: request.confirmationId });
    expect(numberLine(requested, 'shares')).toBeGreaterThan(0n);
    const pending = (await app.ok('vaults.get')).holdings.find((h) => h.vaultId === 1)!;
    if (pending.claimable === 0n) {
      expect(pending.currentWithdrawal).toBe(numberLine(requested, 'shares'));
      const early = await app.call('actions.prepare', {
        kind: 'vaultClaim',
        walletId,
        accountId: account,
        vaultId: 1,
      });
      // The epoch is 3 s: it can end between the read above and this one, and then the claim is rightly
      // allowed, but never before the time the read named.
      if (early.ok) expect(Date.now()).toBeGreaterThanOrEqual(pending.claimableAt! * 1000);
      else expect(early.error.message).toMatch(/becomes claimable at/);
    }
    const ready = await until(
      async () => (await app.ok('vaults.get')).holdings.find((h) => h.vaultId === 1)!,
      (h) => h.claimable > 0n,
    );
    expect(ready.claimable).toBeGreaterThan(usdc(390));
    const balance = async () =>
      (await app.ok('portfolio.account', { accountId: account })).balances.find((b) => b.tokenId === USDC)!
        .amount;
    const before = await balance();
    const claim = await app.ok('actions.prepare', {
      kind: 'vaultClaim',
      walletId,
      accountId: account,
      vaultId: 1,
    });
    const claimed = await app.ok('actions.confirm', { confirmationId: claim.confirmationId });
    expect(amountLine(claimed, 'receive')).toBe(ready.claimable);
    expect(await balance()).toBe(before + ready.claimable);
  });
});

describe('triggers through the app', () => {
  it('needs a position, refuses a stop-loss on the wrong side of the mark, then adds, edits and removes one', async () => {
    const add = (fields: {
      triggerPrice: bigint;
      triggerKind?: 'STOP_LOSS' | 'TAKE_PROFIT';
      size?: bigint;
    }) =>
      app.call('actions.prepare', {
        kind: 'addTrigger',
        walletId,
        accountId: account,
        marketId: 0,
        triggerKind: fields.triggerKind ?? 'STOP_LOSS',
        triggerPrice: fields.triggerPrice,
        ...(fields.size !== undefined ? { size: fields.size } : {}),
      });
    expect(await failure(add({ triggerPrice: 600_000n }))).toMatch(/no open BTC-PERP position/);
    await openPosition(500n);
    const mark = (await app.ok('portfolio.account', { accountId: account })).positions[0]!.markPrice;
    expect(await failure(add({ triggerPrice: mark + 10_000n }))).toMatch(
      /stop-loss for a long goes below the mark/,
    );
    expect(await failure(add({ triggerPrice: mark - 10_000n, triggerKind: 'TAKE_PROFIT' }))).toMatch(
      /take-profit for a long goes above the mark/,
    );
    expect(await failure(add({ triggerPrice: mark - 10_000n, size: 501n }))).toMatch(/at most the position/);

    const prepared = await add({ triggerPrice: mark - 10_000n });
    if (!prepared.ok) throw new Error(prepared.error.message);
    expect(prepared.value.lines).toContainEqual({
      key: 'then',
      label: 'Then',
      value: { type: 'text', text: 'sells the whole position at market, reduce-only' },
    });
    const confirmed = await app.ok('actions.confirm', { confirmationId: prepared.value.confirmationId });
    const added = { triggerId: numberLine(confirmed, 'triggerId') };
    let triggers = await app.ok('triggers.get', { accountId: account });
    expect(triggers.active).toEqual([
      expect.objectContaining({
        triggerId: added.triggerId,
        kind: 'STOP_LOSS',
        side: 'ASK',
        triggerPrice: mark - 10_000n,
        size: null,
      }),
    ]);

    const edit = await app.ok('actions.prepare', {
      kind: 'editTrigger',
      walletId,
      accountId: account,
      triggerId: added.triggerId,
      marketId: 0,
      triggerKind: 'STOP_LOSS',
      triggerPrice: mark - 20_000n,
      limitPrice: mark - 21_000n,
      size: 200n,
    });
    await app.ok('actions.confirm', { confirmationId: edit.confirmationId });
    triggers = await app.ok('triggers.get', { accountId: account });
    expect(triggers.active[0]).toMatchObject({
      triggerPrice: mark - 20_000n,
      limitPrice: mark - 21_000n,
      size: 200n,
    });

    const remove = await app.ok('actions.prepare', {
      kind: 'removeTrigger',
      walletId,
      accountId: account,
      marketId: 0,
      triggerId: added.triggerId,
    });
    await app.ok('actions.confirm', { confirmationId: remove.confirmationId });
    triggers = await app.ok('triggers.get', { accountId: account });
    expect(triggers.active).toEqual([]);
    expect(triggers.finished[0]).toMatchObject({ triggerId: added.triggerId, status: 'removed' });
    const log = await app.ok('audit.list', {});
    expect(log.entries.map((e) => e.kind)).toEqual(
      expect.arrayContaining([
        'addTrigger',
        'editTrigger',
        'removeTrigger',
        'vaultDeposit',
        'vaultWithdraw',
        'vaultClaim',
      ]),
    );
  });

  it('lists the newest finished triggers, even past the first page of the exchange’s history', async () => {
    const mark = (await app.ok('portfolio.account', { accountId: account })).positions[0]!.markPrice;
    const ids: bigint[] = [];
    for (let i = 0; i < 55; i += 1) {
      const add = await app.ok('actions.prepare', {
        kind: 'addTrigger',
        walletId,
        accountId: account,
        marketId: 0,
        triggerKind: 'STOP_LOSS',
        triggerPrice: mark - 30_000n - BigInt(i),
      });
      const triggerId = numberLine(
        await app.ok('actions.confirm', { confirmationId: add.confirmationId }),
        'triggerId',
      );
      ids.push(triggerId);
      const remove = await app.ok('actions.prepare', {
        kind: 'removeTrigger',
        walletId,
        accountId: account,
        marketId: 0,
        triggerId: triggerId,
      });
      await app.ok('actions.confirm', { confirmationId: remove.confirmationId });
    }
    // more than one 50-row page on the exchange: the view walks to the newest
    const { finished } = await app.ok('triggers.get', { accountId: account });
    expect(finished).toHaveLength(50);
    expect(finished[0]).toMatchObject({ triggerId: ids.at(-1), status: 'removed' });
    expect(finished.map((t) => t.triggerId)).toEqual(ids.slice(-50).reverse());

    // a re-read starts at the last page remembered, not the first: one or two requests, however long
    const pages = vi.spyOn(app.core.connection!.client, 'triggerFinalisations');
    try {
      expect((await app.ok('triggers.get', { accountId: account })).finished).toEqual(finished);
      expect(pages.mock.calls.length).toBeLessThanOrEqual(2);
      expect(pages.mock.calls[0]![1]).toHaveProperty('startInclusive');

      // and one finished since is the newest shown
      const add = await app.ok('actions.prepare', {
        kind: 'addTrigger',
        walletId,
        accountId: account,
        marketId: 0,
        triggerKind: 'STOP_LOSS',
        triggerPrice: mark - 40_000n,
      });
      const triggerId = numberLine(
        await app.ok('actions.confirm', { confirmationId: add.confirmationId }),
        'triggerId',
      );
      const remove = await app.ok('actions.prepare', {
        kind: 'removeTrigger',
        walletId,
        accountId: account,
        marketId: 0,
        triggerId: triggerId,
      });
      await app.ok('actions.confirm', { confirmationId: remove.confirmationId });
      pages.mockClear();
      const again = (await app.ok('triggers.get', { accountId: account })).finished;
      expect(pages.mock.calls.length).toBeLessThanOrEqual(2);
      expect(again.map((t) => t.triggerId)).toEqual([...ids, triggerId].slice(-50).reverse());
    } finally {
      pages.mockRestore();
    }
    // 112 signed actions: on a loaded machine they take longer than the default 20 s
  }, 60_000);
});

describe('the margin effect of taking collateral out', () => {
  it('shows free collateral and health after a withdrawal, and refuses one the positions need', async () => {
    const detail = await app.ok('portfolio.account', { accountId: account });
    expect(detail.positions.length).toBeGreaterThan(0);
    const withdraw = (amount: bigint) =>
      app.call('actions.prepare', { kind: 'withdraw', walletId, accountId: account, tokenId: USDC, amount });
    const balance = detail.balances.find((b) => b.tokenId === USDC)!.amount;
    expect(balance).toBeGreaterThan(detail.freeCollateral);
    // more than is free, though less than the balance: the position needs the rest
    expect(await failure(withdraw(detail.freeCollateral + usdc(10)))).toMatch(
      /open positions and orders need its collateral: at most [\d,.]+ USDC can leave it now/,
    );
    const prepared = await withdraw(usdc(100));
    if (!prepared.ok) throw new Error(prepared.error.message);
    const after = {
      freeCollateral: amountLine(prepared.value, 'freeCollateralAfter'),
      healthBps: percentLine(prepared.value, 'healthAfter'),
    };
    expect(after.freeCollateral).toBeLessThanOrEqual(detail.freeCollateral - usdc(100) + usdc(5));
    expect(after.freeCollateral).toBeGreaterThanOrEqual(detail.freeCollateral - usdc(100) - usdc(5));
    expect(after.healthBps).toBeLessThan(detail.healthBps!);
  });
});
