// The wallets group: the person's wallet keys (held by main in the OS keychain; only the reveals the person
// asks for carry a secret: create's one-time backup and export after the passphrase). Adding a key from
// outside and removing one carry the passphrase, checked in main for that one call: what counts as the
// person's own decides where money may go without it.
import { z } from 'zod';
import { Address, Id, Passphrase } from './ids';
import { Done, NoArgs, UNLOCKED, UNLOCKED_READ, group } from './method';

export const WalletInfoSchema = z.object({
  walletId: Id,
  label: z.string(),
  publicKey: Address,
  createdAt: z.number(),
});

const Label = z.string().max(40);

export const wallets = group({
  list: { args: NoArgs, result: z.array(WalletInfoSchema), access: UNLOCKED_READ },
  create: {
    args: z.object({ label: Label, passphrase: Passphrase }),
    result: z.object({
      pendingId: z.string(),
      publicKey: Address,
      secretKey: z.string(),
      confirmCharacters: z.number(),
    }),
    access: UNLOCKED,
  },
  confirmBackup: {
    args: z.object({ pendingId: z.string().max(64), confirmation: z.string().max(64) }),
    result: WalletInfoSchema,
    access: UNLOCKED,
  },
  import: {
    args: z.object({ label: Label, secret: z.string().min(1).max(2048), passphrase: Passphrase }),
    result: WalletInfoSchema,
    access: UNLOCKED,
  },
  rename: { args: z.object({ walletId: Id, label: Label }), result: WalletInfoSchema, access: UNLOCKED },
  remove: {
    args: z.object({ walletId: Id, confirmPublicKey: z.string().max(64), passphrase: Passphrase }),
    result: Done,
    access: UNLOCKED,
  },
  export: {
    args: z.object({ walletId: Id, passphrase: Passphrase }),
    result: z.object({ publicKey: Address, secretKey: z.string() }),
    access: UNLOCKED,
  },
});
