// The phrases group: recovery phrases and the wallets derived from them. Two results carry the words, both
// asked for by the person: the one-time reveal of a new phrase and its export after the passphrase (listed
// with the other reveals in SECRET_BEARING_METHODS). Everything else names phrases by id, wallets by key.
import { z } from 'zod';
import { PATH_SCHEMES } from '../derivation-paths';
import { Address, Id, Passphrase } from './ids';
import { Done, NoArgs, UNLOCKED, UNLOCKED_READ, group } from './method';
import { WalletInfoSchema } from './wallets';
import { ChainBalancesSchema } from './funds';

const Label = z.string().max(40);
const Index = z.number().int().min(0).max(0x7fff_ffff);
const Scheme = z.enum(PATH_SCHEMES);

export const PhraseViewSchema = z.object({
  phraseId: Id,
  scheme: Scheme,
  wordCount: z.number().int(),
  createdAt: z.number(),
  wallets: z.array(z.object({ walletId: Id, publicKey: Address, index: Index, path: z.string() })),
  /** the index "Add next wallet" derives; null on a scheme with one wallet only (root, solana-keygen's) */
  nextIndex: Index.nullable(),
});

export const DiscoveredAddressSchema = z.object({
  index: Index,
  path: z.string(),
  publicKey: Address,
  /** the wallet here that already has this key */
  walletId: Id.nullable(),
  /** what the exchange's /user read found; null when it could not be asked */
  lookup: z
    .object({
      registered: z.boolean(),
      accounts: z.array(
        z.object({
          accountId: z.number().int(),
          balances: z.array(z.object({ tokenId: z.number().int(), amount: z.bigint() })),
        }),
      ),
    })
    .nullable(),
  /** what the Solana RPC holds for it (SOL and exchange tokens); null when that could not be read */
  chain: ChainBalancesSchema.nullable(),
});

export const phrases = group({
  list: { args: NoArgs, result: z.array(PhraseViewSchema), access: UNLOCKED_READ },
  create: {
    args: z.object({
      label: Label,
      wordCount: z.union([z.literal(12), z.literal(24)]).default(24),
      /** the words reveal wallets that will count as the person's own: checked in main for this one call */
      passphrase: Passphrase,
    }),
    result: z.object({
      pendingId: z.string(),
      mnemonic: z.array(z.string()),
      publicKey: Address,
      path: z.string(),
      /** 1-based positions of the words the backup check asks for */
      checkPositions: z.array(z.number().int()),
    }),
    access: UNLOCKED,
  },
  confirmBackup: {
    args: z.object({ pendingId: z.string().max(64), answers: z.array(z.string().max(32)).max(3) }),
    result: WalletInfoSchema,
    access: UNLOCKED,
  },
  discover: {
    args: z.object({
      phrase: z.string().min(1).max(1024),
      bip39Passphrase: z.string().max(1024).optional(),
    }),
    result: z.object({
      discoveryId: z.string(),
      wordCount: z.number().int(),
      paths: z.array(z.object({ scheme: Scheme, addresses: z.array(DiscoveredAddressSchema) })),
    }),
    access: UNLOCKED,
  },
  importWallets: {
    args: z.object({
      discoveryId: z.string().max(64),
      scheme: Scheme,
      indices: z.array(Index).min(1).max(20),
      label: Label,
      /** keys from outside become the person's own: checked in main for this one call */
      passphrase: Passphrase,
    }),
    result: z.array(WalletInfoSchema),
    access: UNLOCKED,
  },
  addNextWallet: {
    args: z.object({ phraseId: Id, label: Label }),
    result: WalletInfoSchema,
    access: UNLOCKED,
  },
  export: {
    args: z.object({ phraseId: Id, passphrase: Passphrase }),
    result: z.object({
      mnemonic: z.array(z.string()),
      /** the phrase was imported with a BIP39 passphrase: it is needed too, and is not shown */
      bip39PassphraseUsed: z.boolean(),
      scheme: Scheme,
    }),
    access: UNLOCKED,
  },
  forget: { args: z.object({ phraseId: Id }), result: Done, access: UNLOCKED },
});
