// src/shared/base58.ts: the one base58 key and signature shape every check builds on.
import { describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { randomBytes } from 'node:crypto';
import { BASE58_KEY, BASE58_SIGNATURE } from '../../../src/shared/base58';

describe('base58 shapes', () => {
  it('accepts the text of any 32-byte key, short or long', () => {
    expect(BASE58_KEY.test(bs58.encode(Buffer.alloc(32, 0xff)))).toBe(true); // 44 characters
    expect(BASE58_KEY.test(bs58.encode(Buffer.concat([Buffer.alloc(1, 1), Buffer.alloc(31)])))).toBe(true);
    for (let i = 0; i < 50; i += 1) expect(BASE58_KEY.test(bs58.encode(randomBytes(32)))).toBe(true);
    expect(BASE58_KEY.test('11111111111111111111111111111111')).toBe(true); // the system program
  });

  it('refuses characters outside the alphabet (0, O, I, l), other lengths and anything around the key', () => {
    const key = bs58.encode(Buffer.alloc(32, 7));
    for (const bad of ['0', 'O', 'I', 'l', '+', ' '])
      expect(BASE58_KEY.test(bad + key.slice(1)), bad).toBe(false);
    expect(BASE58_KEY.test(key.slice(0, 31))).toBe(false);
    expect(BASE58_KEY.test(`${key}1`.padEnd(45, '1'))).toBe(false);
    expect(BASE58_KEY.test(` ${key}`)).toBe(false);
    expect(BASE58_KEY.test(`${key}\n`)).toBe(false);
  });

  it('tells a signature from a key by length', () => {
    const signature = bs58.encode(randomBytes(64));
    expect(BASE58_SIGNATURE.test(signature)).toBe(true);
    expect(BASE58_KEY.test(signature)).toBe(false);
    expect(BASE58_SIGNATURE.test(bs58.encode(randomBytes(32)))).toBe(false);
  });
});
