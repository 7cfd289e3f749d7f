// The ways Solana wallets turn a recovery phrase into keys, by the wallets that use them. Shared: main
// derives along them, the screens name them. Three are SLIP-0010 ed25519 derivation paths (every step
// hardened: it has no other kind); the fourth is solana-keygen's default, which derives nothing: the key is
// the BIP39 seed's first 32 bytes, used as the Ed25519 seed.
export const PATH_SCHEMES = ['bip44-change', 'bip44', 'root', 'keygen'] as const;
export type PathScheme = (typeof PATH_SCHEMES)[number];

export interface PathSchemeInfo {
  /** the path with i for the wallet's index; for a scheme without a path, the words that name it */
  template: string;
  /** the wallet apps that derive along it */
  usedBy: string;
  /** whether the path has an index (the CLI's root and solana-keygen's default are one wallet only) */
  indexed: boolean;
  /** whether template is a SLIP-0010 path (solana-keygen's default is not: the key is the seed's start) */
  derived: boolean;
}

export const PATH_SCHEME_INFO: Record<PathScheme, PathSchemeInfo> = {
  'bip44-change': {
    template: "m/44'/501'/i'/0'",
    usedBy: 'Phantom, Solflare, Backpack',
    indexed: true,
    derived: true,
  },
  bip44: { template: "m/44'/501'/i'", usedBy: 'Ledger, Solflare (older path)', indexed: true, derived: true },
  root: { template: "m/44'/501'", usedBy: 'Solana CLI (root key)', indexed: false, derived: true },
  keygen: {
    template: 'solana-keygen default (no path)',
    usedBy: 'Solana CLI: solana-keygen new',
    indexed: false,
    derived: false,
  },
};

/**
 * The path of the wallet at index on a scheme, or the words naming a scheme without one (solana-keygen's
 * default); a scheme without an index has index 0 only.
 */
export function derivationPath(scheme: PathScheme, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > 0x7fff_ffff)
    throw new Error(`A wallet index is a whole number from 0 to 2147483647, not ${index}.`);
  if (!PATH_SCHEME_INFO[scheme].indexed) {
    if (index !== 0) throw new Error(`${oneWalletOnly(scheme)}.`);
    return PATH_SCHEME_INFO[scheme].template;
  }
  return PATH_SCHEME_INFO[scheme].template.replace('i', String(index));
}

/** a scheme in words with the apps that use it: "m/44'/501'/i'/0' (Phantom, …)" */
export function schemeName(scheme: PathScheme): string {
  const { template, usedBy } = PATH_SCHEME_INFO[scheme];
  return PATH_SCHEME_INFO[scheme].derived ? `${template} (${usedBy})` : `${template}, as made by ${usedBy}`;
}

/** why a scheme without an index refuses a second wallet, in words */
export function oneWalletOnly(scheme: PathScheme): string {
  return scheme === 'keygen'
    ? 'The solana-keygen default has one wallet only'
    : 'The root path has one wallet only';
}
