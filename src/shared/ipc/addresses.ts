// The addresses group: the person's address book of labelled settlement-chain addresses.
import { z } from 'zod';
import { Address } from './ids';
import { NoArgs, UNLOCKED, group } from './method';

export const AddressEntrySchema = z.object({ label: z.string(), address: Address });

export const addresses = group({
  list: { args: NoArgs, result: z.array(AddressEntrySchema), access: UNLOCKED },
  save: {
    args: z.object({ label: z.string().max(40), address: z.string().max(64) }),
    result: z.array(AddressEntrySchema),
    access: UNLOCKED,
  },
  remove: {
    args: z.object({ address: z.string().max(64) }),
    result: z.array(AddressEntrySchema),
    access: UNLOCKED,
  },
});
