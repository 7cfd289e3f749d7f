// The settings group: where the exchange is, where the Solana RPC is, and how the app looks.
import { z } from 'zod';
import { FRESH_UNLOCK, NoArgs, UNLOCKED, group, openWhileLocked } from './method';

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
  /** the Solana RPC deposits and on-chain balances use (url null: none known); custom: the person's choice */
  solanaRpc: z.object({ url: z.string().nullable(), custom: z.boolean() }).nullable(),
});

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
});
