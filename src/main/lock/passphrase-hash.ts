// A bare scrypt hash of the passphrase, as versions before sealed secrets kept it in the keychain. It is
// still verified, once, so that such a keychain moves to a lock record (app-lock.ts); nothing new is written
// this way.
// The scrypt parameters here are also the least a lock record of an earlier version may name (kdf.ts).
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** 128 MiB and about 0.5 s per attempt on this machine: OWASP's minimum for scrypt. */
export const STRONG_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

/** The 32-byte scrypt key of the passphrase (NFKC first), for bare hashes and lock records alike. */
export const scryptKey = (password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 32 * 1024 * 1024 };
    scryptCb(password.normalize('NFKC'), salt, 32, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

export async function hashPassphrase(
  passphrase: string,
  params: ScryptParams = STRONG_SCRYPT,
): Promise<string> {
  const salt = randomBytes(32);
  const key = await scryptKey(passphrase, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassphrase(passphrase: string, record: string): Promise<boolean> {
  const [kind, N, r, p, salt, key] = record.split('$');
  if (kind !== 'scrypt' || !N || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptKey(passphrase, Buffer.from(salt, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
