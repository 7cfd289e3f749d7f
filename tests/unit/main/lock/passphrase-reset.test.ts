// "Forgot passphrase?" in main, with real files and (under scripts/with-keyring.sh) the real OS keychain:
// what it lists, that only the typed word erases, that it erases every key and the lock record and the files
// that name them and nothing else, and that a reset cut short by a crash is finished at the next start.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import bs58 from 'bs58';
import { createKeyringStore, type SecretStore } from '../../../../src/main/keychain/secret-store';
import { SealedStore } from '../../../../src/main/keychain/sealed-store';
import { AppLock } from '../../../../src/main/lock/app-lock';
import { PassphraseReset, RESET_MARKER } from '../../../../src/main/lock/passphrase-reset';
import { WalletService } from '../../../../src/main/wallets/wallet-service';
import { PhraseService } from '../../../../src/main/wallets/phrase-service';
import { AuditLog } from '../../../../src/main/audit/audit-log';
import { generateKeypair } from '../../../../src/protocol/keys';
import { FAST_KDF, MemorySecretStore } from '../../../support/memory-store';

const PASS = 'reset test passphrase';
const NEW_PASS = 'a brand new passphrase';
const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
/** the first wallet of ABANDON on the bip44-change path */
const ABANDON_0 = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk';
const noAccounts = async () => ({ registered: false, accounts: [] });
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const realKeychain = process.env.PERPETUA_KEYRING_TEST === '1';

/** A keychain that can be made to fail (a crash, in effect) when one named item is deleted. */
class BreakableStore implements SecretStore {
  breakOn: string | null = null;
  readonly names = new Set<string>();
  constructor(private readonly inner: SecretStore) {}
  get = (name: string) => this.inner.get(name);
  set = async (name: string, secret: string) => {
    this.names.add(name);
    await this.inner.set(name, secret);
  };
  delete = async (name: string) => {
    if (name === this.breakOn) {
      this.breakOn = null;
      throw new Error('the app stopped here');
    }
    return this.inner.delete(name);
  };
  /** every item this test wrote that is still in the keychain */
  async left(): Promise<string[]> {
    const found: string[] = [];
    for (const name of this.names) if ((await this.inner.get(name)) !== null) found.push(name);
    return found.sort();
  }
}

function newStore(): BreakableStore {
  return new BreakableStore(
    realKeychain ? createKeyringStore(`perpetua-reset-test-${randomUUID()}`) : new MemorySecretStore(),
  );
}

/** One app run over dataDir: the services a reset touches, wired as core.ts wires them. */
function run(dataDir: string, store: SecretStore, sending = false) {
  const audit = new AuditLog(join(dataDir, 'audit.jsonl'));
  const secrets = new SealedStore(store);
  const lock: AppLock = new AppLock({
    store,
    secrets,
    kdf: FAST_KDF,
    audit,
    beforeInit: () => reset.resumeIfInterrupted(),
  });
  const wallets = new WalletService({ store: secrets, lock, dataDir });
  const phrases = new PhraseService({ store: secrets, lock, wallets, dataDir });
  const reset: PassphraseReset = new PassphraseReset({
    dataDir,
    store,
    secrets,
    lock,
    wallets,
    phrases,
    audit,
    sessionFiles: () => [join(dataDir, 'sessions.json'), join(dataDir, 'networks', 'n1', 'sessions.json')],
    submissions: () => ({ sending, unsettled: 2 }),
  });
  return { audit, secrets, lock, wallets, phrases, reset };
}

/** A person's computer: one wallet from a recovery phrase, one from a secret key, a session, and other data. */
async function personsComputer(store: BreakableStore) {
  const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-reset-'));
  dirs.push(dataDir);
  const app = run(dataDir, store);
  await app.lock.init();
  await app.lock.setup(PASS);
  const found = await app.phrases.discover(ABANDON, '', noAccounts);
  const [fromPhrase] = await app.phrases.importChosen(
    found.discoveryId,
    'bip44-change',
    [0],
    'Phantom',
    PASS,
  );
  const { secretSeed, publicKey } = generateKeypair();
  const secretKey = await app.wallets.import(
    'Old key',
    bs58.encode(Buffer.concat([secretSeed, publicKey])),
    PASS,
  );
  await app.secrets.set('session:SessionKey1', 'session secret');
  mkdirSync(join(dataDir, 'networks', 'n1'), { recursive: true });
  const sessions = JSON.stringify({ version: 1, sessions: [] });
  writeFileSync(join(dataDir, 'sessions.json'), sessions);
  writeFileSync(join(dataDir, 'networks', 'n1', 'sessions.json'), sessions);
  // what stays: the person's other data, and what the exchange side needs
  const kept = ['address-book.json', 'settings.json', join('networks', 'n1', 'nonces.json')];
  for (const file of kept) writeFileSync(join(dataDir, file), '{"kept":true}');
  app.lock.lock();
  return { dataDir, app, fromPhrase: fromPhrase!, secretKey, kept };
}

