// Copies of secrets the app makes on the way (the PKCS#8 encoding a seed is wrapped in to become a KeyObject,
// the one a new key is exported as) are wiped once used; the data folder is this user's only.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SigningKey, generateKeypair } from '../../../src/protocol/keys';
import { createCore } from '../../../src/main/core';
import { FAST_KDF, MemorySecretStore } from '../../support/memory-store';

afterEach(() => vi.restoreAllMocks());

describe('copies of secrets', () => {
  it('the PKCS#8 buffer a seed is wrapped in is zeroed once the key object exists', () => {
    const made: Buffer[] = [];
    const concat = Buffer.concat.bind(Buffer);
    vi.spyOn(Buffer, 'concat').mockImplementation((list, length) => {
      const out = concat(list, length);
      made.push(out);
      return out;
    });
    const seed = Buffer.alloc(32, 7);
    const key = new SigningKey(seed);
    vi.restoreAllMocks();
    const der = made.filter((b) => b.length === 48);
    expect(der).toHaveLength(1);
    expect(der[0]!.every((byte) => byte === 0)).toBe(true);
    // and the key still signs: the KeyObject took its own copy
    expect(key.sign(Buffer.from('x'))).toHaveLength(64);
  });

  it('the PKCS#8 export of a new key pair is zeroed once its seed is taken out', () => {
    const exported: Buffer[] = [];
    // export lives on a private class of node:crypto: found from a private key object
    let proto = Object.getPrototypeOf(generateKeyPairSync('ed25519').privateKey) as object;
    while (!Object.prototype.hasOwnProperty.call(proto, 'export'))
      proto = Object.getPrototypeOf(proto) as object;
    const holder = proto as { export: (this: KeyObject, options: { type?: string }) => unknown };
    const original = holder.export;
    vi.spyOn(holder, 'export').mockImplementation(function (this: KeyObject, options) {
      const out = original.call(this, options);
      if (options?.type === 'pkcs8') exported.push(out as Buffer);
      return out;
    });
    const { secretSeed } = generateKeypair();
    vi.restoreAllMocks();
    expect(exported).toHaveLength(1);
    expect(exported[0]!.every((byte) => byte === 0)).toBe(true);
    expect(secretSeed.some((byte) => byte !== 0)).toBe(true);
  });
});

describe.skipIf(process.platform === 'win32')('the data folder', () => {
  const make = (dataDir: string) =>
    createCore({
      version: 'test',
      host: 'browser-host',
      exchange: { kind: 'custom', baseUrl: 'http://127.0.0.1:9' },
      dataDir,
      store: new MemorySecretStore(),
      kdf: FAST_KDF,
    });

  it('is created readable by this user only, and an existing one is tightened', () => {
    const root = mkdtempSync(join(tmpdir(), 'perpetua-dir-'));
    try {
      const fresh = join(root, 'new', 'perpetua');
      make(fresh);
      expect(statSync(fresh).mode & 0o777).toBe(0o700);
      const open = join(root, 'open');
      mkdirSync(open);
      chmodSync(open, 0o755);
      make(open);
      expect(statSync(open).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
