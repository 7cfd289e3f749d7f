// A recovery phrase in the real OS keychain (gnome-keyring under scripts/with-keyring.sh): kept across a
// restart so the next wallet can be derived from it, exported after the passphrase, and gone once forgotten.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import bs58 from 'bs58';
import { createKeyringStore } from '../../src/main/keychain/secret-store';
import { AppLock } from '../../src/main/lock/app-lock';
import { FAST_KDF } from '../support/memory-store';
import { WalletService } from '../../src/main/wallets/wallet-service';
import { PhraseService } from '../../src/main/wallets/phrase-service';

const haveKeyring = process.env.PERPETUA_KEYRING_TEST === '1';
const PASS = 'keychain test passphrase';
const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const noAccounts = async () => ({ registered: false, accounts: [] });
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.skipIf(!haveKeyring)('recovery phrases in the OS keychain (real gnome-keyring)', () => {
  const store = createKeyringStore(`perpetua-test-${randomUUID()}`);

  async function instance(dataDir: string, setup: boolean) {
    const lock = new AppLock({ store, kdf: FAST_KDF });
    await lock.init();
    await (setup ? lock.setup(PASS) : lock.unlock(PASS));
    const wallets = new WalletService({ store, lock, dataDir });
    return { lock, wallets, phrases: new PhraseService({ store, lock, wallets, dataDir }) };
  }

  it('import, restart, add the next wallet, export, then remove and forget', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-kc-phrase-'));
    dirs.push(dataDir);
    const first = await instance(dataDir, true);
    const found = await first.phrases.discover(ABANDON, '', noAccounts);
    const [wallet] = await first.phrases.importChosen(
      found.discoveryId,
      'bip44-change',
      [0],
      'Phantom',
      PASS,
    );
    const phraseId = first.phrases.list()[0]!.phraseId;
    expect(JSON.parse((await store.get(`phrase:${phraseId}`))!)).toEqual({
      words: ABANDON,
      bip39Passphrase: '',
    });

    // a restart: a new core finds the phrase in the keychain and derives the next wallet from it
    const second = await instance(dataDir, false);
    const next = await second.phrases.addNext(phraseId, 'Second');
    expect(next.publicKey).toBe('Hh8QwFUA6MtVu1qAoq12ucvFHNwCcVTV7hpWjeY1Hztb');
    expect(bs58.encode((await second.wallets.signingKey(next.walletId)).publicKey)).toBe(next.publicKey);
    expect((await second.phrases.export(phraseId, PASS)).mnemonic.join(' ')).toBe(ABANDON);

    for (const w of [wallet!, next]) await second.wallets.remove(w.walletId, w.publicKey, PASS);
    await second.phrases.forget(phraseId);
    expect(await store.get(`phrase:${phraseId}`)).toBeNull();
    expect(second.phrases.list()).toEqual([]);
    await store.delete('app-lock');
  });
});
