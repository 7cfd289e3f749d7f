// Asking for the passphrase in the middle of a confirmation must not void it: the lock is checked before
// the single-use confirmation is spent.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { accountLine } from '../support/action-lines';
import { PASSPHRASE, depositCredited, startApp, type TestApp } from './support/app';

let devnet: RunningDevnet;
let app: TestApp;
let now = Date.now();

beforeAll(async () => {
  devnet = await startDevnet({ config: { depositDelayMs: 0 } });
  app = await startApp(devnet, { now: () => now });
});
afterAll(async () => {
  await app?.close();
  await devnet?.close();
});

describe('confirming after the unlock went stale', () => {
  it('asks for the passphrase, then the same confirmation goes through', async () => {
    await app.ok('lock.setup', { passphrase: PASSPHRASE });
    const pending = await app.ok('wallets.create', { label: 'Main', passphrase: PASSPHRASE });
    const { walletId } = await app.ok('wallets.confirmBackup', {
      pendingId: pending.pendingId,
      confirmation: pending.secretKey.slice(-6),
    });
    await depositCredited(app, walletId, 50_000_000n);
    const account = (await app.ok('portfolio.get')).wallets[0]!.accounts[0]!.accountId;

    // Six minutes later (no session yet, so signing needs a wallet-signed CreateSession first)
    now += 6 * 60_000;
    const summary = await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: 0,
      amount: 1_000_000n,
    });
    const first = await app.call('actions.confirm', { confirmationId: summary.confirmationId });
    expect(first).toMatchObject({
      ok: false,
      error: { code: 'LOCKED', message: 'Confirm with your passphrase to continue.' },
    });
    await app.ok('lock.unlock', { passphrase: PASSPHRASE });
    const second = await app.ok('actions.confirm', { confirmationId: summary.confirmationId });
    expect(accountLine(second, 'to')).not.toBeNull();
    // and it is single use once spent
    expect(await app.call('actions.confirm', { confirmationId: summary.confirmationId })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' },
    });
  });
});

describe('a lock arriving while a confirmation is in flight', () => {
  it('stops it before anything is signed', async () => {
    const walletId = (await app.ok('wallets.list'))[0]!.walletId;
    const account = (await app.ok('portfolio.get')).wallets[0]!.accounts[0]!.accountId;
    const balance = async () =>
      (await app.ok('portfolio.account', { accountId: account })).balances.find((b) => b.tokenId === 0)!
        .amount;
    const before = await balance();
    const summary = await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: 0,
      amount: 1_000_000n,
    });
    // the lock lands when the signer asks for the engine time, the last step before it signs
    const clock = app.core.connection!.clock;
    const seconds = clock.seconds.bind(clock);
    const spy = vi.spyOn(clock, 'seconds').mockImplementation(async () => {
      app.core.lock.lock();
      return seconds();
    });
    try {
      expect(await app.call('actions.confirm', { confirmationId: summary.confirmationId })).toMatchObject({
        ok: false,
        error: { code: 'LOCKED' },
      });
    } finally {
      spy.mockRestore();
    }
    await app.ok('lock.unlock', { passphrase: PASSPHRASE });
    expect(await balance()).toBe(before);
  });
});
