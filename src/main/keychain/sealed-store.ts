// Named secrets sealed with AES-256-GCM before they reach the OS keychain, so that the keychain alone (which
// any process of the user can read) reveals nothing. It sits above the raw store and is itself a SecretStore:
// wallets, sessions and recovery phrases store and read through it by name exactly as before. The data key
// lives in main's memory only while the app is unlocked (the lock opens and closes this store); the
// passphrase's key derivation runs at unlock, never per signature. Each sealed record names the data key it
// was sealed under, so a passphrase change can re-seal records one by one and a crash halfway leaves every
// record readable. The record's name is bound into the seal: one record moved under another name does not
// open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppFailure } from '../../shared/result';
import type { SecretStore } from './secret-store';

export interface DataKey {
  id: string;
  key: Buffer;
}

const PREFIX = 'sealed1';
/** The names this layer keeps for itself beside the sealed records. */
const INDEX_ITEM = 'sealed-index';
const RESERVED = new Set([INDEX_ITEM, 'app-lock', 'app-lock-attempts']);
const IndexSchema = z.array(z.string().max(200)).max(100_000);

const locked = (): AppFailure =>
  new AppFailure('LOCKED', 'Perpetua is locked. Unlock it with your passphrase.');
const unreadable = (name: string, why: string): AppFailure =>
  new AppFailure('KEYCHAIN_UNAVAILABLE', `The key stored as "${name.split(':')[0]}" cannot be used: ${why}`);

export const isSealed = (value: string): boolean => value.startsWith(`${PREFIX}.`);

export class SealedStore implements SecretStore {
  /** data keys by id; `current` seals, the others only open records not yet re-sealed */
  private keys = new Map<string, Buffer>();
  private current: DataKey | null = null;
  /** changes of the index and the records run one at a time */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly raw: SecretStore) {}

  get isOpen(): boolean {
    return this.current !== null;
  }

  /** Called by the lock once the passphrase opened the data keys; the first is the one that seals. */
  open(keys: DataKey[]): void {
    this.close();
    for (const k of keys) this.keys.set(k.id, Buffer.from(k.key));
    const first = keys[0];
    if (!first) throw new Error('no data key');
    this.current = { id: first.id, key: this.keys.get(first.id)! };
  }

  /** Wipes the data keys: from here on nothing sealed can be read or written until the next unlock. */
  close(): void {
    for (const key of this.keys.values()) key.fill(0);
    this.keys.clear();
    this.current = null;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => {});
    return run;
  }

  private seal(name: string, plain: Buffer): string {
    if (!this.current) throw locked();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv).setAAD(Buffer.from(name));
    const data = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    return [PREFIX, this.current.id, iv.toString('base64'), data.toString('base64')].join('.');
  }

  /**
   * The plain bytes of a sealed record; the caller wipes them. Checked for the lock here, after the read
   * that brought the record: a lock landing while the keychain answered wiped the keys, and that is LOCKED,
   * not a record sealed under a key this passphrase does not open.
   */
  private open1(name: string, value: string): { keyId: string; plain: Buffer } {
    if (!this.current) throw locked();
    const [prefix, keyId, iv, data] = value.split('.');
    if (prefix !== PREFIX || !keyId || !iv || !data) throw unreadable(name, 'it is not sealed.');
    const key = this.keys.get(keyId);
    if (!key) throw unreadable(name, 'it was sealed under a key this passphrase does not open.');
    const bytes = Buffer.from(data, 'base64');
    if (bytes.length < 16) throw unreadable(name, 'the record is damaged.');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
        .setAAD(Buffer.from(name))
        .setAuthTag(bytes.subarray(bytes.length - 16));
      return {
        keyId,
        plain: Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]),
      };
    } catch {
      throw unreadable(name, 'the record was changed outside Perpetua.');
    }
  }

  private checkName(name: string): void {
    if (RESERVED.has(name) || name.length === 0 || name.length > 200)
      throw new AppFailure('INTERNAL', 'That name is reserved for the keychain’s own records.');
  }

  async get(name: string): Promise<string | null> {
    this.checkName(name);
    if (!this.current) throw locked();
    const value = await this.raw.get(name);
    if (value === null) return null;
    // A plain record is never trusted: anything able to write the keychain could have planted it.
    if (!isSealed(value))
      throw unreadable(
        name,
        'it is stored without passphrase protection, so Perpetua did not write it and will not use it.',
      );
    const { plain } = this.open1(name, value);
    try {
      return plain.toString('utf8');
    } finally {
      plain.fill(0);
    }
  }

  set(name: string, secret: string): Promise<void> {
    this.checkName(name);
    if (!this.current) return Promise.reject(locked());
    return this.serial(async () => {
      // Named in the index first: a record that exists is always re-sealed by a passphrase change.
      const index = await this.index();
      if (!index.includes(name)) await this.writeIndex([...index, name]);
      const plain = Buffer.from(secret, 'utf8');
      try {
        await this.raw.set(name, this.seal(name, plain));
      } finally {
        plain.fill(0);
      }
    });
  }

  delete(name: string): Promise<boolean> {
    this.checkName(name);
    return this.serial(async () => {
      const existed = await this.raw.delete(name);
      const index = await this.index();
      if (index.includes(name)) await this.writeIndex(index.filter((n) => n !== name));
      return existed;
    });
  }

  /**
   * Deletes every sealed record (those the index names, and `also`: names a caller knows from its own files),
   * then the index; opened or not, since nothing is read. Each delete is one keychain call and deleting what
   * is gone already is no failure, so a run cut short is simply run again. Returns how many records went.
   */
  eraseAll(also: string[]): Promise<number> {
    return this.serial(async () => {
      let count = 0;
      for (const name of new Set([...(await this.index()), ...also]))
        if (!RESERVED.has(name) && (await this.raw.delete(name))) count += 1;
      await this.raw.delete(INDEX_ITEM);
      return count;
    });
  }

  private async index(): Promise<string[]> {
    const text = await this.raw.get(INDEX_ITEM);
    if (text === null) return [];
    try {
      return IndexSchema.parse(JSON.parse(text));
    } catch {
      throw new AppFailure('KEYCHAIN_UNAVAILABLE', 'The list of sealed keys in the OS keychain is damaged.');
    }
  }

  private writeIndex(names: string[]): Promise<void> {
    return this.raw.set(INDEX_ITEM, JSON.stringify(names));
  }

  /**
   * Re-seals under the current data key every record sealed under another one (after a passphrase change).
   * One write per record; a crash halfway leaves each record under the old key or the new, both open.
   */
  resealAll(): Promise<number> {
    return this.serial(async () => {
      if (!this.current) throw locked();
      let count = 0;
      for (const name of await this.index()) {
        const value = await this.raw.get(name);
        if (value === null || !isSealed(value)) continue;
        const { keyId, plain } = this.open1(name, value);
        try {
          if (keyId === this.current.id) continue;
          await this.raw.set(name, this.seal(name, plain));
          count += 1;
        } finally {
          plain.fill(0);
        }
      }
      return count;
    });
  }
}
