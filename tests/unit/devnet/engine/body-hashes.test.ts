import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { BodyHashes } from '../../../../src/devnet/engine/body-hashes';

/** as the engine hands them in: 32 one-byte characters */
const digest = (n: number): string => createHash('sha256').update(`body ${n}`).digest('binary');
const hex = (n: number): string => createHash('sha256').update(`body ${n}`).digest('hex');

describe('the duplicate check table', () => {
  it('finds every digest it was given with its id, through many growths, and no other', () => {
    const table = new BodyHashes(16);
    for (let n = 0; n < 50_000; n += 1) table.set(digest(n), BigInt(n + 1));
    expect(table.size).toBe(50_000);
    for (let n = 0; n < 50_000; n += 1) expect(table.get(digest(n))).toBe(BigInt(n + 1));
    for (let n = 50_000; n < 51_000; n += 1) expect(table.get(digest(n))).toBeUndefined();
  });

  it('tells digests apart that share their first bytes (the slot they start from)', () => {
    const table = new BodyHashes(16);
    const bytes = Buffer.alloc(32, 7);
    const a = bytes.toString('latin1');
    bytes[31] = 8;
    const b = bytes.toString('latin1');
    table.set(a, 1n);
    expect(table.get(b)).toBeUndefined();
    table.set(b, 2n);
    expect([table.get(a), table.get(b)]).toEqual([1n, 2n]);
  });

  it('keeps the first id of a digest set twice, and ids up to the u64 limit', () => {
    const table = new BodyHashes();
    table.set(digest(1), 5n);
    table.set(digest(1), 9n);
    table.set(digest(2), (1n << 64n) - 1n);
    expect(table.get(digest(1))).toBe(5n);
    expect(table.get(digest(2))).toBe((1n << 64n) - 1n);
    expect(table.size).toBe(2);
  });

  it("reads a snapshot's seenBodies and writes them back the same, entries it cannot index included", () => {
    const record: Record<string, string> = {};
    for (let n = 0; n < 3_000; n += 1) record[hex(n)] = String(n + 1);
    record['not a digest'] = '7';
    record[hex(9_999)] = 'not an id';
    const table = BodyHashes.fromRecord(record);
    expect(table.get(digest(0))).toBe(1n);
    expect(table.get(digest(2_999))).toBe(3_000n);
    expect(table.get(digest(9_999))).toBeUndefined();
    expect(table.toRecord()).toEqual(record);
  });
});
