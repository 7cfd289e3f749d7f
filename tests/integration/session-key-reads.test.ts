// A session's signing key is read from the keychain once per unlock, not once per action (a keychain read
// cost more than the rest of an action), and holding it changes nothing about what may sign: locking drops
// it, and a revoked session is never signed with again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { createKeyringStore, type SecretStore } from '../../src/main/keychain/secret-store';
import { MemorySecretStore } from '../support/memory-store';
import { newAccount } from '../support/action-lines';
import { PASSPHRASE, createWallet, startApp, type TestApp } from './support/app';

/** the real keychain under scripts/with-keyring.sh, counting the reads of session secrets */
function countingStore(): { store: SecretStore; sessionReads: () => number } {
  const inner =
    process.env.PERPETUA_KEYRING_TEST === '1'
      ? createKeyringStore(`perpetua-it-${randomUUID()}`)
      : new MemorySecretStore();
  let reads = 0;
  return {
    store: {
      get: (name) => {
        if (name.startsWith('session:')) reads += 1;
        return inner.get(name);
      },
      set: (name, secret) => inner.set(name, secret),
      delete: (name) => inner.delete(name),
    },
    sessionReads: () => reads,
  };
}

let devnet: RunningDevnet;
let app: TestApp;
const counted = countingStore();
let walletId = '';
let from = 0;
let to = 0;

async function transfer(): Promise<void> {
  const summary = await app.ok('actions.prepare', {
    kind: 'transfer',
    walletId,
    fromAccountId: from,
    tokenId: 0,
    amount: 1n,
    toAccountId: to,
  });
  await app.ok('actions.confirm', { confirmationId: summary.confirmationId });
}

beforeAll(async () => {
  devnet = await startDevnet({ config: { depositDelayMs: 0 } });
  app = await startApp(devnet, { store: counted.store });
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  ({ walletId } = await createWallet(app, 'Main'));
  await app.ok('funds.faucet', { walletId, tokenId: 0, amount: 5_000_000n });
  await app.ok('funds.deposit', { walletId, tokenId: 0, amount: 5_000_000n });
  devnet.tick();
  await app.ok('sessions.create', { walletId, label: 'Desk' });
  from = (await app.ok('portfolio.get')).wallets[0]!.accounts[0]!.accountId;
  const first = await app.ok('actions.prepare', {
    kind: 'transfer',
    walletId,
    fromAccountId: from,
    tokenId: 0,
    amount: 1n,
  });
  to = newAccount(await app.ok('actions.confirm', { confirmationId: first.confirmationId }));
});
afterAll(async () => {
  await app?.close();
  await devnet?.close();
});

describe("a session's signing key", () => {
  it('is read from the keychain once while unlocked, however many actions it signs', async () => {
    const before = counted.sessionReads();
    for (let i = 0; i < 5; i += 1) await transfer();
    expect(counted.sessionReads() - before).toBe(0);
    expect(before).toBeGreaterThanOrEqual(1);
  });

  it('is read again after the app was locked and unlocked: locking drops it', async () => {
    await app.ok('lock.lock');
    await app.ok('lock.unlock', { passphrase: PASSPHRASE });
    const before = counted.sessionReads();
    await transfer();
    await transfer();
    expect(counted.sessionReads() - before).toBe(1);
  });

  it('is never signed with once its session is revoked: the next action makes a new session', async () => {
    const [held] = (await app.ok('sessions.list')).filter((s) => s.createdHere);
    await app.ok('sessions.revoke', { walletId, sessionId: held!.sessionId });
    await transfer();
    const after = await app.ok('sessions.list');
    expect(after.map((s) => s.sessionId)).not.toContain(held!.sessionId);
    expect(after.filter((s) => s.createdHere)).toHaveLength(1);
  });
});
