// The one rule that decides whether money stays the person's: a destination is their own when it is an
// exchange account or a settlement-chain address of one of their wallets, and their wallets are the keys made
// on this device or added under their passphrase, on the network each was added for. Everything else is
// someone else's, and money going there needs the passphrase (docs/security.md, "Whose money is it").
//
// Why this way: "own" is what lets money move without the passphrase, so nothing the renderer can do alone
// may make a stranger's key "own". A key is made here (its secret never existed elsewhere), or added under
// the passphrase (the person vouched for it, for that one call), or it is a demo key: derived from a public
// label, so anyone holds it, and it counts only on the demo devnet that app runs for itself, never on an
// exchange others use too. A wallet whose key leaked (the leaked wallet-key drill marks it) is never own
// again: whoever else holds its key could take what is sent there.
import type { ExchangeClient } from '../exchange/exchange-client';
import type { NetworkChoice } from '../settings/settings-store';

/** How a wallet came to be here. */
export type WalletOrigin = 'created' | 'imported' | 'demo';
/** Which network a connection is (the settings' kinds: the demo devnet is one of them). */
export type NetworkKind = NetworkChoice['kind'];

/** The one network a wallet of this origin belongs to; null: every network. */
export const networkOf = (origin: WalletOrigin): NetworkKind | null =>
  origin === 'demo' ? 'embedded-devnet-demo' : null;

/** Whether a wallet kept here is one of the person's on the network connected now (null: none yet). */
export const ownOn = (wallet: { network: NetworkKind | null }, network: NetworkKind | null): boolean =>
  wallet.network === null || wallet.network === network;

export interface Ownership<W> {
  /** each account of the person's wallets on this exchange, with the wallet that owns it */
  accountOwners(): Promise<Map<number, W>>;
  /** the wallet that owns the account; null: someone else's */
  accountOwner(accountId: number): Promise<W | null>;
  /** the wallet whose settlement-chain address this is; null: someone else's */
  addressOwner(address: string): W | null;
  /** the person's wallets whose addresses are their own now (the address book lists them first) */
  ownWallets(): W[];
}

export function ownership<W extends { publicKey: string }>(deps: {
  /** the person's wallets on the network connected now (WalletService.list applies ownOn) */
  wallets: { list(): W[] };
  /** wallets whose key leaked */
  compromised: { isCompromised(publicKey: string): boolean };
  client: Pick<ExchangeClient, 'user'>;
}): Ownership<W> {
  const own = (): W[] => deps.wallets.list().filter((w) => !deps.compromised.isCompromised(w.publicKey));
  const accountOwners = async (): Promise<Map<number, W>> => {
    const wallets = own();
    const users = await Promise.all(wallets.map((w) => deps.client.user(w.publicKey)));
    const owners = new Map<number, W>();
    // an account listed for two wallets (an exchange answering oddly) goes to the last, as it always did
    wallets.forEach((w, i) => {
      for (const id of users[i]?.accountIds ?? []) owners.set(id, w);
    });
    return owners;
  };
  return {
    accountOwners,
    accountOwner: async (accountId) => (await accountOwners()).get(accountId) ?? null,
    addressOwner: (address) => own().find((w) => w.publicKey === address.trim()) ?? null,
    ownWallets: own,
  };
}
