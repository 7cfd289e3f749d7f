// The one keychain item the passphrase opens. It holds the scrypt salt and parameters, the data keys that
// seal every other secret (each wrapped with AES-256-GCM under the key scrypt derives from the passphrase),
// and the wrong-attempt count. Being one item, every change of it is atomic in the keychain: a passphrase
// change switches from old to new in one write, and the back-off cannot be reset by deleting a side record.
// A record that names weaker scrypt parameters than the app's own is refused, so tampering cannot make
// guessing cheaper; absurdly strong ones are refused too, so tampering cannot make unlocking hang.
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCb } from 'node:crypto';
import { z } from 'zod';
import { AppFailure } from '../../shared/result';
import type { ScryptParams } from './passphrase-hash';
import type { DataKey } from '../keychain/sealed-store';

const B64 = z
  .string()
  .regex(/^[A-Za-z0-9+/]*={0,2}$/)
  .max(512);
const WrappedKeySchema = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/), iv: B64, data: B64 });
const RecordSchema = z.object({
  v: z.literal(2),
  kdf: z.object({
    N: z.number().int(),
    r: z.number().int(),
    p: z.number().int(),
    salt: B64,
  }),
  /** the current data key first; older ones only while a passphrase change is being finished */
  keys: z.array(WrappedKeySchema).min(1).max(4),
  failures: z.number().int().min(0).max(1_000_000),
  blockedUntilMs: z.number().finite(),
});
export type LockRecord = z.infer<typeof RecordSchema>;

/** At most this much: a tampered record must not make an unlock take minutes or gigabytes. */
const MAX_SCRYPT: ScryptParams = { N: 2 ** 20, r: 16, p: 4 };

export const isLegacyRecord = (text: string): boolean => text.startsWith('scrypt$');

const damaged = (): AppFailure =>
  new AppFailure(
    'KEYCHAIN_UNAVAILABLE',
    'The passphrase record in the OS keychain is damaged, so Perpetua cannot open your keys.',
  );

/** Checks scrypt parameters read from the keychain against the app's own minimum. */
export function checkParams(params: ScryptParams, min: ScryptParams): void {
  const { N, r, p } = params;
  if (!Number.isInteger(N) || !Number.isInteger(r) || !Number.isInteger(p) || (N & (N - 1)) !== 0)
    throw damaged();
  if (N < min.N || r < min.r || p < min.p)
    throw new AppFailure(
      'KEYCHAIN_UNAVAILABLE',
      'The passphrase record in the OS keychain asks for weaker protection than Perpetua allows. It may have been tampered with; Perpetua will not use it.',
    );
  if (N > MAX_SCRYPT.N || r > MAX_SCRYPT.r || p > MAX_SCRYPT.p) throw damaged();
}

export function parseLockRecord(text: string, min: ScryptParams): LockRecord {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw damaged();
  }
  const parsed = RecordSchema.safeParse(json);
  if (!parsed.success) throw damaged();
  checkParams(parsed.data.kdf, min);
  return parsed.data;
}

export function deriveKey(passphrase: string, kdf: LockRecord['kdf']): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(
      passphrase.normalize('NFKC'),
      Buffer.from(kdf.salt, 'base64'),
      32,
      { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r + 32 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

const aad = (id: string): Buffer => Buffer.from(`perpetua-data-key:${id}`);

function wrap(key: DataKey, kek: Buffer): z.infer<typeof WrappedKeySchema> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', kek, iv).setAAD(aad(key.id));
  const data = Buffer.concat([cipher.update(key.key), cipher.final(), cipher.getAuthTag()]);
  return { id: key.id, iv: iv.toString('base64'), data: data.toString('base64') };
}

/** The record's data keys, or null when the passphrase (its derived key) is not the right one. */
export function unwrapKeys(record: LockRecord, kek: Buffer): DataKey[] | null {
  const keys: DataKey[] = [];
  for (const wrapped of record.keys) {
    const data = Buffer.from(wrapped.data, 'base64');
    if (data.length !== 48) throw damaged();
    try {
      const decipher = createDecipheriv('aes-256-gcm', kek, Buffer.from(wrapped.iv, 'base64'))
        .setAAD(aad(wrapped.id))
        .setAuthTag(data.subarray(32));
      keys.push({
        id: wrapped.id,
        key: Buffer.concat([decipher.update(data.subarray(0, 32)), decipher.final()]),
      });
    } catch {
      for (const k of keys) k.key.fill(0);
      return null;
    }
  }
  return keys;
}

export const newDataKey = (): DataKey => ({ id: randomBytes(8).toString('hex'), key: randomBytes(32) });

export function newKdf(params: ScryptParams): LockRecord['kdf'] {
  return { ...params, salt: randomBytes(32).toString('base64') };
}

export function buildLockRecord(
  kdf: LockRecord['kdf'],
  kek: Buffer,
  keys: DataKey[],
  attempts: { failures: number; blockedUntilMs: number },
): string {
  const record: LockRecord = { v: 2, kdf, keys: keys.map((k) => wrap(k, kek)), ...attempts };
  return JSON.stringify(record);
}
