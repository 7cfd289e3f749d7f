// Saved withdrawal destinations, and every destination and recipient used before: the first-time warnings
// must survive a restart, or they would warn about an address used yesterday and stay silent about nothing.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import bs58 from 'bs58';
import { z } from 'zod';
import { AppFailure } from '../shared/result';
import { writeFileAtomic } from '../support/atomic-file';
import type { AddressBookLineSchema, AddressEntrySchema } from '../shared/ipc/addresses';
import type { Handlers } from '../shared/ipc/contract';
import type { Ownership } from './wallets/ownership';
import type { WalletInfo } from './wallets/wallet-service';

const FileSchema = z.object({
  version: z.literal(1),
  entries: z.array(z.object({ label: z.string(), address: z.string() })),
  usedDestinations: z.array(z.string()),
  usedRecipients: z.array(z.number()),
});

export type AddressEntry = z.output<typeof AddressEntrySchema>;
type AddressBookLine = z.output<typeof AddressBookLineSchema>;

/**
 * The address book as the person sees it: their own wallets first (from the wallet list the one ownership
 * rule gives, so never editable or removable here, and gone with the wallet), then what they saved. A saved
 * address that is one of their wallets' is listed once, as that wallet.
 */
export function addressBookLines(
  saved: AddressEntry[],
  own: { walletId: string; label: string; publicKey: string }[],
): AddressBookLine[] {
  const owned = new Set(own.map((w) => w.publicKey));
  return [
    ...own.map((w) => ({ label: w.label, address: w.publicKey, walletId: w.walletId })),
    ...saved.filter((e) => !owned.has(e.address)).map((e) => ({ ...e, walletId: null })),
  ];
}

export class AddressBook {
  private readonly file: string;
  private data: z.infer<typeof FileSchema>;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'address-book.json');
    this.data = existsSync(this.file)
      ? FileSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')))
      : { version: 1, entries: [], usedDestinations: [], usedRecipients: [] };
  }

  private save(): void {
    writeFileAtomic(this.file, JSON.stringify(this.data, null, 2));
  }

  list(): AddressEntry[] {
    return this.data.entries;
  }

  add(label: string, address: string): AddressEntry[] {
    const name = label.trim();
    if (name.length === 0 || name.length > 40)
      throw new AppFailure('INVALID_ARGUMENT', 'A name has 1 to 40 characters.');
    let bytes: Uint8Array;
    try {
      bytes = bs58.decode(address.trim());
    } catch {
      throw new AppFailure('INVALID_ARGUMENT', 'That is not a base58 address.');
    }
    if (bytes.length !== 32)
      throw new AppFailure('INVALID_ARGUMENT', 'That is not a settlement-chain address (32 bytes).');
    if (this.data.entries.some((e) => e.address === address.trim()))
      throw new AppFailure('CONFLICT', 'That address is already in the address book.');
    this.data.entries.push({ label: name, address: address.trim() });
    this.save();
    return this.list();
  }

  remove(address: string): AddressEntry[] {
    this.data.entries = this.data.entries.filter((e) => e.address !== address);
    this.save();
    return this.list();
  }

  usedDestination(address: string): boolean {
    return this.data.usedDestinations.includes(address);
  }

  usedRecipient(accountId: number): boolean {
    return this.data.usedRecipients.includes(accountId);
  }

  recordDestination(address: string): void {
    if (!this.usedDestination(address)) {
      this.data.usedDestinations.push(address);
      this.save();
    }
  }

  recordRecipient(accountId: number): void {
    if (!this.usedRecipient(accountId)) {
      this.data.usedRecipients.push(accountId);
      this.save();
    }
  }
}

export interface AddressesDeps {
  book: Pick<AddressBook, 'list' | 'add' | 'remove'>;
  /** the person's own wallets on the exchange connected now, listed first */
  ownership: Pick<Ownership<WalletInfo>, 'ownWallets'>;
}

/** The address book's methods of the contract. */
export function createAddresses({ book, ownership }: AddressesDeps): { handlers: Handlers['addresses'] } {
  return {
    handlers: {
      list: async () => addressBookLines(book.list(), ownership.ownWallets()),
      save: async ({ label, address }) => addressBookLines(book.add(label, address), ownership.ownWallets()),
      remove: async ({ address }) => addressBookLines(book.remove(address), ownership.ownWallets()),
    },
  };
}
