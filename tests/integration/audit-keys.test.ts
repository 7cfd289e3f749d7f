// Everything that touches a key is in the audit log, through the whole core against the real devnet and the
// real OS keychain: wallets created, imported, exported, removed; a recovery phrase shown, stored, exported;
// wrong passphrases counted (never quoted); the passphrase changed; sessions created, refreshed, revoked, and
// one another device made found. Each line names its wallet by the label it had when it was written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import bs58 from 'bs58';
import { generateKeypair } from '../../src/protocol/keys';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { PASSPHRASE, createWallet, depositCredited, startApp, type TestApp } from './support/app';
import { startFaultyProxy } from './support/faulty-proxy';

let devnet: RunningDevnet;
let app: TestApp;
/** another device holding the same wallet key */
let laptop: TestApp | undefined;

beforeAll(async () => {
  devnet = await startDevnet({ config: { depositDelayMs: 0 } });
  app = await startApp(devnet);
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
});
afterAll(async () => {
  await laptop?.close();
  await app?.close();
  await devnet?.close();
});

const WRONG = 'not the passphrase at all';
const NEW_PASSPHRASE = 'a changed integration passphrase';

it('records every key event, each naming its wallet by the label it had then, and nothing secret', async () => {
  // a wallet made here, and one imported from its secret key
  const { walletId, secretKey } = await createWallet(app, 'Hot key');
  const { secretSeed, publicKey } = generateKeypair();
  const importedSecret = bs58.encode(Buffer.concat([secretSeed, publicKey]));
  const imported = await app.ok('wallets.import', {
    label: 'Imported key',
    secret: importedSecret,
    passphrase: PASSPHRASE,
  });

  // an export refused for a wrong passphrase, then one given
  expect(await app.call('wallets.export', { walletId, passphrase: WRONG })).toMatchObject({
    ok: false,
    error: { code: 'LOCKED', message: 'That passphrase is not correct.' },
  });
  expect((await app.ok('wallets.export', { walletId, passphrase: PASSPHRASE })).secretKey).toBe(secretKey);

  // a recovery phrase shown, confirmed, and exported
  const made = await app.ok('phrases.create', {
    label: 'Phrase wallet',
    wordCount: 12,
    passphrase: PASSPHRASE,
  });
  await app.ok('phrases.confirmBackup', {
    pendingId: made.pendingId,
    answers: made.checkPositions.map((p) => made.mnemonic[p - 1]!),
  });
  const [phrase] = await app.ok('phrases.list');
  await app.ok('phrases.export', { phraseId: phrase!.phraseId, passphrase: PASSPHRASE });
  // and one the person already had, imported, with a wallet more derived from it later
  const found = await app.ok('phrases.discover', {
    phrase: 'legal winner thank year wave sausage worth useful legal winner thank yellow',
  });
  await app.ok('phrases.importWallets', {
    passphrase: PASSPHRASE,
    discoveryId: found.discoveryId,
    scheme: 'bip44',
    indices: [0],
    label: 'Old phrase',
  });
  const older = (await app.ok('phrases.list')).find((p) => p.scheme === 'bip44')!;
  await app.ok('phrases.addNextWallet', { phraseId: older.phraseId, label: 'Old phrase 2' });

  // sessions: one created here, refreshed and revoked; one another device made, seen in the list twice
  await depositCredited(app, walletId, 5_000_000n);
  const ours = await app.ok('sessions.create', {
    walletId,
    label: 'Desk',
    expiresInSeconds: 7200,
    refreshDeadlineSeconds: 86400,
  });
  await app.ok('sessions.refresh', { walletId, sessionId: ours.sessionId });
  laptop = await startApp(devnet);
  await laptop.ok('lock.setup', { passphrase: PASSPHRASE });
  const there = await laptop.ok('wallets.import', {
    label: 'Same key',
    secret: secretKey,
    passphrase: PASSPHRASE,
  });
  const foreign = await laptop.ok('sessions.create', {
    walletId: there.walletId,
    label: 'Laptop',
    expiresInSeconds: 7200,
  });
  expect((await app.ok('sessions.list')).find((s) => s.sessionId === foreign.sessionId)).toMatchObject({
    createdHere: false,
  });
  await app.ok('sessions.list');
  await app.ok('sessions.revoke', { walletId, sessionId: ours.sessionId });

  // renamed: lines written from now on say the new name, those before keep the old one
  await app.ok('wallets.rename', { walletId, label: 'Renamed key' });
  await app.ok('sessions.revoke', { walletId, sessionId: foreign.sessionId });

  // the passphrase: a wrong old one, then changed; a wrong one at the lock screen, then the new one
  expect(
    await app.call('lock.changePassphrase', { oldPassphrase: WRONG, newPassphrase: NEW_PASSPHRASE }),
  ).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
  await app.ok('lock.changePassphrase', { oldPassphrase: PASSPHRASE, newPassphrase: NEW_PASSPHRASE });
  await app.ok('lock.lock');
  expect(await app.call('lock.unlock', { passphrase: PASSPHRASE })).toMatchObject({
    ok: false,
    error: { code: 'LOCKED' },
  });
  await app.ok('lock.unlock', { passphrase: NEW_PASSPHRASE });

  // removed, after a fresh unlock
  await app.ok('wallets.remove', {
    walletId: imported.walletId,
    confirmPublicKey: imported.publicKey,
    passphrase: NEW_PASSPHRASE,
  });
  // and the imported phrase's two wallets, then the phrase itself
  for (const w of (await app.ok('phrases.list')).find((p) => p.phraseId === older.phraseId)!.wallets)
    await app.ok('wallets.remove', {
      walletId: w.walletId,
      confirmPublicKey: w.publicKey,
      passphrase: NEW_PASSPHRASE,
    });
  await app.ok('phrases.forget', { phraseId: older.phraseId });

  const { entries } = await app.ok('audit.list', { limit: 500 });
  const said = entries.map((e) => e.sentence).reverse();
  expect(said).toEqual([
    'Chose the passphrase that locks Perpetua',
    'Showed the secret key of new wallet Hot key, to back it up',
    'Created wallet Hot key, its secret key backed up',
    'Imported wallet Imported key from its secret key',
    'Entered a wrong passphrase to confirm an operation (1 in a row)',
    'Exported the secret key of wallet Hot key',
    'Showed the new 12-word recovery phrase of wallet Phrase wallet, to write it down',
    'Created wallet Phrase wallet from a new 12-word recovery phrase',
    'Exported the recovery phrase of wallet Phrase wallet',
    'Imported wallet Old phrase from a recovery phrase',
    'Added wallet Old phrase 2 from its recovery phrase',
    'Deposited 5.00 USDC from the wallet on the chain into a new account, wallet Hot key',
    `Created session #${ours.sessionId} of Hot key`,
    `Refreshed session #${ours.sessionId} of Hot key`,
    `Found session #${foreign.sessionId} of wallet Hot key, not made on this device`,
    `Revoked session #${ours.sessionId} of Hot key`,
    `Revoked session #${foreign.sessionId} of Renamed key`,
    'Entered a wrong passphrase to change it (1 in a row)',
    'Changed the passphrase; every key was sealed again under the new one',
    'Entered a wrong passphrase to unlock (1 in a row)',
    'Removed wallet Imported key and its key from this device',
    'Removed wallet Old phrase and its key from this device',
    'Removed wallet Old phrase 2 and its key from this device',
    'Forgot a 12-word recovery phrase whose wallets were all removed',
  ]);
  // with the path each wallet of a phrase was made on
  const fromPhrase = ['phraseCreated', 'phraseImported', 'phraseWalletAdded'];
  expect(entries.filter((e) => fromPhrase.includes(e.kind)).map((e) => [e.walletLabel, e.detail])).toEqual([
    ['Old phrase 2', "path m/44'/501'/1'"],
    ['Old phrase', "path m/44'/501'/0'"],
    ['Phrase wallet', "path m/44'/501'/0'/0'"],
  ]);
  // each wallet's lines are found by its key, whatever it is called now
  const hot = entries.find((e) => e.kind === 'walletCreated')!.wallet;
  expect((await app.ok('audit.list', { wallet: hot, limit: 500 })).total).toBe(9);
  expect(entries.find((e) => e.kind === 'sessionSeenElsewhere')).toMatchObject({
    sessionId: foreign.sessionId,
    detail: `session key ${foreign.sessionKey}`,
  });
  // wrong passphrases are counted, never quoted; no key or phrase reaches the log
  const file = readFileSync(join(app.dataDir, 'audit.jsonl'), 'utf8');
  for (const secret of [
    WRONG,
    PASSPHRASE,
    NEW_PASSPHRASE,
    secretKey,
    importedSecret,
    made.mnemonic.join(' '),
  ])
    expect(file).not.toContain(secret);
  expect(file).not.toContain(made.mnemonic.slice(0, 3).join(' '));
});

