// The addresses group: the person's address book of labelled settlement-chain addresses, their own wallets'
// first.
import { z } from 'zod';
import { Address, Id } from './ids';
import { NoArgs, UNLOCKED, group } from './method';

export const AddressEntrySchema = z.object({ label: z.string(), address: Address });

/**
 * A line of the address book as the person sees it: the person's own wallets first (walletId set: listed
 * from the wallets, so not editable or removable here), then the addresses they saved (walletId null).
 */
export const AddressBookLineSchema = AddressEntrySchema.extend({ walletId: Id.nullable() });

export const addresses = group({
  list: { args: NoArgs, result: z.array(AddressBookLineSchema), access: UNLOCKED },
  save: {
    args: z.object({ label: z.string().max(40), address: z.string().max(64) }),
    result: z.array(AddressBookLineSchema),
    access: UNLOCKED,
  },
  remove: {
    args: z.object({ address: z.string().max(64) }),
    result: z.array(AddressBookLineSchema),
    access: UNLOCKED,
  },
});
