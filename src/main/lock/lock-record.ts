// The one keychain item the passphrase opens. It holds the key derivation's salt and parameters (kdf.ts),
// the data keys that seal every other secret (each wrapped with AES-256-GCM under the key derived from the
// passphrase), and the wrong-attempt count. Being one item, every change of it is atomic in the keychain: a
// passphrase change switches from old to new in one write, and the back-off cannot be reset by deleting a side
// record. A record that names weaker parameters than the app's own is refused, so tampering cannot make
// guessing cheaper; absurdly strong ones are refused too, so tampering cannot make unlocking hang.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { B64, checkKdf, damaged, KdfSchema, type Kdf, type KdfPolicy } from './kdf';
import type { DataKey } from '../keychain/sealed-store';

const WrappedKeySchema = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/), iv: B64, data: B64 });
const RecordSchema = z.object({
  /** the record's format: a later version that changes it reads this one by its number */
  v: z.literal(2),
  kdf: KdfSchema,
  /** the current data key first; older ones only while a passphrase change is being finished */
  keys: z.array(WrappedKeySchema).min(1).max(4),
  failures: z.number().int().min(0).max(1_000_000),
  blockedUntilMs: z.number().finite(),
});
export type LockRecord = z.infer<typeof RecordSchema>;

export function parseLockRecord(text: string, policy: KdfPolicy): LockRecord {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw damaged();
  }
  const parsed = RecordSchema.safeParse(json);
  if (!parsed.success) throw damaged();
  checkKdf(parsed.data.kdf, policy);
  return parsed.data;
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

export function buildLockRecord(
  kdf: Kdf,
  kek: Buffer,
  keys: DataKey[],
  attempts: { failures: number; blockedUntilMs: number },
): string {
  const record: LockRecord = { v: 2, kdf, keys: keys.map((k) => wrap(k, kek)), ...attempts };
  return JSON.stringify(record);
}
