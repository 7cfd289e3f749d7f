// An in-memory SecretStore for unit tests of the modules above the keychain. The keychain itself is
// tested against a real gnome-keyring in tests/integration/keychain.test.ts.
import type { SecretStore } from '../../src/main/keychain/secret-store';
import type { KdfPolicy } from '../../src/main/lock/kdf';

export class MemorySecretStore implements SecretStore {
  readonly items = new Map<string, string>();
  failNext: Error | null = null;

  private check(): void {
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = null;
      throw error;
    }
  }
  async get(name: string) {
    this.check();
    return this.items.get(name) ?? null;
  }
  async set(name: string, secret: string) {
    this.check();
    this.items.set(name, secret);
  }
  async delete(name: string) {
    this.check();
    return this.items.delete(name);
  }
}

/** Cheap key derivation for tests; the strong default is asserted separately. */
export const FAST_KDF: KdfPolicy = { argon2id: { m: 64, t: 1, p: 1 } };

export class FakeTimers {
  now = 1_000_000;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  set = (fn: () => void, ms: number): unknown => {
    const id = this.nextId++;
    this.timers.push({ at: this.now + ms, fn, id });
    return id;
  };
  clear = (id: unknown): void => {
    this.timers = this.timers.filter((t) => t.id !== id);
  };
  advance(ms: number): void {
    this.now += ms;
    const due = this.timers.filter((t) => t.at <= this.now);
    this.timers = this.timers.filter((t) => t.at > this.now);
    for (const t of due) t.fn();
  }
}
