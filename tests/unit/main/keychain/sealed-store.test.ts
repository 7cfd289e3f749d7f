// Wallet and session secrets are sealed under the passphrase: the keychain alone reveals nothing, a tampered
// record cannot weaken the key derivation, a plain record is refused, an unlock reads only the lock record,
// and a passphrase change that dies after any number of keychain writes loses nothing.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { AppLock } from '../../../../src/main/lock/app-lock';
import type { SecretStore } from '../../../../src/main/keychain/secret-store';
import { FAST_KDF, MemorySecretStore } from '../../../support/memory-store';
import { GatedStore } from '../../../support/gated-store';
import { failure } from '../../../support/app-failure';

const OLD = 'correct horse battery';
const NEW = 'a brand new passphrase';
const SECRETS: Record<string, string> = {
  'wallet:AAA': '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi6secretwallet',
  'session:BBB': '3yZe7d3M3kbXW9Ft9GDXSsYLQfBeEi7mA8ReRJpz5BZe',
  'phrase:CCC': 'abandon ability able about above absent absorb abstract absurd abuse access accident',
};

const newLock = (store: SecretStore, extra: Partial<ConstructorParameters<typeof AppLock>[0]> = {}) =>
  new AppLock({ store, kdf: FAST_KDF, setTimer: () => 0, clearTimer: () => {}, ...extra });

async function withSecrets(): Promise<{ store: MemorySecretStore; lock: AppLock }> {
  const store = new MemorySecretStore();
  const lock = newLock(store);
  await lock.init();
  await lock.setup(OLD);
  for (const [name, secret] of Object.entries(SECRETS)) await lock.secrets.set(name, secret);
  return { store, lock };
}

/** A lock started over `store`, its keychain reads recorded from here on. */
async function watchedLock(store: SecretStore): Promise<{ gated: GatedStore; lock: AppLock }> {
  const gated = new GatedStore(store);
  const lock = newLock(gated);
  await lock.init();
  gated.reads.length = 0;
  return { gated, lock };
}

/** The raw store, failing every write after the first `writes` (a crash or a keychain gone mid-way). */
class FailingStore implements SecretStore {
  constructor(
    private readonly inner: MemorySecretStore,
    private writes: number,
  ) {}
  get(name: string) {
    return this.inner.get(name);
  }
  async set(name: string, secret: string) {
    if (this.writes-- <= 0) throw new Error('crashed');
    return this.inner.set(name, secret);
  }
  async delete(name: string) {
    if (this.writes-- <= 0) throw new Error('crashed');
    return this.inner.delete(name);
  }
}

