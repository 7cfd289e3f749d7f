// Bad input through the whole core is refused as such, with its own code and words, and changes nothing
// (issue 28 item 7): each of these answered INTERNAL, or KEYCHAIN_UNAVAILABLE for a lock, before.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { createKeyringStore } from '../../src/main/keychain/secret-store';
import { accountLine } from '../support/action-lines';
import { GatedStore } from '../support/gated-store';
import { MemorySecretStore } from '../support/memory-store';
import { PASSPHRASE, createWallet, depositCredited, startApp, type TestApp } from './support/app';

const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

let devnet: RunningDevnet;
let app: TestApp;
let store: GatedStore;
let walletId: string;
let account: number;

beforeAll(async () => {
  devnet = await startDevnet({ config: { depositDelayMs: 0 } });
  // the real OS keychain under the private D-Bus of scripts/with-keyring.sh, its reads held at will
  store = new GatedStore(
    process.env.PERPETUA_KEYRING_TEST === '1'
      ? createKeyringStore(`perpetua-it-${randomUUID()}`)
      : new MemorySecretStore(),
  );
  app = await startApp(devnet, { store });
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  ({ walletId } = await createWallet(app, 'Main'));
  await depositCredited(app, walletId, 50_000_000n);
  account = (await app.ok('portfolio.get')).wallets[0]!.accounts[0]!.accountId;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await devnet?.close();
});

const balance = async () =>
  (await app.ok('portfolio.account', { accountId: account })).balances.find((b) => b.tokenId === 0)!.amount;

const transfer = () =>
  app.ok('actions.prepare', {
    kind: 'transfer',
    walletId,
    fromAccountId: account,
    tokenId: 0,
    amount: 1_000n,
  });

describe('text with a lone surrogate', () => {
  it('a BIP39 passphrase of half a surrogate pair is refused by name, and nothing is discovered', async () => {
    const before = await app.ok('phrases.list');
    expect(await app.call('phrases.discover', { phrase: PHRASE, bip39Passphrase: '\uD800' })).toEqual({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENT',
        message:
          'phrases.discover: bip39Passphrase: the text holds a broken character (half of a UTF-16 surrogate pair). Type it again.',
      },
    });
    expect(await app.ok('phrases.list')).toEqual(before);
    // the same phrase with a whole character (a surrogate pair) is fine
    const found = await app.ok('phrases.discover', { phrase: PHRASE, bip39Passphrase: '\uD83D\uDE00' });
    expect(found.paths.length).toBeGreaterThan(0);
  });

  it('a wallet label holding one is refused, and the label stays', async () => {
    expect(await app.call('wallets.rename', { walletId, label: 'Main \uDC00' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^wallets\.rename: label: /) },
    });
    expect((await app.ok('wallets.list'))[0]!.label).toBe('Main');
  });
});

describe('a session id past the exchange’s u64', () => {
  it.each(['18446744073709551616', '99999999999999999999'])(
    'revoking session %s is refused as no session id, and every session stays',
    async (sessionId) => {
      const before = await app.ok('sessions.list');
      expect(await app.call('sessions.revoke', { walletId, sessionId })).toEqual({
        ok: false,
        error: {
          code: 'INVALID_ARGUMENT',
          message: 'sessions.revoke: sessionId: must be a session id (a whole number below 2^64)',
        },
      });
      expect(await app.call('sessions.refresh', { walletId, sessionId })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_ARGUMENT' },
      });
      expect(await app.ok('sessions.list')).toEqual(before);
    },
  );
});

describe('a history query the exchange cannot take', () => {
  it('a window past the year 9999 (INTERNAL before), ending before it starts, starting after the exchange’s now, or a cursor past 2^64 is refused by name', async () => {
    expect(
      await app.call('history.page', {
        accountId: account,
        kind: 'transfer',
        until: Number.MAX_SAFE_INTEGER,
      }),
    ).toEqual({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENT',
        message: 'history.page: until: must be a time in seconds no later than the year 9999',
      },
    });
    // what the exchange would answer 400 to (read as its own bad response) is the person's bad argument
    expect(
      await app.call('history.page', { accountId: account, kind: 'transfer', since: 3, until: 0 }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: 'history.page: since: must not be after until' },
    });
    expect(
      await app.call('history.page', {
        accountId: account,
        kind: 'funding',
        startInclusive: '99999999999999999999',
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: 'history.page: startInclusive: must be below 2^64' },
    });
    // without an until the window ends at the exchange's now, so a since after it is refused here too
    expect(
      await app.call('history.page', { accountId: account, kind: 'deposit', since: 253_402_300_799 }),
    ).toEqual({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENT',
        message: 'history.page: since: must not be after the exchange’s current time.',
      },
    });
    const now = (await app.ok('history.now')).seconds;
    expect(
      await app.call('history.page', { accountId: account, kind: 'deposit', since: now - 60 }),
    ).toMatchObject({ ok: true });
    // the last second RFC3339 can write is a window end like any other
    expect(
      await app.call('history.page', { accountId: account, kind: 'transfer', until: 253_402_300_799 }),
    ).toMatchObject({ ok: true });
  });
});

describe('a lock landing while a confirmation reads a key from the keychain', () => {
  /** Confirms with the read of `item` held, locks while it waits, then lets the keychain answer. */
  async function lockDuringRead(item: string) {
    const summary = await transfer();
    const gate = store.hold(item);
    const confirming = app.call('actions.confirm', { confirmationId: summary.confirmationId });
    await gate.held;
    await app.ok('lock.lock');
    gate.release();
    return confirming;
  }

  it('the wallet key’s read (the first action makes a session) answers LOCKED, and nothing moves', async () => {
    const before = await balance();
    const publicKey = (await app.ok('wallets.list'))[0]!.publicKey;
    expect(await lockDuringRead(`wallet:${publicKey}`)).toEqual({
      ok: false,
      error: { code: 'LOCKED', message: 'Perpetua is locked. Unlock it with your passphrase.' },
    });
    await app.ok('lock.unlock', { passphrase: PASSPHRASE });
    expect(await balance()).toBe(before);
  });

  it('the session key’s read answers LOCKED, nothing moves, and the next confirmation signs', async () => {
    // one action signed, so the wallet has a session whose key the lock then drops from memory
    const first = await app.ok('actions.confirm', { confirmationId: (await transfer()).confirmationId });
    expect(accountLine(first, 'to')).not.toBeNull();
    await app.ok('lock.lock');
    await app.ok('lock.unlock', { passphrase: PASSPHRASE });
    const before = await balance();
    const session = (await app.ok('sessions.list')).find((s) => s.createdHere)!;
    expect(await lockDuringRead(`session:${session.sessionKey}`)).toEqual({
      ok: false,
      error: { code: 'LOCKED', message: 'Perpetua is locked. Unlock it with your passphrase.' },
    });
    await app.ok('lock.unlock', { passphrase: PASSPHRASE });
    expect(await balance()).toBe(before);
    const again = await app.ok('actions.confirm', { confirmationId: (await transfer()).confirmationId });
    expect(accountLine(again, 'to')).not.toBeNull();
    expect(await balance()).toBe(before - 1_000n);
  });
});
