// The lock holds everywhere: every method of the contract is called through the dispatcher of a real core
// while the app is locked, and everything outside the short allowlist answers LOCKED and changes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core';
import { createDispatcher, type Dispatch } from '../../src/main/ipc-dispatch';
import { applyPolicy, METHOD_ACCESS, OPEN_WHILE_LOCKED } from '../../src/main/lock/lock-policy';
import type { Handlers } from '../../src/shared/ipc/contract';
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
  setOsNotifications: { enabled: false },
  getAccountNames: undefined,
  setAccountName: { accountId: 4, name: 'Savings' },
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
  getMarketStats: undefined,
  getTriggers: { accountId: 1 },
  getHistory: { accountId: 1, kind: 'deposit' },
  getWithdrawalFee: { accountId: 1 },
  lookupAccount: { accountId: 1 },
  checkDestination: { address: ADDRESS },
  prepareAction: { kind: 'transfer', walletId: WALLET, fromAccountId: 1, tokenId: 0, amount: 1n },
  confirmAction: { confirmationId: 'c' },
  listAuditLog: {},
  exportAuditLog: undefined,
  listAddresses: undefined,
  saveAddress: { label: 'x', address: ADDRESS },
  removeAddress: { address: ADDRESS },
  reviewCompromisedKey: { walletIds: ['w1'] },
  startCompromisedKey: { walletIds: ['w1'] },
  reviewSweep: { accountIds: [1], targetAccountId: 2 },
  startSweep: { reviewId: 'r1', passphrase: 'x' },
  getDrillRun: { runId: 'r1' },
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
    const open = METHOD_NAMES.filter((m) => METHOD_ACCESS[m].lock === 'open');
    expect(open.sort()).toEqual(Object.keys(OPEN_WHILE_LOCKED).sort());
    expect(open.length).toBeLessThanOrEqual(8);
    for (const m of open) expect(OPEN_WHILE_LOCKED[m]!.length).toBeGreaterThan(20);
  });

  it.each(METHOD_NAMES.filter((m) => METHOD_ACCESS[m].lock !== 'open'))(
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

  it.each(METHOD_NAMES.filter((m) => METHOD_ACCESS[m].lock === 'open'))(
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

describe('each method gets what its declaration says, from the policy alone', () => {
  // A lock that records what was asked of it, and handlers that record that they ran: what the policy does
  // for a method is read from its declaration, and no handler checks the lock on its own.
  const calls: string[] = [];
  let locked = false;
  let stale = false;
  const lock = {
    requireUnlocked: () => {
      calls.push('unlocked?');
      if (locked) throw new Error('LOCKED');
    },
    requireFreshUnlock: () => {
      calls.push('fresh?');
      if (stale) throw new Error('STALE');
    },
    touch: () => void calls.push('touch'),
  };
  const handlers = Object.fromEntries(
    METHOD_NAMES.map((m) => [m, async () => void calls.push('handler')]),
  ) as unknown as Handlers;
  const guarded = applyPolicy(handlers, lock) as unknown as Record<MethodName, () => Promise<void>>;

  it('every method of the contract has a declaration', () => {
    for (const m of METHOD_NAMES) {
      expect(['open', 'unlocked', 'fresh']).toContain(METHOD_ACCESS[m]?.lock);
      expect(typeof METHOD_ACCESS[m]?.activity).toBe('boolean');
    }
  });

  it.each(METHOD_NAMES)('%s: lock, activity and freshness as declared, in that order', async (method) => {
    const { lock: need, activity } = METHOD_ACCESS[method];
    calls.length = 0;
    locked = false;
    stale = false;
    await guarded[method]();
    expect(calls).toEqual([
      ...(need !== 'open' ? ['unlocked?'] : []),
      ...(activity ? ['touch'] : []),
      ...(need === 'fresh' ? ['fresh?'] : []),
      'handler',
    ]);
    // locked: a method that is not open never reaches its handler, nor counts as activity
    calls.length = 0;
    locked = true;
    if (need === 'open') await guarded[method]();
    else await expect(guarded[method]()).rejects.toThrow('LOCKED');
    expect(calls.includes('handler')).toBe(need === 'open');
    if (need !== 'open') expect(calls).not.toContain('touch');
    // an old unlock: a method that needs a fresh one is refused
    calls.length = 0;
    locked = false;
    stale = true;
    if (need === 'fresh') await expect(guarded[method]()).rejects.toThrow('STALE');
    else await guarded[method]();
    expect(calls.includes('handler')).toBe(need !== 'fresh');
  });
});
