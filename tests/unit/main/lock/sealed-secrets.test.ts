// Wallet and session secrets are sealed under the passphrase: the keychain alone reveals nothing, a tampered
// record cannot weaken scrypt, plain records from earlier versions are sealed at the next unlock, and a
// passphrase change that dies after any number of keychain writes loses nothing.
import { describe, expect, it } from 'vitest';
import { AppLock } from '../../../../src/main/lock/app-lock';
import { hashPassphrase } from '../../../../src/main/lock/passphrase-hash';
import type { SecretStore } from '../../../../src/main/keychain/secret-store';
import { AppFailure } from '../../../../src/shared/result';
import { FAST_SCRYPT, MemorySecretStore } from '../../../support/memory-store';
import { GatedStore } from '../../../support/gated-store';

const OLD = 'correct horse battery';
const NEW = 'a brand new passphrase';
const SECRETS: Record<string, string> = {
  'wallet:AAA': '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi6secretwallet',
  'session:BBB': '3yZe7d3M3kbXW9Ft9GDXSsYLQfBeEi7mA8ReRJpz5BZe',
  'phrase:CCC': 'abandon ability able about above absent absorb abstract absurd abuse access accident',
};

const newLock = (store: SecretStore, extra: Partial<ConstructorParameters<typeof AppLock>[0]> = {}) =>
  new AppLock({ store, scrypt: FAST_SCRYPT, setTimer: () => 0, clearTimer: () => {}, ...extra });

async function failure(promise: Promise<unknown>): Promise<AppFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error('expected an AppFailure');
}

async function withSecrets(): Promise<{ store: MemorySecretStore; lock: AppLock }> {
  const store = new MemorySecretStore();
  const lock = newLock(store);
  await lock.init();
  await lock.setup(OLD);
  for (const [name, secret] of Object.entries(SECRETS)) await lock.secrets.set(name, secret);
  return { store, lock };
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

  it('a record tampered to weaken scrypt is refused before any guess is checked', async () => {
    const { store } = await withSecrets();
    const record = JSON.parse(store.items.get('app-lock')!);
    store.items.set('app-lock', JSON.stringify({ ...record, kdf: { ...record.kdf, N: 2 ** 4 } }));
    const lock = newLock(store);
    await lock.init();
    expect((await failure(lock.unlock(OLD))).message).toMatch(/weaker protection than Perpetua allows/);
    store.items.set('app-lock', JSON.stringify({ ...record, kdf: { ...record.kdf, r: 1 } }));
    expect((await failure(lock.unlock(OLD))).message).toMatch(/weaker protection/);
    // nor can it make an unlock take minutes and gigabytes
    store.items.set('app-lock', JSON.stringify({ ...record, kdf: { ...record.kdf, N: 2 ** 30 } }));
    expect((await failure(lock.unlock(OLD))).message).toMatch(/damaged/);
    // a legacy hash is held to the same minimum
    store.items.set('app-lock', await hashPassphrase(OLD, { N: 2 ** 4, r: 8, p: 1 }));
    expect((await failure(lock.unlock(OLD))).message).toMatch(/weaker protection/);
  });

  it('plain secrets of an earlier version are sealed at the next unlock, and the hash becomes a lock record', async () => {
    const store = new MemorySecretStore();
    store.items.set('app-lock', await hashPassphrase(OLD, FAST_SCRYPT));
    store.items.set('app-lock-attempts', JSON.stringify({ failures: 1, blockedUntilMs: 0 }));
    for (const [name, secret] of Object.entries(SECRETS)) store.items.set(name, secret);
    const lock = newLock(store, { plainSecretNames: () => Object.keys(SECRETS) });
    await lock.init();
    expect((await failure(lock.unlock('not the passphrase'))).message).toBe(
      'That passphrase is not correct.',
    );
    expect(store.items.get('wallet:AAA')).toBe(SECRETS['wallet:AAA']);
    await lock.unlock(OLD);
    expect(JSON.parse(store.items.get('app-lock')!)).toMatchObject({ v: 2, failures: 0 });
    expect(store.items.has('app-lock-attempts')).toBe(false);
    for (const [name, secret] of Object.entries(SECRETS)) {
      expect(store.items.get(name)).toMatch(/^sealed1\./);
      expect(await lock.secrets.get(name)).toBe(secret);
    }
    lock.lock();
    await lock.unlock(OLD);
    expect(await lock.secrets.get('phrase:CCC')).toBe(SECRETS['phrase:CCC']);
  });

  it('looks up which secrets are plain while the passphrase is checked; after it, only those are sealed', async () => {
    const { store, lock } = await withSecrets();
    store.items.set('wallet:OLD', 'a key an earlier version stored in plain');
    const names = [...Object.keys(SECRETS), 'wallet:OLD'];
    const gated = new GatedStore(store);
    const unlocking = newLock(gated, { plainSecretNames: () => names });
    await unlocking.init();
    gated.reads.length = 0;
    // the lock record's read is held: the passphrase check cannot have finished
    const { held, release } = gated.hold('app-lock');
    const unlocked = unlocking.unlock(OLD);
    await held;
    await new Promise((resolve) => setImmediate(resolve));
    expect([...gated.reads].sort()).toEqual(['app-lock', ...names].sort());
    release();
    await unlocked;
    const reads = gated.reads;
    // the sealed ones were read once, before the passphrase was accepted; only the plain one again after
    expect(reads.filter((n) => n === 'wallet:AAA')).toHaveLength(1);
    expect(reads.filter((n) => n === 'wallet:OLD')).toHaveLength(2);
    expect(store.items.get('wallet:OLD')).toMatch(/^sealed1\./);
    expect(await unlocking.secrets.get('wallet:OLD')).toBe('a key an earlier version stored in plain');
    lock.lock();
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
