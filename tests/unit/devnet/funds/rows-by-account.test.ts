import { describe, expect, it } from 'vitest';
import { rowsByAccount } from '../../../../src/devnet/funds/rows-by-account';

interface Row {
  id: number;
  from: number;
  to: number;
}
const row = (id: number, from: number, to: number): Row => ({ id, from, to });
const ids = (rows: readonly Row[]) => rows.map((r) => r.id);
/** what a read of every row gives: the index must agree with it at every step */
const scanned = (rows: readonly Row[], account: number) =>
  ids(rows.filter((r) => r.from === account || r.to === account));

describe('an account’s rows of an append-only history', () => {
  it('are those a scan of every row finds, in order, as rows are appended between reads', () => {
    const index = rowsByAccount((r: Row) => [r.from, r.to]);
    const rows: Row[] = [row(1, 1, 2), row(2, 2, 3)];
    expect(ids(index.of(rows, 2))).toEqual([1, 2]);
    rows.push(row(3, 3, 1), row(4, 1, 2));
    for (const account of [1, 2, 3, 4]) expect(ids(index.of(rows, account))).toEqual(scanned(rows, account));
    expect(index.of(rows, 9)).toEqual([]);
  });

  it('holds a row once for an account that is on both sides of it', () => {
    const index = rowsByAccount((r: Row) => [r.from, r.to]);
    expect(ids(index.of([row(1, 5, 5)], 5))).toEqual([1]);
  });

  it('follows a history replaced by another (a snapshot restored, an atomic action undone)', () => {
    const index = rowsByAccount((r: Row) => [r.from, r.to]);
    const before = [row(1, 1, 2), row(2, 1, 3)];
    expect(ids(index.of(before, 1))).toEqual([1, 2]);
    const restored = [row(1, 1, 2)];
    expect(ids(index.of(restored, 1))).toEqual([1]);
    expect(ids(index.of(restored, 3))).toEqual([]);
  });

  it('is read again when the same array no longer holds what it held: shortened, or its last row replaced', () => {
    const index = rowsByAccount((r: Row) => [r.from, r.to]);
    const rows = [row(1, 1, 2), row(2, 1, 3)];
    index.of(rows, 1);
    rows.pop();
    expect(ids(index.of(rows, 1))).toEqual([1]);
    rows.push(row(3, 4, 5));
    index.of(rows, 4);
    rows[1] = row(4, 1, 6);
    expect(ids(index.of(rows, 1))).toEqual([1, 4]);
    expect(index.of(rows, 4)).toEqual([]);
  });
});
