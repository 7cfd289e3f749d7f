import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bs58 from 'bs58';
import { AddressBook, addressBookLines } from '../../../src/main/address-book';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'perpetua-book-'));
  dirs.push(dir);
  return dir;
};
const address = bs58.encode(Buffer.alloc(32, 5));

describe('address book', () => {
  it('keeps saved addresses and used destinations across restarts, so first-time warnings stay true', () => {
    const dir = fresh();
    const book = new AddressBook(dir);
    book.add('Cold storage', address);
    book.recordDestination(address);
    book.recordRecipient(42);
    const again = new AddressBook(dir);
    expect(again.list()).toEqual([{ label: 'Cold storage', address }]);
    expect(again.usedDestination(address)).toBe(true);
    expect(again.usedRecipient(42)).toBe(true);
    expect(again.usedRecipient(43)).toBe(false);
  });

  it('refuses invalid addresses, empty names and duplicates, and removes entries', () => {
    const book = new AddressBook(fresh());
    expect(() => book.add('x', 'not-base58-0OIl')).toThrow(/base58/);
    expect(() => book.add('x', bs58.encode(Buffer.alloc(20, 1)))).toThrow(/32 bytes/);
    expect(() => book.add('  ', address)).toThrow(/1 to 40/);
    book.add('A', address);
    expect(() => book.add('B', address)).toThrow(/already/);
    expect(book.remove(address)).toEqual([]);
  });

  it("lists the person's own wallets first, marked by their wallet, and a saved copy of one only once", () => {
    const other = bs58.encode(Buffer.alloc(32, 6));
    const own = [{ walletId: 'w1', label: 'Twelve', publicKey: other }];
    const saved = [
      { label: 'Cold storage', address },
      { label: 'Old name of Twelve', address: other },
    ];
    expect(addressBookLines(saved, own)).toEqual([
      { label: 'Twelve', address: other, walletId: 'w1' },
      { label: 'Cold storage', address, walletId: null },
    ]);
    // no wallets (a demo wallet off the demo network is in no list): only what was saved
    expect(addressBookLines(saved.slice(0, 1), [])).toEqual([
      { label: 'Cold storage', address, walletId: null },
    ]);
  });
});