async function expectErased(store: BreakableStore, dataDir: string, kept: string[]) {
  expect(await store.left()).toEqual([]);
  for (const file of ['wallets.json', 'phrases.json', 'sessions.json', RESET_MARKER])
    expect(existsSync(join(dataDir, file)), file).toBe(false);
  expect(existsSync(join(dataDir, 'networks', 'n1', 'sessions.json'))).toBe(false);
  for (const file of kept) expect(readFileSync(join(dataDir, file), 'utf8'), file).toBe('{"kept":true}');
}

describe(`a forgotten passphrase (${realKeychain ? 'real OS keychain' : 'in-memory keychain'})`, () => {
  it('lists each wallet by how it can come back, public data only', async () => {
    const store = newStore();
    const { app, fromPhrase, secretKey } = await personsComputer(store);
    expect(app.reset.preview()).toEqual({
      phrases: [{ wordCount: 12, wallets: [{ label: 'Phantom', publicKey: fromPhrase.publicKey }] }],
      keyWallets: [{ label: 'Old key', publicKey: secretKey.publicKey }],
      demo: [],
      unsettledActions: 2,
    });
    expect(fromPhrase.publicKey).toBe(ABANDON_0);
  });

  it('a wrong word, an unlocked app or an action on its way erases nothing', async () => {
    const store = newStore();
    const { dataDir, app, kept } = await personsComputer(store);
    const before = await store.left();
    expect(before).toEqual(
      expect.arrayContaining(['app-lock', 'sealed-index', 'session:SessionKey1', `wallet:${ABANDON_0}`]),
    );
    for (const word of ['', 'erase please', 'RESET', 'ERASE!'])
      await expect(app.reset.reset(word)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    const sending = run(dataDir, store, true);
    await sending.lock.init();
    await expect(sending.reset.reset('ERASE')).rejects.toMatchObject({ code: 'CONFLICT' });
    await app.lock.unlock(PASS);
    await expect(app.reset.reset('ERASE')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await store.left()).toEqual(before);
    expect(app.wallets.kept()).toHaveLength(2);
    expect(existsSync(join(dataDir, RESET_MARKER))).toBe(false);
    for (const file of kept) expect(existsSync(join(dataDir, file))).toBe(true);
  });

  it('the word erases every key, the passphrase and the lists that name them, and nothing else', async () => {
    const store = newStore();
    const { dataDir, app, kept } = await personsComputer(store);
    // a second reset asked for at once is refused, not queued behind the first
    const [first, second] = await Promise.allSettled([app.reset.reset('ERASE'), app.reset.reset('ERASE')]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { status: 'uninitialized' } });
    expect(second).toMatchObject({ status: 'rejected', reason: { code: 'CONFLICT' } });
    expect(app.lock.state()).toMatchObject({ status: 'uninitialized' });
    await expectErased(store, dataDir, kept);
    expect(app.audit.list().entries[0]).toMatchObject({
      kind: 'passphraseReset',
      sentence:
        'Removed every key and the passphrase from this device, the passphrase being forgotten (2 wallets, 1 recovery phrase)',
    });
    // the old passphrase opens nothing; a new one starts afresh, and the phrase brings its wallet back
    await app.lock.setup(NEW_PASS);
    expect(app.wallets.list()).toEqual([]);
    const found = await app.phrases.discover(ABANDON, '', noAccounts);
    const [back] = await app.phrases.importChosen(found.discoveryId, 'bip44-change', [0], 'Back', NEW_PASS);
    expect(back!.publicKey).toBe(ABANDON_0);
    await store.delete('app-lock');
    await app.secrets.eraseAll([]);
  });

  it.each(['session:SessionKey1', 'app-lock'])(
    'a reset stopped by a crash at %s is finished at the next start',
    async (crashAt) => {
      const store = newStore();
      const { dataDir, app, kept } = await personsComputer(store);
      store.breakOn = crashAt;
      await expect(app.reset.reset('ERASE')).rejects.toThrow('the app stopped here');
      expect(existsSync(join(dataDir, RESET_MARKER))).toBe(true);
      // the next run: its first read of the keychain finishes the reset before anything else
      const next = run(dataDir, store);
      expect(await next.lock.init()).toMatchObject({ status: 'uninitialized' });
      await expectErased(store, dataDir, kept);
      expect(next.wallets.kept()).toEqual([]);
      expect(next.audit.list().entries[0]).toMatchObject({ kind: 'passphraseReset' });
    },
  );
});
