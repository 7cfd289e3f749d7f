// The OS keychain for real: gnome-keyring's Secret Service on a private D-Bus session (scripts/with-keyring.sh
// sets one up and PERPETUA_KEYRING_TEST=1). The locked and missing cases run in child processes with their
// own D-Bus sessions.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import bs58 from 'bs58';
import { createKeyringStore, probeKeychain } from '../../src/main/keychain/secret-store';
import { AppLock } from '../../src/main/lock/app-lock';
import { FAST_KDF } from '../support/memory-store';
import { WalletService } from '../../src/main/wallets/wallet-service';
import { haveKeyringTools } from './support/keyring-tools';

const haveKeyring = process.env.PERPETUA_KEYRING_TEST === '1';
const haveTools = haveKeyringTools;
if (!haveKeyring)
  console.warn(
    '\n*** OS keychain tests SKIPPED: run them with scripts/with-keyring.sh (npm test does) on a machine with dbus and gnome-keyring. ***\n',
  );

const service = `perpetua-test-${randomUUID()}`;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.skipIf(!haveKeyring)('OS keychain (real gnome-keyring)', () => {
  const store = createKeyringStore(service);

  it('stores, reads back and deletes a secret', async () => {
    await probeKeychain(store);
    await store.set('wallet:a', 'secret-a');
    expect(await store.get('wallet:a')).toBe('secret-a');
    expect(await store.delete('wallet:a')).toBe(true);
    expect(await store.get('wallet:a')).toBeNull();
    expect(await store.delete('wallet:a')).toBe(false);
  });

  it('keeps services apart', async () => {
    const other = createKeyringStore(`${service}-other`);
    await store.set('wallet:b', 'mine');
    expect(await other.get('wallet:b')).toBeNull();
    await store.delete('wallet:b');
  });

  it('a wallet lives in the keychain: create, confirm, list, export, remove', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-kc-'));
    dirs.push(dataDir);
    const lock = new AppLock({ store, kdf: FAST_KDF });
    await lock.init();
    await lock.setup('keychain test passphrase');
    const wallets = new WalletService({ store: lock.secrets, lock, dataDir });
    const pending = await wallets.create('Real keychain', 'keychain test passphrase');
    const wallet = await wallets.confirmBackup(pending.pendingId, pending.secretKey.slice(-6));
    // what the keychain holds is sealed under the passphrase: on its own it reveals nothing
    const raw = (await store.get(`wallet:${wallet.publicKey}`))!;
    expect(raw).toMatch(/^sealed1\./);
    expect(raw).not.toContain(pending.secretKey.slice(0, 16));
    expect(await lock.secrets.get(`wallet:${wallet.publicKey}`)).toBe(pending.secretKey);
    expect(wallets.list().map((w) => w.publicKey)).toEqual([wallet.publicKey]);
    expect((await wallets.export(wallet.walletId, 'keychain test passphrase')).secretKey).toBe(
      pending.secretKey,
    );
    expect(bs58.encode((await wallets.signingKey(wallet.walletId)).publicKey)).toBe(wallet.publicKey);

    // a second app instance (restart) finds the passphrase and the wallet in the keychain
    const lock2 = new AppLock({ store, kdf: FAST_KDF });
    expect((await lock2.init()).status).toBe('locked');
    await lock2.unlock('keychain test passphrase');
    const again = new WalletService({ store: lock2.secrets, lock: lock2, dataDir });
    expect(bs58.encode((await again.signingKey(wallet.walletId)).publicKey)).toBe(wallet.publicKey);
    await again.remove(wallet.walletId, wallet.publicKey, 'keychain test passphrase');
    expect(await store.get(`wallet:${wallet.publicKey}`)).toBeNull();
    await store.delete('app-lock');
    await store.delete('sealed-index');
  });
});

describe.skipIf(!haveTools)('OS keychain unavailable', () => {
  const child = (shell: string) => {
    const home = mkdtempSync(join(tmpdir(), 'perpetua-kc-home-'));
    dirs.push(home);
    const result = spawnSync('sh', ['-c', shell], {
      // Its own runtime folder too: gnome-keyring finds a running daemon through it, and the child's would
      // otherwise reach the suite's unlocked one instead of starting a locked one of its own.
      env: {
        ...process.env,
        HOME: home,
        XDG_DATA_HOME: home,
        XDG_RUNTIME_DIR: home,
        DBUS_SESSION_BUS_ADDRESS: '',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    const line = result.stdout.trim().split('\n').pop() ?? '';
    return JSON.parse(line) as { ok: boolean; code?: string; message?: string; back?: string };
  };
  const script = `${process.execPath} --import tsx tests/integration/support/keychain-child.ts ${service}`;

  it('no Secret Service on the bus: a clear error, never a plaintext fallback', () => {
    const outcome = child(`unset DBUS_SESSION_BUS_ADDRESS; ${script}`);
    expect(outcome).toMatchObject({ ok: false, code: 'KEYCHAIN_UNAVAILABLE' });
    expect(outcome.message).toMatch(/No OS keychain is available/);
  });

  it('a locked keyring: a clear error and nothing stored', () => {
    const outcome = child(
      `dbus-run-session -- sh -c 'gnome-keyring-daemon --start --components=secrets >/dev/null 2>&1; ${script}' 2>/dev/null`,
    );
    expect(outcome).toMatchObject({ ok: false, code: 'KEYCHAIN_UNAVAILABLE' });
    expect(outcome.message).toMatch(/locked or refused access/);
  });
});
