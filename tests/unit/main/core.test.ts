// The core on a computer without an OS keychain: it still starts (so the app opens), says why, refuses every
// step that needs the keychain with the keychain's own message, and writes no secret anywhere else. Once a
// keychain appears, the same running app goes on without a restart. The store here fails the way the real
// binding does with no Secret Service on the bus (the real case is tests/e2e/keychain-missing.spec.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../../src/main/core';
import { createDispatcher } from '../../../src/main/ipc-dispatch';
import { keychainFailure, type SecretStore } from '../../../src/main/keychain/secret-store';
import { FAST_KDF, MemorySecretStore } from '../../support/memory-store';

/** Absent until installed: every call fails as @napi-rs/keyring does when nothing provides the service. */
class InstallableKeychain implements SecretStore {
  installed = false;
  readonly inner = new MemorySecretStore();
  private guard(): void {
    if (!this.installed)
      throw keychainFailure(
        new Error('Platform secure storage failure: DBus error: org.freedesktop.DBus.Error.ServiceUnknown'),
      );
  }
  async get(name: string) {
    this.guard();
    return this.inner.get(name);
  }
  async set(name: string, secret: string) {
    this.guard();
    return this.inner.set(name, secret);
  }
  async delete(name: string) {
    this.guard();
    return this.inner.delete(name);
  }
}

/** Every file under dir with its contents, to show that nothing was written. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[path] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return files;
}

let core: Core | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await core?.close();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

describe('the core without an OS keychain', () => {
  it('starts anyway, names what to install, stores nothing elsewhere, and goes on once a keychain exists', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-nokeychain-'));
    dirs.push(dataDir);
    const store = new InstallableKeychain();
    let watchingSleep = false;
    core = createCore({
      version: 'test',
      host: 'browser-host',
      exchange: { kind: 'custom', baseUrl: 'http://127.0.0.1:9' },
      dataDir,
      store,
      kdf: FAST_KDF,
      refreshEveryMs: 0,
      watchSleep: () => {
        watchingSleep = true;
        return () => {};
      },
    });
    await expect(core.start()).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
      message: expect.stringContaining('sudo apt-get install gnome-keyring'),
    });
    // the rest of start-up still ran: the app locks on suspend once there is something to lock
    expect(watchingSleep).toBe(true);
    const dispatch = createDispatcher(core.handlers);
    const before = snapshot(dataDir);

    const lockState = await dispatch('lock.state', undefined);
    expect(lockState).toMatchObject({ ok: false, error: { code: 'KEYCHAIN_UNAVAILABLE' } });
    expect(await dispatch('lock.setup', { passphrase: 'a passphrase of mine' })).toMatchObject({
      ok: false,
      error: { code: 'KEYCHAIN_UNAVAILABLE' },
    });
    expect(snapshot(dataDir)).toEqual(before);
    expect(store.inner.items.size).toBe(0);

    store.installed = true;
    expect(await dispatch('lock.state', undefined)).toMatchObject({
      ok: true,
      value: { status: 'uninitialized' },
    });
    expect(await dispatch('lock.setup', { passphrase: 'a passphrase of mine' })).toMatchObject({
      ok: true,
      value: { status: 'unlocked' },
    });
    expect(store.inner.items.has('app-lock')).toBe(true);
  });
});
