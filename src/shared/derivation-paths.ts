// The derivation paths Solana wallets use for a recovery phrase, by the wallets that use them. Shared: main
// derives along them, the screens name them. Every step is hardened (SLIP-0010 ed25519 has no other kind).
export const PATH_SCHEMES = ['bip44-change', 'bip44', 'root'] as const;
export type PathScheme = (typeof PATH_SCHEMES)[number];

export interface PathSchemeInfo {
  /** the path with i for the wallet's index */
  template: string;
  /** the wallet apps that derive along it */
  usedBy: string;
  /** whether the path has an index (the CLI's root is one wallet only) */
  indexed: boolean;
}

export const PATH_SCHEME_INFO: Record<PathScheme, PathSchemeInfo> = {
  'bip44-change': {
    template: "m/44'/501'/i'/0'",
    usedBy: 'Phantom, Solflare, Backpack',
    indexed: true,
  },
  bip44: { template: "m/44'/501'/i'", usedBy: 'Ledger, Solflare (older path)', indexed: true },
  root: { template: "m/44'/501'", usedBy: 'Solana CLI (root key)', indexed: false },
};

/** The path of the wallet at index on a scheme; the root scheme has index 0 only. */
export function derivationPath(scheme: PathScheme, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > 0x7fff_ffff)
    throw new Error(`A wallet index is a whole number from 0 to 2147483647, not ${index}.`);
  if (!PATH_SCHEME_INFO[scheme].indexed) {
    if (index !== 0) throw new Error('The root path has one wallet only.');
    return PATH_SCHEME_INFO[scheme].template;
  }
  return PATH_SCHEME_INFO[scheme].template.replace('i', String(index));
}
