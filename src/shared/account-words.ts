// An account named in a sentence, the one way main's audit log and the renderer's history both write it: by
// the local name the person gave it, with its number beside it ("Trading (account 4)"), or by its number.
export const accountInWords = (accountId: number, name: string | undefined): string =>
  name ? `${name} (account ${accountId})` : `account ${accountId}`;

/**
 * An account as a picker, a review and a history line name it: the wallet that holds it, the local name and
 * the number ("Twelve · Savings (#5)"), "Twelve · #5" without a name, and without a wallet of the person's
 * (someone else's account) only what is known here: "Savings (#5)" or "#5".
 */
export const accountLabel = (accountId: number, name?: string, walletLabel?: string): string => {
  const account = name ? `${name} (#${accountId})` : `#${accountId}`;
  return walletLabel ? `${walletLabel} · ${account}` : account;
};