describe('secrets sealed under the passphrase', () => {
  it('the keychain alone reveals nothing; locked, nothing opens; unlocked, everything does', async () => {
    const { store, lock } = await withSecrets();
    for (const [name, secret] of Object.entries(SECRETS)) {
      const raw = store.items.get(name)!;
      expect(raw).toMatch(/^sealed1\./);
      expect(raw).not.toContain(secret);
      expect(raw).not.toContain(secret.slice(0, 12));
    }
    for (const value of store.items.values())
      for (const s of Object.values(SECRETS)) expect(value).not.toContain(s);
    lock.lock();
    expect((await failure(lock.secrets.get('wallet:AAA'))).code).toBe('LOCKED');
    expect((await failure(lock.secrets.set('wallet:DDD', 'x'))).code).toBe('LOCKED');
    // a restarted app reads them only after the passphrase
    const restarted = newLock(store);
    await restarted.init();
    expect((await failure(restarted.secrets.get('wallet:AAA'))).code).toBe('LOCKED');
    await restarted.unlock(OLD);
    for (const [name, secret] of Object.entries(SECRETS))
      expect(await restarted.secrets.get(name)).toBe(secret);
  });

  it('refuses a plain record planted in the keychain, and a sealed one moved under another name', async () => {
    const { store, lock } = await withSecrets();
    store.items.set('wallet:EEE', 'planted plain secret');
    expect((await failure(lock.secrets.get('wallet:EEE'))).message).toMatch(/without passphrase protection/);
    store.items.set('wallet:EEE', store.items.get('wallet:AAA')!);
    expect((await failure(lock.secrets.get('wallet:EEE'))).message).toMatch(/changed outside Perpetua/);
  });

  it('a record tampered to weaken its key derivation is refused before any guess is checked', async () => {
    const { store } = await withSecrets();
    const record = JSON.parse(store.items.get('app-lock')!);
    expect(record.kdf).toMatchObject({ alg: 'argon2id', ...FAST_KDF.argon2id });
    const tampered = (kdf: object) =>
      store.items.set('app-lock', JSON.stringify({ ...record, kdf: { ...record.kdf, ...kdf } }));
    const lock = newLock(store);
    await lock.init();
    // less memory, fewer passes, or more lanes (each guess holds the memory for less time) are all weaker
    for (const weaker of [{ m: 32 }, { t: 0 }, { p: 2 }]) {
      tampered(weaker);
      expect((await failure(lock.unlock(OLD))).message).toMatch(
        /weaker protection than Perpetua allows|damaged/,
      );
    }
    tampered({ m: 32 });
    expect((await failure(lock.unlock(OLD))).message).toMatch(/weaker protection than Perpetua allows/);
    // nor can it make an unlock take minutes and gigabytes
    tampered({ m: 2 ** 24 });
    expect((await failure(lock.unlock(OLD))).message).toMatch(/damaged/);
    tampered({ alg: 'argon2i' });
    expect((await failure(lock.unlock(OLD))).message).toMatch(/damaged/);
    // a record in a shape this version does not write (another function, a bare hash) is not read at all
    const { alg: _alg, m: _m, t: _t, ...rest } = record.kdf;
    store.items.set('app-lock', JSON.stringify({ ...record, kdf: { ...rest, N: 2 ** 17, r: 8, p: 1 } }));
    expect((await failure(lock.unlock(OLD))).message).toMatch(/damaged/);
    store.items.set('app-lock', `scrypt$131072$8$1$${randomBytes(32).toString('base64')}$x`);
    expect((await failure(lock.unlock(OLD))).message).toMatch(/damaged/);
    // nothing was counted as a wrong guess, and the untouched record still opens
    store.items.set('app-lock', JSON.stringify(record));
    await lock.unlock(OLD);
    expect(await lock.secrets.get('wallet:AAA')).toBe(SECRETS['wallet:AAA']);
  });

  it('an unlock reads only the lock record, and a plain record planted in the keychain is refused, never sealed', async () => {
    const { store } = await withSecrets();
    store.items.set('wallet:PLANTED', 'a key someone else put in the keychain');
    const { gated, lock: unlocking } = await watchedLock(store);
    await unlocking.unlock(OLD);
    expect(gated.reads).toEqual(['app-lock']);
    expect(store.items.get('wallet:PLANTED')).toBe('a key someone else put in the keychain');
    expect((await failure(unlocking.secrets.get('wallet:PLANTED'))).message).toMatch(
      /without passphrase protection/,
    );
    expect(await unlocking.secrets.get('wallet:AAA')).toBe(SECRETS['wallet:AAA']);
  });

  it('a lock record changed since it was read (another copy of the app changed the passphrase) is checked with its own salt', async () => {
    const { store, lock } = await withSecrets();
    const other = newLock(store);
    await other.init();
    lock.lock();
    // this copy last read the record under OLD; the other changes it to NEW
    await other.unlock(OLD);
    await other.changePassphrase(OLD, NEW);
    await lock.unlock(NEW);
    expect(await lock.secrets.get('wallet:AAA')).toBe(SECRETS['wallet:AAA']);
    lock.lock();
    expect((await failure(lock.unlock(OLD))).message).toBe('That passphrase is not correct.');
  });

  it('changing the passphrase re-seals every secret under a new key', async () => {
    const { store, lock } = await withSecrets();
    const keyOf = (name: string) => store.items.get(name)!.split('.')[1];
    const before = keyOf('wallet:AAA');
    await lock.changePassphrase(OLD, NEW);
    for (const name of Object.keys(SECRETS)) expect(keyOf(name)).not.toBe(before);
    expect(JSON.parse(store.items.get('app-lock')!).keys).toHaveLength(1);
    lock.lock();
    expect((await failure(lock.unlock(OLD))).code).toBe('LOCKED');
    await lock.unlock(NEW);
    for (const [name, secret] of Object.entries(SECRETS)) expect(await lock.secrets.get(name)).toBe(secret);
  });

  // 0 writes: nothing changed; 1: the switch; 2-4: the records one by one; 5: the old key dropped
  it.each([0, 1, 2, 3, 4, 5])(
    'a change that dies after %i keychain writes loses nothing: old or new opens everything',
    async (writes) => {
      const { store, lock } = await withSecrets();
      const crashing = newLock(new FailingStore(store, writes));
      await crashing.init();
      await crashing.unlock(OLD);
      const change = crashing.changePassphrase(OLD, NEW).then(
        () => 'done',
        () => 'crashed',
      );
      expect(await change).toBe(writes >= 5 ? 'done' : 'crashed');
      lock.lock();

      // the next start, on the keychain as the crash left it
      const restarted = newLock(store);
      await restarted.init();
      const oldWorks = await restarted.unlock(OLD).then(
        () => true,
        () => false,
      );
      const newWorks = oldWorks
        ? false
        : await restarted.unlock(NEW).then(
            () => true,
            () => false,
          );
      expect(oldWorks).toBe(writes === 0);
      expect(newWorks).toBe(writes > 0);
      for (const [name, secret] of Object.entries(SECRETS))
        expect(await restarted.secrets.get(name)).toBe(secret);
      // that unlock finished the change: one key, every record under it
      const record = JSON.parse(store.items.get('app-lock')!);
      expect(record.keys).toHaveLength(1);
      for (const name of Object.keys(SECRETS))
        expect(store.items.get(name)!.split('.')[1]).toBe(record.keys[0].id);
    },
  );
});
