// What a passphrase must be, said the same by main (which refuses it) and the forms (which tell while typing).

export const MIN_PASSPHRASE_LENGTH = 10;

/** Why a new passphrase cannot be used yet, while it is being typed; null when it is long enough or empty. */
export function passphraseShortfall(passphrase: string): string | null {
  if (passphrase.length === 0 || passphrase.length >= MIN_PASSPHRASE_LENGTH) return null;
  const more = MIN_PASSPHRASE_LENGTH - passphrase.length;
  return `Too short: ${more} more character${more === 1 ? '' : 's'} (at least ${MIN_PASSPHRASE_LENGTH} characters).`;
}

/**
 * The word typed to confirm "Forgot passphrase?": it erases every key on this computer. The form shows it and
 * keeps its button off until it is typed; main compares what it receives, so nothing else erases.
 */
export const RESET_WORD = 'ERASE';
