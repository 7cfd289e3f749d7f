// BIP39 recovery phrases in English, on @scure/bip39 (audited) and its word list. What this module adds is
// only the checks a person can act on: which word is not in the list, how many words a phrase has, or that
// the checksum failed, instead of one "invalid mnemonic".
import { generateMnemonic, mnemonicToEntropy, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { AppFailure } from '../../shared/result';

const WORD_COUNTS = [12, 15, 18, 21, 24] as const;
const WORDS = new Set(wordlist);

/** The words of a phrase as the person typed or pasted it: any spacing, any case, numbered or not. */
export function normalisePhrase(text: string): string[] {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .split(/[\s,]+/)
    .map((w) => w.replace(/^\d+[.)]?$/, ''))
    .filter((w) => w.length > 0);
}

/** Checks a phrase and returns its words in canonical form (lower case, single spaces). */
export function checkPhrase(text: string): string {
  const words = normalisePhrase(text);
  if (!(WORD_COUNTS as readonly number[]).includes(words.length)) {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `A recovery phrase has 12, 15, 18, 21 or 24 words; this one has ${words.length}.`,
    );
  }
  const unknown = words.findIndex((w) => !WORDS.has(w));
  if (unknown >= 0) {
    const word = words[unknown]!;
    const near = nearWords(word);
    const hint = near.length > 0 && near.length <= 3 ? ` Did you mean ${near.join(' or ')}?` : '';
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `Word ${unknown + 1}, “${word.slice(0, 16)}”, is not in the English recovery-phrase word list.${hint}`,
    );
  }
  const phrase = words.join(' ');
  try {
    mnemonicToEntropy(phrase, wordlist);
  } catch {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      'The checksum of this recovery phrase does not match: a word is wrong or out of order. Check it against your backup.',
    );
  }
  return phrase;
}

/** One letter off (added, missing, changed or two swapped), or the same first four letters: typos. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const rest = (x: string, n: number) => x.slice(i + n);
  return (
    rest(a, 1) === rest(b, 1) ||
    rest(a, 1) === rest(b, 0) ||
    rest(a, 0) === rest(b, 1) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && rest(a, 2) === rest(b, 2))
  );
}

function nearWords(word: string): string[] {
  if (word.length < 3) return [];
  // every word of the list is known by its first four letters
  const byPrefix = word.length >= 4 ? wordlist.filter((w) => w.startsWith(word.slice(0, 4))) : [];
  return byPrefix.length > 0 ? byPrefix : wordlist.filter((w) => oneEditApart(word, w));
}

export function newPhrase(wordCount: 12 | 24): string {
  return generateMnemonic(wordlist, wordCount === 24 ? 256 : 128);
}

/** The 64-byte BIP39 seed (PBKDF2-HMAC-SHA512, 2048 rounds) of a checked phrase. The caller wipes it. */
export function phraseSeed(phrase: string, bip39Passphrase = ''): Uint8Array {
  return mnemonicToSeedSync(phrase, bip39Passphrase);
}
