import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { WalletService, parseSecretKey } from '../../../../src/main/wallets/wallet-service';
import { AppLock } from '../../../../src/main/lock/app-lock';
import { AppFailure } from '../../../../src/shared/result';
import { FAST_KDF, MemorySecretStore } from '../../../support/memory-store';

const PASS = 'correct horse battery';
let dir: string;
let store: MemorySecretStore;
let lock: AppLock;
let wallets: WalletService;
let now: number;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'perpetua-wallets-'));
  store = new MemorySecretStore();
  now = 1_000;
  lock = new AppLock({ store, kdf: FAST_KDF, now: () => now });
  await lock.init();
  await lock.setup(PASS);
  wallets = new WalletService({ store, lock, dataDir: dir, now: () => now });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const code = async (p: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    return (e as AppFailure).code;
  }
  return 'no error';
};

describe('creating a wallet', () => {
  it('shows the secret once and stores it only after the backup is confirmed', async () => {
    const pending = await wallets.create('Trading', PASS);
    const secret = bs58.decode(pending.secretKey);
    expect(secret).toHaveLength(64);
    expect(bs58.encode(secret.subarray(32))).toBe(pending.publicKey);
    expect(wallets.list()).toEqual([]);
    expect(store.items.size).toBe(1); // only the passphrase hash

    expect(await code(wallets.confirmBackup(pending.pendingId, 'wrong!'))).toBe('INVALID_ARGUMENT');
    const wallet = await wallets.confirmBackup(pending.pendingId, pending.secretKey.slice(-6));
    expect(wallet).toMatchObject({ label: 'Trading', publicKey: pending.publicKey });
    expect(wallets.list()).toEqual([wallet]);
    expect(store.items.get(`wallet:${pending.publicKey}`)).toBe(pending.secretKey);
    // the reveal cannot be fetched again
    expect(await code(wallets.confirmBackup(pending.pendingId, pending.secretKey.slice(-6)))).toBe(
      'NOT_FOUND',
    );
    // the metadata file holds no secret
    expect(readFileSync(join(dir, 'wallets.json'), 'utf8')).not.toContain(pending.secretKey);
  });

  it('forgets an unconfirmed wallet when the app locks', async () => {
    const pending = await wallets.create('Later', PASS);
    lock.lock();
    await lock.unlock(PASS);
    expect(await code(wallets.confirmBackup(pending.pendingId, pending.secretKey.slice(-6)))).toBe(
      'NOT_FOUND',
    );
  });

  it('needs the app unlocked', async () => {
    lock.lock();
    expect(await code(wallets.create('x', PASS))).toBe('LOCKED');
  });
});

describe('importing', () => {
  const pair = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(7));
  const pub = bs58.encode(pair.publicKey);

  it('takes a base58 64-byte key, a 32-byte seed, or a CLI keypair file, all as the same wallet', async () => {
    expect(
      parseSecretKey(bs58.encode(pair.secretKey)).key.publicKey.equals(Buffer.from(pair.publicKey)),
    ).toBe(true);
    expect(bs58.encode(parseSecretKey(bs58.encode(pair.secretKey.subarray(0, 32))).key.publicKey)).toBe(pub);
    expect(bs58.encode(parseSecretKey(JSON.stringify([...pair.secretKey])).key.publicKey)).toBe(pub);
    const wallet = await wallets.import('Imported', JSON.stringify([...pair.secretKey]), PASS);
    expect(wallet.publicKey).toBe(pub);
    expect(store.items.get(`wallet:${pub}`)).toBe(bs58.encode(pair.secretKey));
  });

  it('refuses a duplicate, a mismatched keypair and garbage, storing nothing', async () => {
    await wallets.import('One', bs58.encode(pair.secretKey), PASS);
    expect(await code(wallets.import('Two', bs58.encode(pair.secretKey.subarray(0, 32)), PASS))).toBe(
      'CONFLICT',
    );
    const forged = Uint8Array.from(pair.secretKey);
    forged[63] = forged[63]! ^ 1;
    expect(await code(wallets.import('Bad', bs58.encode(forged), PASS))).toBe('INVALID_ARGUMENT');
    expect(await code(wallets.import('Bad', '[1,2,3]', PASS))).toBe('INVALID_ARGUMENT');
    expect(await code(wallets.import('Bad', 'not-base58-0OIl', PASS))).toBe('INVALID_ARGUMENT');
    expect(await code(wallets.import('', bs58.encode(nacl.sign.keyPair().secretKey), PASS))).toBe(
      'INVALID_ARGUMENT',
    );
    expect(wallets.list()).toHaveLength(1);
  });

  it('a failing keychain leaves no wallet without its key', async () => {
    store.failNext = new AppFailure('KEYCHAIN_UNAVAILABLE', 'locked');
    expect(await code(wallets.import('X', bs58.encode(pair.secretKey), PASS))).toBe('KEYCHAIN_UNAVAILABLE');
    expect(wallets.list()).toEqual([]);
  });
});

