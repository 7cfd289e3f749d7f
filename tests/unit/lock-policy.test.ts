// The lock holds everywhere: every method of the contract is called through the dispatcher of a real core
// while the app is locked, and everything outside the short allowlist answers LOCKED and changes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core';
import { createDispatcher, type Dispatch } from '../../src/main/ipc-dispatch';
import { METHOD_ACCESS, OPEN_WHILE_LOCKED } from '../../src/main/lock/lock-policy';
import { METHOD_NAMES, type MethodName } from '../../src/shared/ipc/channels';
import type { ArgsOf } from '../../src/shared/ipc/contract';
import { FAST_SCRYPT, MemorySecretStore } from '../support/memory-store';

const PASSPHRASE = 'lock policy passphrase';
const WALLET = '00000000-0000-4000-8000-000000000000';
const ADDRESS = '11111111111111111111111111111111';

/** One valid argument per method: the compiler makes a new method of the contract appear here. */
const SAMPLE: { [M in MethodName]: ArgsOf<M> } = {
  getAppInfo: undefined,
  getMarkets: undefined,
  getSettings: undefined,
  setNetwork: { kind: 'custom', url: 'http://127.0.0.1:9' },
  setTheme: { theme: 'dark' },
  setSolanaRpc: { url: 'http://127.0.0.1:9' },
  getLockState: undefined,
  reportActivity: undefined,
  setupPassphrase: { passphrase: PASSPHRASE },
  unlock: { passphrase: 'not the passphrase' },
  lock: undefined,
  changePassphrase: { oldPassphrase: PASSPHRASE, newPassphrase: 'another passphrase' },
  setAutoLock: { minutes: 3 },
  listWallets: undefined,
  createWallet: { label: 'x' },
  confirmWalletBackup: { pendingId: 'p', confirmation: 'abcdef' },
  importWallet: { label: 'x', secret: ADDRESS },
  renameWallet: { walletId: WALLET, label: 'y' },
  removeWallet: { walletId: WALLET, confirmPublicKey: ADDRESS },
  exportWallet: { walletId: WALLET, passphrase: PASSPHRASE },
  listPhrases: undefined,
  createPhraseWallet: { label: 'x', wordCount: 12 },
  confirmPhraseBackup: { pendingId: 'p', answers: ['abandon', 'abandon', 'about'] },
  discoverPhrase: {
    phrase: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  },
  importPhraseWallets: { discoveryId: 'd', scheme: 'bip44-change', indices: [0], label: 'x' },
  addNextWallet: { phraseId: 'p', label: 'x' },
  exportPhrase: { phraseId: 'p', passphrase: PASSPHRASE },
  forgetPhrase: { phraseId: 'p' },
  listSessions: undefined,
  createSession: { walletId: WALLET },
  refreshSession: { walletId: WALLET, sessionId: '1' },
  revokeSession: { walletId: WALLET, sessionId: '1' },
  revokeAllSessions: { walletId: WALLET },
  faucet: { walletId: WALLET, tokenId: 0, amount: 1n },
  getChainBalances: { walletId: WALLET },
  deposit: { walletId: WALLET, tokenId: 0, amount: 1n },
  listDeposits: undefined,
  getPortfolio: undefined,
  getPortfolioHistory: undefined,
  getAccount: { accountId: 1 },
  getVaults: undefined,
  getTriggers: { accountId: 1 },
  getHistory: { accountId: 1, kind: 'deposit' },
  getWithdrawalFee: { accountId: 1 },
  lookupAccount: { accountId: 1 },
  prepareAction: { kind: 'transfer', walletId: WALLET, fromAccountId: 1, tokenId: 0, amount: 1n },
  confirmAction: { confirmationId: 'c' },
  listAuditLog: {},
  exportAuditLog: undefined,
  listAddresses: undefined,
  saveAddress: { label: 'x', address: ADDRESS },
  removeAddress: { address: ADDRESS },
};

let now = 1_000_000;
let core: Core;
let dispatch: Dispatch;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'perpetua-lock-policy-'));
  core = createCore({
    version: 'test',
    host: 'browser-host',
    // nothing listens there: a method that got past the lock would fail differently, not with LOCKED
    exchange: { kind: 'custom', baseUrl: 'http://127.0.0.1:9' },
    dataDir,
    store: new MemorySecretStore(),
    scrypt: FAST_SCRYPT,
    refreshEveryMs: 0,
    now: () => now,
    watchSleep: () => () => {},
  });
  await core.start();
  dispatch = createDispatcher(core.handlers, { error: () => {} });
  expect(await dispatch('setupPassphrase', { passphrase: PASSPHRASE })).toMatchObject({ ok: true });
  await dispatch('lock', undefined);
});
afterAll(async () => {
  await core?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('while locked', () => {
  // one method that wrongly unlocks must not hide what the others do
  beforeEach(() => void core.services.lock.lock());

  it('the allowlist is short and each open method says why', () => {
    const open = METHOD_NAMES.filter((m) => METHOD_ACCESS[m] === 'open');
    expect(open.sort()).toEqual(Object.keys(OPEN_WHILE_LOCKED).sort());
    expect(open.length).toBeLessThanOrEqual(8);
    for (const m of open) expect(OPEN_WHILE_LOCKED[m]!.length).toBeGreaterThan(20);
  });

  it.each(METHOD_NAMES.filter((m) => METHOD_ACCESS[m] === 'unlocked'))(
    '%s answers LOCKED and changes nothing',
    async (method) => {
      const before = { settings: core.network.view(), lock: core.services.lock.state() };
      const result = await dispatch(method, SAMPLE[method]);
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'LOCKED', message: 'Perpetua is locked. Unlock it with your passphrase.' },
      });
      // still locked (an export with the right passphrase used to unlock main behind the lock screen)
      expect(core.services.lock.state()).toEqual(before.lock);
      expect(core.network.view()).toEqual(before.settings);
    },
  );

  it.each(METHOD_NAMES.filter((m) => METHOD_ACCESS[m] === 'open'))(
    '%s is open and leaves the app locked',
    async (method) => {
      const result = await dispatch(method, SAMPLE[method]);
      if (!result.ok)
        expect(result.error.message).not.toBe('Perpetua is locked. Unlock it with your passphrase.');
      expect(core.services.lock.state().status).toBe('locked');
    },
  );
});

describe('choosing a network', () => {
  it('needs a fresh unlock: an unlock minutes ago is not enough', async () => {
    expect(await dispatch('unlock', { passphrase: PASSPHRASE })).toMatchObject({ ok: true });
    now += 6 * 60_000;
    expect(await dispatch('setNetwork', { kind: 'embedded-devnet' })).toMatchObject({
      ok: false,
      error: { code: 'LOCKED', details: { freshUnlockRequired: true } },
    });
    expect(await dispatch('unlock', { passphrase: PASSPHRASE })).toMatchObject({ ok: true });
    // past the lock now: this run's exchange is fixed, which is what answers
    expect(await dispatch('setNetwork', { kind: 'embedded-devnet' })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' },
    });
  });
});
