// One reviewed action is signed at most once, however many confirmations of it race; and a review left open
// longer than the two minutes its dialog states can no longer be signed. Against the real devnet: the
// balances and the session list are the exchange's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { PASSPHRASE, depositCredited, startApp, type TestApp } from './support/app';

let devnet: RunningDevnet;
let app: TestApp;
let now = Date.now();
let walletId = '';
let account = 0;
const usdc = (n: number) => BigInt(n) * 1_000_000n;

const balanceOf = async (accountId: number): Promise<bigint> =>
  (await app.ok('portfolio.account', { accountId })).balances.find((b) => b.tokenId === 0)?.amount ?? 0n;

beforeAll(async () => {
  devnet = await startDevnet({ config: { depositDelayMs: 0, withdrawalDelayMs: 0 } });
  app = await startApp(devnet, { now: () => now });
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  const pending = await app.ok('wallets.create', { label: 'Main', passphrase: PASSPHRASE });
  ({ walletId } = await app.ok('wallets.confirmBackup', {
    pendingId: pending.pendingId,
    confirmation: pending.secretKey.slice(-6),
  }));
  await depositCredited(app, walletId, usdc(100));
  account = (await app.ok('portfolio.get')).wallets[0]!.accounts[0]!.accountId;
});
afterAll(async () => {
  await app?.close();
  await devnet?.close();
});

describe('a confirmation executes at most once', () => {
  it('three concurrent confirms of one transfer: one transfer, one new session, two clear refusals', async () => {
    const before = await balanceOf(account);
    // no session yet: the first confirm must create one, and the others must not create more
    const summary = await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: 0,
      amount: usdc(1),
    });
    const results = await Promise.all(
      [1, 2, 3].map(() => app.call('actions.confirm', { confirmationId: summary.confirmationId })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const refused of results.filter((r) => !r.ok))
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'CONFLICT', message: expect.stringMatching(/already (being )?(signed|used)/) },
      });
    expect(await balanceOf(account)).toBe(before - usdc(1));
    expect((await app.ok('sessions.list')).filter((s) => s.walletId === walletId)).toHaveLength(1);
  });

  it('two concurrent confirms of one withdrawal: the money leaves once', async () => {
    const before = await balanceOf(account);
    const summary = await app.ok('actions.prepare', {
      kind: 'withdraw',
      walletId,
      accountId: account,
      tokenId: 0,
      amount: usdc(2),
    });
    const results = await Promise.all(
      [1, 2].map(() =>
        app.call('actions.confirm', { confirmationId: summary.confirmationId, passphrase: PASSPHRASE }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(await balanceOf(account)).toBe(before - usdc(2));
  });
});

describe('prepared confirmations expire', () => {
  it('two minutes after the review, the confirmation is refused and forgotten', async () => {
    const summary = await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: 0,
      amount: usdc(1),
    });
    expect(summary.expiresAt).toBe(now + 120_000);
    const pipeline = app.core.connection!.pipeline;
    expect(pipeline.preparedCount()).toBe(1);
    now += 120_000;
    expect(await app.call('actions.confirm', { confirmationId: summary.confirmationId })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', message: 'This confirmation expired. Review the details again.' },
    });
    // reviews nobody confirms are evicted too, not kept for the life of the app
    await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: 0,
      amount: 1n,
    });
    now += 120_000;
    await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: 0,
      amount: 2n,
    });
    expect(pipeline.preparedCount()).toBe(1);
  });
});