describe('managing', () => {
  it('renames, exports after re-authentication, signs in main, and removes with confirmation', async () => {
    const pending = await wallets.create('Main', PASS);
    const wallet = await wallets.confirmBackup(pending.pendingId, pending.secretKey.slice(-6));
    expect(wallets.rename(wallet.walletId, '  Savings ').label).toBe('Savings');

    expect(await code(wallets.export(wallet.walletId, 'wrong passphrase'))).toBe('LOCKED');
    expect(await wallets.export(wallet.walletId, PASS)).toEqual({
      publicKey: wallet.publicKey,
      secretKey: pending.secretKey,
    });

    const key = await wallets.signingKey(wallet.walletId);
    expect(
      nacl.sign.detached.verify(
        Buffer.from('hi'),
        key.sign(Buffer.from('hi')),
        bs58.decode(wallet.publicKey),
      ),
    ).toBe(true);

    const removed: string[] = [];
    const w2 = new WalletService({
      store,
      lock,
      dataDir: dir,
      onRemoved: async (w) => void removed.push(w.publicKey),
    });
    expect(await code(w2.remove(wallet.walletId, 'not the key', PASS))).toBe('INVALID_ARGUMENT');
    // the passphrase goes with the removal itself, however recent the last unlock
    expect(await code(w2.remove(wallet.walletId, wallet.publicKey, 'wrong passphrase'))).toBe('LOCKED');
    expect(w2.list()).toHaveLength(1);
    expect(removed).toEqual([]);
    now += 6 * 60_000;
    await w2.remove(wallet.walletId, wallet.publicKey, PASS);
    expect(w2.list()).toEqual([]);
    expect(store.items.has(`wallet:${wallet.publicKey}`)).toBe(false);
    expect(removed).toEqual([wallet.publicKey]);
  });
});

describe('what counts as the person’s wallets', () => {
  const pair = nacl.sign.keyPair();

  it('an import needs the passphrase for that call; a wrong one stores nothing and counts toward the back-off', async () => {
    const secret = bs58.encode(pair.secretKey);
    for (let i = 0; i < 3; i += 1)
      expect(await code(wallets.import('Stranger', secret, 'not the passphrase'))).toBe('LOCKED');
    expect(wallets.list()).toEqual([]);
    expect(store.items.has(`wallet:${bs58.encode(pair.publicKey)}`)).toBe(false);
    // the third wrong one starts the unlock's own wait: even the right passphrase waits it out
    expect(await code(wallets.import('Stranger', secret, PASS))).toBe('THROTTLED');
    expect(lock.state().retryAfterSeconds).toBeGreaterThan(0);
    now += 2_000;
    expect((await wallets.import('Mine', secret, PASS)).label).toBe('Mine');
    // a bad key or name is told first, and costs no attempt
    expect(await code(wallets.import('Bad', '[1,2,3]', 'not the passphrase'))).toBe('INVALID_ARGUMENT');
    expect(lock.state().retryAfterSeconds).toBeUndefined();
  });

  it('a new key is revealed only with the passphrase: whoever sees it holds a wallet that counts as own', async () => {
    expect(await code(wallets.create('Mine', 'not the passphrase'))).toBe('LOCKED');
    expect(await code(wallets.create('', PASS))).toBe('INVALID_ARGUMENT');
    expect(wallets.list()).toEqual([]);
    const pending = await wallets.create('Mine', PASS);
    expect(pending.secretKey.length).toBeGreaterThan(80);
  });

  it('two removals of one wallet at once: one removes it, the other is told so', async () => {
    const pending = await wallets.create('Main', PASS);
    const wallet = await wallets.confirmBackup(pending.pendingId, pending.secretKey.slice(-6));
    const both = await Promise.allSettled([
      wallets.remove(wallet.walletId, wallet.publicKey, PASS),
      wallets.remove(wallet.walletId, wallet.publicKey, PASS),
    ]);
    expect(both.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(both[1]).toMatchObject({ reason: { code: 'CONFLICT' } });
    expect(wallets.list()).toEqual([]);
  });

  it('a demo wallet is listed on the demo devnet only, and cannot be imported again as one’s own', async () => {
    let network: 'embedded-devnet' | 'embedded-devnet-demo' = 'embedded-devnet-demo';
    const scoped = new WalletService({ store, lock, dataDir: dir, network: () => network });
    const demo = await scoped.adopt('Demo Alice', bs58.encode(pair.secretKey), 'demo');
    const mine = await scoped.create('Mine', PASS);
    const own = await scoped.confirmBackup(mine.pendingId, mine.secretKey.slice(-6));
    expect(scoped.list().map((w) => w.label)).toEqual(['Demo Alice', 'Mine']);

    network = 'embedded-devnet';
    expect(scoped.list()).toEqual([own]);
    expect(await code(() => scoped.get(demo.walletId))).toBe('NOT_FOUND');
    expect(await code(scoped.import('Alice', bs58.encode(pair.secretKey), PASS))).toBe('CONFLICT');
    // it is still kept (its key sealed with the rest), for when the demo devnet is chosen again
    expect(scoped.all().map((w) => w.label)).toEqual(['Demo Alice', 'Mine']);
    network = 'embedded-devnet-demo';
    expect(scoped.list()).toHaveLength(2);
  });
});
