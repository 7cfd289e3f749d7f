// The key derivation that turns the passphrase into the key wrapping the data keys. New lock records use
// Argon2id (OWASP's first choice for passphrases) at 128 MiB, 2 passes, 1 lane: the shape scrypt N=2^17, r=8,
// p=1 had (128 MiB written once and read once), so the same memory and memory-time per guess, without
// scrypt's cheap trade of memory for recomputation. Argon2id's optimised implementation takes 0.12-0.14 s
// for it here against scrypt's 0.54 s. One lane on purpose: two lanes over four passes cost an attacker the
// same, but under load (an unlock reads the portfolio beside it) their lanes wait for each other at every
// slice, and it took 0.42-0.53 s in the app against 0.2-0.3 s for one lane. The record names the function
// (`alg`), so that a later version that changes it can still tell this one apart.
import { randomBytes } from 'node:crypto';
import { hashRaw } from '@node-rs/argon2';
import { z } from 'zod';
import { AppFailure } from '../../shared/result';

export interface Argon2Params {
  /** memory in KiB */
  m: number;
  /** passes over the memory */
  t: number;
  /** lanes computed in parallel over the same memory */
  p: number;
}

/** What new records use, and the least a record read back may name. */
export interface KdfPolicy {
  argon2id: Argon2Params;
}

/** @node-rs/argon2's Algorithm.Argon2id: a const enum, which isolated modules cannot read */
const ARGON2ID = 2;

export const STRONG_KDF: KdfPolicy = { argon2id: { m: 128 * 1024, t: 2, p: 1 } };

/** base64 as the lock record stores salts and wrapped keys, bounded so a tampered record stays small */
export const B64 = z
  .string()
  .regex(/^[A-Za-z0-9+/]*={0,2}$/)
  .max(512);
const Int = z.number().int();
export const KdfSchema = z.object({ alg: z.literal('argon2id'), m: Int, t: Int, p: Int, salt: B64 }).strict();
export type Kdf = z.infer<typeof KdfSchema>;

/** At most this much: a tampered record must not make an unlock take minutes or gigabytes. */
const MAX_ARGON2: Argon2Params = { m: 1024 * 1024, t: 16, p: 16 };

/** A lock record that cannot be read as one (its shape, its parameters, a wrapped key's length). */
export const damaged = (): AppFailure =>
  new AppFailure(
    'KEYCHAIN_UNAVAILABLE',
    'The passphrase record in the OS keychain is damaged, so Perpetua cannot open your keys.',
  );

const weaker = (): AppFailure =>
  new AppFailure(
    'KEYCHAIN_UNAVAILABLE',
    'The passphrase record in the OS keychain asks for weaker protection than Perpetua allows. It may have been tampered with; Perpetua will not use it.',
  );

/**
 * Checks a record's parameters against the policy. More lanes than the policy's is weaker too: each guess
 * then holds the memory for a shorter time on an attacker's many cores.
 */
export function checkKdf(kdf: Kdf, policy: KdfPolicy): void {
  const { m, t, p } = kdf;
  if (p < 1 || t < 1 || m < 8 * p) throw damaged();
  if (m < policy.argon2id.m || t < policy.argon2id.t || p > policy.argon2id.p) throw weaker();
  if (m > MAX_ARGON2.m || t > MAX_ARGON2.t || p > MAX_ARGON2.p) throw damaged();
}

export function newKdf(policy: KdfPolicy): Kdf {
  return { alg: 'argon2id', ...policy.argon2id, salt: randomBytes(32).toString('base64') };
}

export const sameKdf = (a: Kdf, b: Kdf): boolean =>
  a.salt === b.salt && a.p === b.p && a.m === b.m && a.t === b.t;

/** The 32-byte key the passphrase derives under `kdf` (NFKC first: the same words typed another way match). */
export function deriveKey(passphrase: string, kdf: Kdf): Promise<Buffer> {
  const salt = Buffer.from(kdf.salt, 'base64');
  return hashRaw(Buffer.from(passphrase.normalize('NFKC'), 'utf8'), {
    algorithm: ARGON2ID,
    memoryCost: kdf.m,
    timeCost: kdf.t,
    parallelism: kdf.p,
    outputLen: 32,
    salt,
  });
}
