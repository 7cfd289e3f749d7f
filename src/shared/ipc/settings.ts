// The settings group: where the exchange is, where the Solana RPC is, and how the app looks.
import { z } from 'zod';
import { AccountId } from './ids';
import { FRESH_UNLOCK, NoArgs, UNLOCKED, UNLOCKED_READ, group, openWhileLocked } from './method';

export const NetworkChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('embedded-devnet') }),
  z.object({ kind: z.literal('embedded-devnet-demo') }),
  z.object({ kind: z.literal('custom'), url: z.string().min(1).max(2048) }),
]);
export const ThemeSchema = z.enum(['light', 'dark', 'system']);

export const SettingsViewSchema = z.object({
  /** the saved choice; null until the person has chosen (first run) */
  network: NetworkChoiceSchema.nullable(),
  /** what this run is connected to; null while not connected */
  connection: z
    .object({
      kind: z.enum(['embedded-devnet', 'embedded-devnet-demo', 'custom']),
      baseUrl: z.string(),
      /** e.g. an unencrypted address; null when there is nothing to say */
      warning: z.string().nullable(),
    })
    .nullable(),
  /** the exchange was set on the command line for this run and cannot be changed from the app */
  fixed: z.boolean(),
  theme: ThemeSchema,
  /** notifications also go to the operating system (in Electron); on unless turned off in Settings */
  osNotifications: z.boolean(),
  /** the Solana RPC deposits and on-chain balances use (url null: none known); custom: the person's choice */
  solanaRpc: z.object({ url: z.string().nullable(), custom: z.boolean() }).nullable(),
});

/** A name the person gives an account on this computer: shown wherever its number is. */
export const AccountNameSchema = z
  .string()
  .trim()
  .min(1, 'A name has at least one character.')
  .max(32, 'A name has at most 32 characters.')
  .regex(/^[^\p{Cc}\p{Cf}]*$/u, 'A name cannot contain control characters.');
export const AccountNamesSchema = z.array(z.object({ accountId: AccountId, name: AccountNameSchema }));

export const settings = group({
  get: {
    args: NoArgs,
    result: SettingsViewSchema,
    access: openWhileLocked('the lock screen is drawn in the chosen theme'),
  },
  /** which exchange decides what gets signed and where: needs a recent unlock */
  setNetwork: { args: NetworkChoiceSchema, result: SettingsViewSchema, access: FRESH_UNLOCK },
  setTheme: {
    args: z.object({ theme: ThemeSchema }),
    result: SettingsViewSchema,
    access: { lock: 'unlocked', activity: false },
  },
  /** a Solana RPC address (checked before it is saved); null goes back to the exchange's own */
  setSolanaRpc: {
    args: z.object({ url: z.string().max(2048).nullable() }),
    result: SettingsViewSchema,
    access: UNLOCKED,
  },
  /** notifications also go to the operating system (Electron only; the browser host has none) */
  setOsNotifications: {
    args: z.object({ enabled: z.boolean() }),
    result: SettingsViewSchema,
    access: UNLOCKED,
  },
  /** the names given to accounts on this computer; never sent to the exchange */
  accountNames: { args: NoArgs, result: AccountNamesSchema, access: UNLOCKED_READ },
  /** name: null forgets the name; checked in main (AccountNameSchema) */
  setAccountName: {
    args: z.object({ accountId: AccountId, name: z.string().max(200).nullable() }),
    result: AccountNamesSchema,
    access: UNLOCKED,
  },
});
