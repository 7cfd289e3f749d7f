// An app data folder and keychain left by a version that stored secrets in plain: the next unlock seals every
// wallet and session secret the app's files name, and the app goes on signing with them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { hashPassphrase } from '../../src/main/lock/passphrase-hash';
import { MemorySecretStore } from '../support/memory-store';
import { PASSPHRASE, startApp } from './support/app';

let devnet: RunningDevnet;
const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-migrate-'));

beforeAll(async () => {
  devnet = await startDevnet({ config: { depositDelayMs: 0 } });
});
afterAll(async () => {
  await devnet?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('plain secrets from an earlier version', () => {
  it('are sealed at the next unlock, and still sign', async () => {
    const store = new MemorySecretStore();
    const first = await startApp(devnet, { store, dataDir });
    await first.ok('lock.setup', { passphrase: PASSPHRASE });
    const pending = await first.ok('wallets.create', { label: 'Old', passphrase: PASSPHRASE });
    const wallet = await first.ok('wallets.confirmBackup', {
      pendingId: pending.pendingId,
      confirmation: pending.secretKey.slice(-6),
    });
    await first.ok('funds.faucet', { walletId: wallet.walletId, tokenId: 0, amount: 5_000_000n });
    await first.ok('funds.deposit', { walletId: wallet.walletId, tokenId: 0, amount: 5_000_000n });
    for (let i = 0; i < 80 && (await first.ok('funds.deposits'))[0]?.status !== 'credited'; i += 1)
      await new Promise((r) => setTimeout(r, 100));
    const session = await first.ok('sessions.create', { walletId: wallet.walletId });
    const walletItem = `wallet:${wallet.publicKey}`;
    const sessionItem = `session:${session.sessionKey}`;
    const plainSession = (await first.core.services.lock.secrets.get(sessionItem))!;
    await first.close();

    // the keychain as the earlier version kept it: a bare hash and base58 secrets
    store.items.clear();
    store.items.set('app-lock', await hashPassphrase(PASSPHRASE, { N: 2 ** 12, r: 8, p: 1 }));
    store.items.set(walletItem, pending.secretKey);
    store.items.set(sessionItem, plainSession);

    const app = await startApp(devnet, { store, dataDir });
    try {
      await app.ok('lock.unlock', { passphrase: PASSPHRASE });
      for (const [item, plain] of [
        [walletItem, pending.secretKey],
        [sessionItem, plainSession],
      ] as const) {
        expect(store.items.get(item)).toMatch(/^sealed1\./);
        expect(store.items.get(item)).not.toContain(plain.slice(0, 12));
      }
      expect(JSON.parse(store.items.get('app-lock')!)).toMatchObject({ v: 2 });
      // the migrated session key signs: a transfer goes through without making another session
      const account = (await app.ok('portfolio.get')).wallets[0]!.accounts[0]!.accountId;
      const summary = await app.ok('actions.prepare', {
        kind: 'transfer',
        walletId: wallet.walletId,
        fromAccountId: account,
        tokenId: 0,
        amount: 1_000_000n,
      });
      await app.ok('actions.confirm', { confirmationId: summary.confirmationId });
      expect((await app.ok('sessions.list')).map((s) => s.sessionId)).toEqual([session.sessionId]);
      expect(
        (await app.ok('wallets.export', { walletId: wallet.walletId, passphrase: PASSPHRASE })).secretKey,
      ).toBe(pending.secretKey);
    } finally {
      await app.close();
    }
  });
});