it('does not take a session this device is still creating for one made elsewhere', async () => {
  // the Sessions list read while the exchange has made the session and its answer is still on the way here
  const proxy = await startFaultyProxy(() => devnet.baseUrl);
  const desk = await startApp({ baseUrl: proxy.url, rpcUrl: devnet.rpcUrl });
  try {
    await desk.ok('lock.setup', { passphrase: PASSPHRASE });
    const { walletId } = await createWallet(desk, 'Desk key');
    await depositCredited(desk, walletId, 5_000_000n);
    let listed: { sessionId: string; createdHere: boolean }[] = [];
    proxy.beforeAnswer = async () => {
      proxy.beforeAnswer = undefined;
      listed = await desk.ok('sessions.list');
    };
    const made = await desk.ok('sessions.create', { walletId, label: 'Desk', expiresInSeconds: 7200 });
    // the list did see it on the exchange before this device had its record, and knew it as its own: the
    // session being made here counts as this device's from before it is sent
    expect(listed).toEqual([expect.objectContaining({ sessionId: made.sessionId, createdHere: true })]);
    expect((await desk.ok('sessions.list')).map((s) => s.createdHere)).toEqual([true]);
    expect((await desk.ok('audit.list', { kind: 'sessionSeenElsewhere' })).total).toBe(0);
  } finally {
    await desk.close();
    await proxy.close();
  }
});
