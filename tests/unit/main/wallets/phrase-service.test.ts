// Recovery phrases in main, over an in-memory keychain: what is stored when, what is refused, and that the
// words never land anywhere but the keychain. The real keychain is exercised by the integration and e2e tests.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bs58 from 'bs58';
import { WalletService } from '../../../../src/main/wallets/wallet-service';
import {
  PhraseService,
  type AccountLookup,
  type ChainLookup,
} from '../../../../src/main/wallets/phrase-service';
import { AppLock } from '../../../../src/main/lock/app-lock';
import { AppFailure } from '../../../../src/shared/result';
import { SigningKey } from '../../../../src/protocol/keys';
import { FAST_KDF, MemorySecretStore } from '../../../support/memory-store';

const PASS = 'correct horse battery';
const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const PHANTOM_0 = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk';
const PHANTOM_1 = 'Hh8QwFUA6MtVu1qAoq12ucvFHNwCcVTV7hpWjeY1Hztb';
const LEDGER_0 = 'GjJyeC1r2RgkuoCWMyPYkCWSGSGLcz266EaAkLA27AhL';
/**
 * solana-keygen's default key of these words (the BIP39 seed's first 32 bytes as the Ed25519 seed, no path):
 * the address web3.js's Keypair.fromSeed(seed.slice(0, 32)) gives, as published in several wallets' tests
 */
const KEYGEN_0 = 'EHqmfkN89RJ7Y33CXM6uCzhVeuywHoJXZZLszBHHZy7o';
/** the Solana Cookbook's "restore a BIP39 mnemonic" example: its phrase and the address it prints */
const COOKBOOK_PHRASE = 'pill tomorrow foster begin walnut borrow virtual kick shift mutual shoe scatter';
const COOKBOOK_KEYGEN = '5ZWj7a1f8tWkjBESHKgrLmXshuXxqeY9SYcfbshpAqPG';
let dir: string;
let store: MemorySecretStore;
let lock: AppLock;
let wallets: WalletService;
let phrases: PhraseService;
let now: number;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'perpetua-phrases-'));
  store = new MemorySecretStore();
  now = 1_000;
  lock = new AppLock({ store, kdf: FAST_KDF, now: () => now });
  await lock.init();
  await lock.setup(PASS);
  wallets = new WalletService({ store, lock, dataDir: dir, now: () => now });
  phrases = new PhraseService({ store, lock, wallets, dataDir: dir, now: () => now });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const failure = async (p: Promise<unknown> | (() => unknown)): Promise<AppFailure> => {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    return e as AppFailure;
  }
  throw new Error('expected a failure');
};
const noAccounts = async (): Promise<AccountLookup> => ({ registered: false, accounts: [] });
/** every file of the data folder, as text */
const files = () =>
  readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');

