// An account named in a sentence, the one way main's audit log and the renderer's history both write it: by
// the local name the person gave it, with its number beside it ("Trading (account 4)"), or by its number.
export const accountInWords = (accountId: number, name: string | undefined): string =>
  name ? `${name} (account ${accountId})` : `account ${accountId}`;
