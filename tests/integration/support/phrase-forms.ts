// Every form a recovery phrase's secrets could leak in: the words (spaced and as a JSON array), the BIP39
// passphrase, the seed (hex, base64) and each derived wallet's secret key (base58, hex, base64). The
// no-secret checks look for all of them.
import bs58 from 'bs58';
import { phraseSeed } from '../../../src/main/wallets/mnemonic';
import { derivePath } from '../../../src/main/wallets/slip10';
import { SigningKey } from '../../../src/protocol/keys';
import { PATH_SCHEME_INFO, derivationPath, type PathScheme } from '../../../src/shared/derivation-paths';

export function phraseSecretForms(
  words: string,
  bip39Passphrase: string,
  scheme: PathScheme,
  indices: number[],
): string[] {
  const seed = Buffer.from(phraseSeed(words, bip39Passphrase));
  const list = words.split(' ');
  const forms = [words, JSON.stringify(list).slice(1, -1), seed.toString('hex'), seed.toString('base64')];
  if (bip39Passphrase) forms.push(bip39Passphrase);
  for (const index of indices) {
    // solana-keygen's default derives nothing: its key is the seed's first 32 bytes
    const key = PATH_SCHEME_INFO[scheme].derived
      ? derivePath(seed, derivationPath(scheme, index)).key
      : seed.subarray(0, 32);
    const secret = Buffer.concat([key, new SigningKey(key).publicKey]);
    forms.push(bs58.encode(secret), Buffer.from(key).toString('hex'), Buffer.from(key).toString('base64'));
  }
  return forms;
}