describe('creating a wallet from a new phrase', () => {
  it('shows 24 words once by default, asks three by position, and stores phrase and wallet only when they match', async () => {
    const pending = await phrases.create('Main', 24, PASS);
    expect(pending.mnemonic).toHaveLength(24);
    expect(pending.path).toBe("m/44'/501'/0'/0'");
    expect(pending.checkPositions).toHaveLength(3);
    expect(new Set(pending.checkPositions).size).toBe(3);
    for (const p of pending.checkPositions) expect(p >= 1 && p <= 24).toBe(true);
    expect(store.items.size).toBe(1); // only the passphrase hash
    expect(wallets.list()).toEqual([]);

    const answers = pending.checkPositions.map((p) => pending.mnemonic[p - 1]!);
    const wrong = [...answers];
    wrong[1] = wrong[1] === 'zoo' ? 'abandon' : 'zoo';
    const refused = await failure(phrases.confirmBackup(pending.pendingId, wrong));
    expect(refused.code).toBe('INVALID_ARGUMENT');
    expect(refused.message).toBe(
      `That is not word ${pending.checkPositions[1]} of your recovery phrase. Check your backup.`,
    );
    expect(wallets.list()).toEqual([]);
    expect(store.items.size).toBe(1);

    const allWrong = await failure(phrases.confirmBackup(pending.pendingId, ['zzz', 'zzz', 'zzz']));
    const [a, b, c] = pending.checkPositions;
    expect(allWrong.message).toBe(
      `That is not words ${a}, ${b} and ${c} of your recovery phrase. Check your backup.`,
    );
    // capitals and spaces in an answer do not matter
    const wallet = await phrases.confirmBackup(pending.pendingId, [
      ` ${answers[0]!.toUpperCase()} `,
      answers[1]!,
      answers[2]!,
    ]);
    expect(wallet).toMatchObject({ label: 'Main', publicKey: pending.publicKey });
    const [phrase] = phrases.list();
    expect(phrase).toMatchObject({ scheme: 'bip44-change', wordCount: 24, nextIndex: 1 });
    expect(phrase!.wallets).toEqual([
      { walletId: wallet.walletId, publicKey: pending.publicKey, index: 0, path: "m/44'/501'/0'/0'" },
    ]);
    expect(store.items.get(`phrase:${phrase!.phraseId}`)).toBe(
      JSON.stringify({ words: pending.mnemonic.join(' '), bip39Passphrase: '' }),
    );
    // the reveal is used up; the words are in no file
    expect((await failure(phrases.confirmBackup(pending.pendingId, answers))).code).toBe('NOT_FOUND');
    const m = pending.mnemonic;
    for (let i = 0; i + 2 < m.length; i++) {
      expect(files()).not.toContain(m.slice(i, i + 3).join(' '));
      expect(files()).not.toContain(JSON.stringify(m.slice(i, i + 3)).slice(1, -1));
    }
  });

  it('12 words on request; two confirmations at once store one wallet', async () => {
    const pending = await phrases.create('Small', 12, PASS);
    expect(pending.mnemonic).toHaveLength(12);
    const answers = pending.checkPositions.map((p) => pending.mnemonic[p - 1]!);
    const results = await Promise.allSettled([
      phrases.confirmBackup(pending.pendingId, answers),
      phrases.confirmBackup(pending.pendingId, answers),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(wallets.list()).toHaveLength(1);
  });

  it('shows the words only with the passphrase', async () => {
    expect(await failure(phrases.create('Main', 24, 'not the passphrase'))).toMatchObject({
      code: 'LOCKED',
      message: 'That passphrase is not correct.',
    });
  });

  it('locking forgets a reveal that was not confirmed', async () => {
    const pending = await phrases.create('Main', 24, PASS);
    lock.lock();
    await lock.unlock(PASS);
    const answers = pending.checkPositions.map((p) => pending.mnemonic[p - 1]!);
    expect((await failure(phrases.confirmBackup(pending.pendingId, answers))).code).toBe('NOT_FOUND');
    lock.lock();
    expect((await failure(phrases.create('Main', 24, PASS))).code).toBe('LOCKED');
  });
});

describe('importing a phrase', () => {
  it('lists the first wallets on each path with their accounts, and stores nothing until some are chosen', async () => {
    const asked: string[] = [];
    const lookup = async (pk: string): Promise<AccountLookup> => {
      asked.push(pk);
      if (pk === LEDGER_0) throw new Error('exchange down');
      return pk === PHANTOM_1
        ? { registered: true, accounts: [{ accountId: 7, balances: [{ tokenId: 0, amount: 5n }] }] }
        : { registered: false, accounts: [] };
    };
    const found = await phrases.discover(`  ${ABANDON.toUpperCase()}\n`, '', lookup);
    expect(found.wordCount).toBe(12);
    expect(found.paths.map((p) => [p.scheme, p.addresses.length])).toEqual([
      ['bip44-change', 5],
      ['bip44', 5],
      ['root', 1],
      ['keygen', 1],
    ]);
    expect(asked).toHaveLength(12);
    const phantom = found.paths[0]!.addresses;
    expect(phantom[0]).toMatchObject({
      index: 0,
      path: "m/44'/501'/0'/0'",
      publicKey: PHANTOM_0,
      walletId: null,
    });
    expect(phantom[1]!.lookup).toEqual({
      registered: true,
      accounts: [{ accountId: 7, balances: [{ tokenId: 0, amount: 5n }] }],
    });
    // an address the exchange could not be asked about is still listed
    expect(found.paths[1]!.addresses[0]).toMatchObject({ publicKey: LEDGER_0, lookup: null });
    // no chain reader given: no balances, the list is there all the same
    expect(found.paths.flatMap((p) => p.addresses).every((a) => a.chain === null)).toBe(true);
    expect(wallets.list()).toEqual([]);
    expect(store.items.size).toBe(1);

    const added = await phrases.importChosen(found.discoveryId, 'bip44-change', [1, 0], 'Phantom', PASS);
    expect(added.map((w) => [w.label, w.publicKey])).toEqual([
      ['Phantom 1', PHANTOM_0],
      ['Phantom 2', PHANTOM_1],
    ]);
    // the stored secret is the derived key: it signs as the address
    const key = await wallets.signingKey(added[1]!.walletId);
    expect(bs58.encode(key.publicKey)).toBe(PHANTOM_1);
    expect(phrases.list()[0]).toMatchObject({ scheme: 'bip44-change', nextIndex: 2 });
    // a discovery is used once
    expect(
      (await failure(phrases.importChosen(found.discoveryId, 'bip44-change', [2], 'x', PASS))).code,
    ).toBe('NOT_FOUND');
  });

  it('adds nothing without the right passphrase, and one discovery adds its wallets once however many ask', async () => {
    const found = await phrases.discover(ABANDON, '', noAccounts);
    const wrong = await failure(phrases.importChosen(found.discoveryId, 'bip44-change', [0], 'x', 'a guess'));
    expect(wrong).toMatchObject({ code: 'LOCKED', message: 'That passphrase is not correct.' });
    expect(wallets.list()).toEqual([]);
    expect(store.items.size).toBe(1);
    // the discovery is still there to try again with; two calls at once add the wallet once
    const both = await Promise.allSettled([
      phrases.importChosen(found.discoveryId, 'bip44-change', [0], 'Phantom', PASS),
      phrases.importChosen(found.discoveryId, 'bip44-change', [0], 'Phantom', PASS),
    ]);
    expect(both.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(both[1]).toMatchObject({ reason: { code: 'NOT_FOUND' } });
    expect(wallets.list().map((w) => w.publicKey)).toEqual([PHANTOM_0]);
  });

  it('refuses a bad phrase plainly and stores nothing', async () => {
    for (const [text, message] of [
      [ABANDON.replace('about', 'abuot'), /Word 12, “abuot”, is not in the English/],
      [ABANDON.replace('about', 'abandon'), /checksum/],
      ['abandon '.repeat(13), /this one has 13/],
    ] as const) {
      const e = await failure(phrases.discover(text, '', noAccounts));
      expect(e.code).toBe('INVALID_ARGUMENT');
      expect(e.message).toMatch(message);
    }
    expect(wallets.list()).toEqual([]);
    expect(store.items.size).toBe(1);
    expect(phrases.list()).toEqual([]);
  });

  it('a BIP39 passphrase gives other wallets and is kept with the phrase', async () => {
    const found = await phrases.discover(ABANDON, 'TREZOR', noAccounts);
    const first = found.paths[0]!.addresses[0]!.publicKey;
    expect(first).not.toBe(PHANTOM_0);
    await phrases.importChosen(found.discoveryId, 'bip44-change', [0], 'Hidden', PASS);
    const [phrase] = phrases.list();
    expect(JSON.parse(store.items.get(`phrase:${phrase!.phraseId}`)!)).toEqual({
      words: ABANDON,
      bip39Passphrase: 'TREZOR',
    });
    const next = await phrases.addNext(phrase!.phraseId, 'Hidden 2');
    expect(next.publicKey).not.toBe(PHANTOM_1);
    const exported = await phrases.export(phrase!.phraseId, PASS);
    expect(exported).toEqual({
      mnemonic: ABANDON.split(' '),
      bip39PassphraseUsed: true,
      scheme: 'bip44-change',
    });
  });

  it('the root path has one wallet; a wallet imported earlier by its secret is linked, not stored twice', async () => {
    const found = await phrases.discover(ABANDON, '', noAccounts);
    expect(
      (await failure(phrases.importChosen(found.discoveryId, 'root', [1], 'CLI', PASS))).message,
    ).toMatch(/one wallet/);
    const again = await phrases.discover(ABANDON, '', noAccounts);
    const [cli] = await phrases.importChosen(again.discoveryId, 'root', [0], 'CLI', PASS);
    expect(cli!.publicKey).toBe('D2PPQSYFe83nDzk96FqGumVU8JA7J8vj2Rhjc2oXzEi5');
    const root = phrases.list()[0]!;
    expect(root.nextIndex).toBeNull();
    expect((await failure(phrases.addNext(root.phraseId, 'more'))).message).toMatch(/one wallet only/);

    // the Ledger path's first wallet, imported by its secret before the phrase
    const ledger = await phrases.discover(ABANDON, '', noAccounts);
    const bySecret = await wallets.import('Old', await deriveSecret("m/44'/501'/0'"), PASS);
    expect(ledger.paths[1]!.addresses[0]!.walletId).toBe(null); // looked up before the import
    const linked = await phrases.importChosen(ledger.discoveryId, 'bip44', [0], 'Ledger', PASS);
    expect(linked[0]!.walletId).toBe(bySecret.walletId);
    expect(wallets.list()).toHaveLength(2);
    expect(
      phrases
        .list()
        .map((p) => p.scheme)
        .sort(),
    ).toEqual(['bip44', 'root']);
  });
});

describe('the solana-keygen default (no derivation path)', () => {
  it('is listed beside the three paths with the address solana-keygen gives, and imports as one wallet', async () => {
    const found = await phrases.discover(ABANDON, '', noAccounts);
    const keygen = found.paths.find((p) => p.scheme === 'keygen')!.addresses;
    expect(keygen).toEqual([
      {
        index: 0,
        path: 'solana-keygen default (no path)',
        publicKey: KEYGEN_0,
        walletId: null,
        lookup: { registered: false, accounts: [] },
        chain: null,
      },
    ]);
    expect((await failure(phrases.importChosen(found.discoveryId, 'keygen', [1], 'CLI', PASS))).message).toBe(
      'The solana-keygen default has one wallet only.',
    );
    const [wallet] = await phrases.importChosen(found.discoveryId, 'keygen', [0], 'CLI', PASS);
    expect(wallet!.publicKey).toBe(KEYGEN_0);
    // the stored secret is seed[0..32] || public key: it signs as the address
    expect(bs58.encode((await wallets.signingKey(wallet!.walletId)).publicKey)).toBe(KEYGEN_0);
    const [view] = phrases.list();
    expect(view).toMatchObject({
      scheme: 'keygen',
      nextIndex: null,
      wallets: [{ publicKey: KEYGEN_0, index: 0, path: 'solana-keygen default (no path)' }],
    });
    expect((await failure(phrases.addNext(view!.phraseId, 'more'))).message).toMatch(
      /solana-keygen default has one wallet only/,
    );
    expect((await phrases.export(view!.phraseId, PASS)).scheme).toBe('keygen');
    // found again, it is the wallet already here
    const again = await phrases.discover(ABANDON, '', noAccounts);
    expect(again.paths.find((p) => p.scheme === 'keygen')!.addresses[0]!.walletId).toBe(wallet!.walletId);
  });

  it('gives the address the Solana Cookbook publishes for its example phrase', async () => {
    const found = await phrases.discover(COOKBOOK_PHRASE, '', noAccounts);
    expect(found.paths.find((p) => p.scheme === 'keygen')!.addresses[0]!.publicKey).toBe(COOKBOOK_KEYGEN);
  });

  it('honours a BIP39 passphrase the way solana-keygen does: the seed is made with it', async () => {
    const found = await phrases.discover(ABANDON, 'TREZOR', noAccounts);
    // the BIP39 reference seed of these words with "TREZOR"; its first 32 bytes are the key
    const seed = Buffer.from(
      'c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
      'hex',
    );
    const expected = bs58.encode(new SigningKey(seed.subarray(0, 32)).publicKey);
    const keygen = found.paths.find((p) => p.scheme === 'keygen')!.addresses[0]!;
    expect(keygen.publicKey).toBe(expected);
    expect(keygen.publicKey).not.toBe(KEYGEN_0);
  });
});

describe('on-chain balances of the discovered addresses', () => {
  const held = (address: string, sol: bigint, usdc: bigint): ChainLookup => ({
    address,
    sol,
    tokens: [{ tokenId: 0, amount: usdc, hasAccount: usdc > 0n }],
  });

  it('each address carries what the chain holds; one the chain does not answer in time is unavailable, and the list is not held up', async () => {
    phrases = new PhraseService({ store, lock, wallets, dataDir: dir, now: () => now, chainLookupMs: 200 });
    const chain = (pk: string): Promise<ChainLookup> => {
      if (pk === KEYGEN_0) return Promise.resolve(held(pk, 2_000_000_000n, 25_000_000n));
      if (pk === PHANTOM_0) return Promise.reject(new Error('RPC unreachable'));
      if (pk === LEDGER_0) return new Promise(() => {}); // never answers
      return Promise.resolve(held(pk, 0n, 0n));
    };
    const started = Date.now();
    const found = await phrases.discover(ABANDON, '', noAccounts, chain);
    expect(Date.now() - started).toBeLessThan(2_000);
    const by = new Map(found.paths.flatMap((p) => p.addresses).map((a) => [a.publicKey, a.chain]));
    expect(by.get(KEYGEN_0)).toEqual(held(KEYGEN_0, 2_000_000_000n, 25_000_000n));
    expect(by.get(PHANTOM_0)).toBeNull();
    expect(by.get(LEDGER_0)).toBeNull();
    expect(by.get(PHANTOM_1)).toEqual(held(PHANTOM_1, 0n, 0n));
    // the import goes on whatever the chain said
    const [wallet] = await phrases.importChosen(found.discoveryId, 'keygen', [0], 'CLI', PASS);
    expect(wallet!.publicKey).toBe(KEYGEN_0);
  });
});

async function deriveSecret(path: string): Promise<string> {
  const { derivePath } = await import('../../../../src/main/wallets/slip10');
  const { phraseSeed } = await import('../../../../src/main/wallets/mnemonic');
  const { key } = derivePath(phraseSeed(ABANDON), path);
  return bs58.encode(Buffer.concat([key, new SigningKey(key).publicKey]));
}

describe('more wallets from one phrase, export and forgetting', () => {
  async function importPhantom(): Promise<string> {
    const found = await phrases.discover(ABANDON, '', noAccounts);
    await phrases.importChosen(found.discoveryId, 'bip44-change', [0], 'Phantom', PASS);
    return phrases.list()[0]!.phraseId;
  }

  it('"Add next wallet" derives the next index; two clicks at once derive two different wallets', async () => {
    const phraseId = await importPhantom();
    const [a, b] = await Promise.all([
      phrases.addNext(phraseId, 'Second'),
      phrases.addNext(phraseId, 'Third'),
    ]);
    expect(a!.publicKey).toBe(PHANTOM_1);
    expect(b!.publicKey).not.toBe(PHANTOM_1);
    expect(phrases.list()[0]!.wallets.map((w) => w.index)).toEqual([0, 1, 2]);
    expect(phrases.list()[0]!.nextIndex).toBe(3);
  });

  it('export gives the words only after the passphrase', async () => {
    const phraseId = await importPhantom();
    expect((await failure(phrases.export(phraseId, 'not my passphrase'))).code).toBe('LOCKED');
    expect((await phrases.export(phraseId, PASS)).mnemonic.join(' ')).toBe(ABANDON);
  });

  it('a phrase is forgotten only once its wallets are removed, and only after a fresh unlock', async () => {
    const phraseId = await importPhantom();
    const wallet = phrases.list()[0]!.wallets[0]!;
    expect((await failure(phrases.forget(phraseId))).code).toBe('CONFLICT');
    await wallets.remove(wallet.walletId, wallet.publicKey, PASS);
    expect(phrases.list()[0]!.wallets).toEqual([]);
    now += 6 * 60_000;
    expect((await failure(phrases.forget(phraseId))).code).toBe('LOCKED');
    await lock.reauthenticate(PASS);
    await phrases.forget(phraseId);
    expect(phrases.list()).toEqual([]);
    expect([...store.items.keys()].filter((k) => k.startsWith('phrase:'))).toEqual([]);
  });
});

describe('failures store nothing half-way', () => {
  it('a keychain failure while confirming stores nothing, and the same words can be confirmed again', async () => {
    const pending = await phrases.create('Main', 12, PASS);
    const answers = pending.checkPositions.map((p) => pending.mnemonic[p - 1]!);
    store.failNext = new Error('keychain locked');
    await failure(phrases.confirmBackup(pending.pendingId, answers));
    expect(wallets.list()).toEqual([]);
    expect(phrases.list()).toEqual([]);
    expect(store.items.size).toBe(1);
    const wallet = await phrases.confirmBackup(pending.pendingId, answers);
    expect(wallet.publicKey).toBe(pending.publicKey);
  });

  it('a wallet the keychain refuses after the phrase was kept: the new phrase leaves the keychain again', async () => {
    const set = store.set.bind(store);
    store.set = async (name, secret) => {
      if (name.startsWith('wallet:')) throw new Error('keychain locked');
      return set(name, secret);
    };
    const found = await phrases.discover(ABANDON, '', noAccounts);
    await failure(phrases.importChosen(found.discoveryId, 'bip44-change', [0], 'Phantom', PASS));
    expect(wallets.list()).toEqual([]);
    expect(phrases.list()).toEqual([]);
    expect([...store.items.keys()].filter((k) => k.startsWith('phrase:'))).toEqual([]);
  });

  it('at most a few phrase checks are held: the oldest is dropped for a new one', async () => {
    const first = await phrases.discover(ABANDON, '', noAccounts);
    for (let i = 0; i < 4; i++) await phrases.discover(ABANDON, '', noAccounts);
    expect((await failure(phrases.importChosen(first.discoveryId, 'root', [0], 'x', PASS))).code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('after a restart', () => {
  it('the phrase is still in the keychain: the next wallet is derived from it', async () => {
    const found = await phrases.discover(ABANDON, '', noAccounts);
    await phrases.importChosen(found.discoveryId, 'bip44-change', [0], 'Phantom', PASS);
    const lock2 = new AppLock({ store, kdf: FAST_KDF, now: () => now });
    await lock2.init();
    await lock2.unlock(PASS);
    const wallets2 = new WalletService({ store, lock: lock2, dataDir: dir, now: () => now });
    const phrases2 = new PhraseService({
      store,
      lock: lock2,
      wallets: wallets2,
      dataDir: dir,
      now: () => now,
    });
    const [phrase] = phrases2.list();
    expect(phrase!.wallets.map((w) => w.publicKey)).toEqual([PHANTOM_0]);
    expect((await phrases2.addNext(phrase!.phraseId, 'Second')).publicKey).toBe(PHANTOM_1);
  });
});
