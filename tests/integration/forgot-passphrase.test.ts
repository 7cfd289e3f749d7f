// "Forgot passphrase?" through the whole core, as the renderer calls it (the real dispatcher, the real devnet,
// the real OS keychain under scripts/with-keyring.sh): both calls answer while locked; a malformed or wrong
// confirmation changes nothing; the word erases every key, session and the passphrase but keeps the address
// book and the audit log (with its line); the phrase brings its wallet back; and a reset cut short (its
// marker left behind) is finished by the next start before the lock screen shows.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { RESET_MARKER } from '../../src/main/lock/passphrase-reset';
import { PASSPHRASE, createWallet, depositCredited, startApp, type TestApp } from './support/app';

const PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const NEW_PASSPHRASE = 'the passphrase after the reset';
const ADDRESS = '11111111111111111111111111111111';

let devnet: RunningDevnet;
const apps: TestApp[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  devnet = await startDevnet({ config: { depositDelayMs: 0 } });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await devnet?.close();
});

async function importPhrase(app: TestApp, passphrase: string, label: string) {
  const found = await app.ok('phrases.discover', { phrase: PHRASE });
  const [wallet] = await app.ok('phrases.importWallets', {
    passphrase,
    discoveryId: found.discoveryId,
    scheme: 'bip44-change',
    indices: [0],
    label,
  });
  return wallet!;
}

it('lists, refuses a wrong word, erases keys only, and the phrase brings its wallet back', async () => {
  const app = await startApp(devnet);
  apps.push(app);
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  const hot = await createWallet(app, 'Hot key');
  const fromPhrase = await importPhrase(app, PASSPHRASE, 'Legal');
  // a session needs the wallet's account on the exchange: the deposit's credit makes it
  await depositCredited(app, hot.walletId, 5_000_000n);
  await app.ok('sessions.create', { walletId: hot.walletId, label: 'Desk' });
  await app.ok('addresses.save', { label: 'Friend', address: ADDRESS });
  const hotKey = (await app.ok('wallets.list')).find((w) => w.walletId === hot.walletId)!.publicKey;
  await app.ok('lock.lock');

  // while locked: public data only, grouped by how each wallet comes back
  expect(await app.ok('lock.resetPreview')).toEqual({
    phrases: [{ wordCount: 12, wallets: [{ label: 'Legal', publicKey: fromPhrase.publicKey }] }],
    keyWallets: [{ label: 'Hot key', publicKey: hotKey }],
    demo: [],
    unsettledActions: 0,
  });

  // malformed or wrong: refused, nothing erased, the passphrase still unlocks everything
  for (const args of [undefined, {}, { confirmation: 7 }, { confirmation: 'x'.repeat(65) }])
    expect(await app.call('lock.reset', args as never)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
  for (const confirmation of ['erase', 'RESET', 'ERASE everything'])
    expect(await app.call('lock.reset', { confirmation })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: 'Type ERASE to confirm. Nothing was erased.' },
    });
  expect(await app.ok('lock.state')).toMatchObject({ status: 'locked' });
  await app.ok('lock.unlock', { passphrase: PASSPHRASE });
  expect(await app.ok('wallets.list')).toHaveLength(2);
  expect((await app.ok('sessions.list')).filter((s) => s.createdHere)).toHaveLength(1);
  // unlocked, there is no reset: the passphrase is known
  expect(await app.call('lock.reset', { confirmation: 'ERASE' })).toMatchObject({
    ok: false,
    error: { code: 'CONFLICT' },
  });
  await app.ok('lock.lock');

  expect(await app.ok('lock.reset', { confirmation: 'ERASE' })).toMatchObject({ status: 'uninitialized' });
  expect(await app.call('lock.unlock', { passphrase: PASSPHRASE })).toMatchObject({ ok: false });
  for (const name of [`wallet:${hotKey}`, `wallet:${fromPhrase.publicKey}`, 'app-lock', 'sealed-index'])
    expect(await app.store.get(name), name).toBeNull();

  await app.ok('lock.setup', { passphrase: NEW_PASSPHRASE });
  expect(await app.ok('wallets.list')).toEqual([]);
  expect((await app.ok('sessions.list')).filter((s) => s.createdHere)).toEqual([]);
  expect(await app.ok('phrases.list')).toEqual([]);
  // kept: the address book, and the audit log, which says what happened
  expect((await app.ok('addresses.list')).map((a) => a.address)).toContain(ADDRESS);
  const { entries } = await app.ok('audit.list', {});
  // newest first: the new passphrase, then the reset
  expect(entries.slice(0, 2).map((e) => e.kind)).toEqual(['passphraseChosen', 'passphraseReset']);
  expect(entries.some((e) => e.kind === 'walletCreated')).toBe(true);

  const back = await importPhrase(app, NEW_PASSPHRASE, 'Legal again');
  expect(back.publicKey).toBe(fromPhrase.publicKey);
});

it('a reset cut short is finished by the next start, before the lock screen shows', async () => {
  const first = await startApp(devnet);
  await first.ok('lock.setup', { passphrase: PASSPHRASE });
  const wallet = await importPhrase(first, PASSPHRASE, 'Legal');
  await first.ok('lock.lock');
  await first.core.close();
  dirs.push(first.dataDir);
  // the app stopped right after it began erasing: its marker is there, nothing else went yet
  writeFileSync(join(first.dataDir, RESET_MARKER), '{}');

  const next = await startApp(devnet, { dataDir: first.dataDir, store: first.store });
  apps.push(next);
  expect(await next.ok('lock.state')).toMatchObject({ status: 'uninitialized' });
  expect(await next.store.get(`wallet:${wallet.publicKey}`)).toBeNull();
  expect(existsSync(join(first.dataDir, RESET_MARKER))).toBe(false);
  expect(existsSync(join(first.dataDir, 'wallets.json'))).toBe(false);
  await next.ok('lock.setup', { passphrase: NEW_PASSPHRASE });
  expect(await next.ok('wallets.list')).toEqual([]);
});
