// The lock holds everywhere: every method of the contract is called through the dispatcher of a real core
// while the app is locked, and everything outside the short allowlist answers LOCKED and changes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../src/main/core';
import { createDispatcher, type Dispatch } from '../../../../src/main/ipc-dispatch';
import { applyPolicy, METHOD_ACCESS, OPEN_WHILE_LOCKED } from '../../../../src/main/lock/lock-policy';
import {
  METHOD_NAMES,
  groups,
  handlerOf,
  splitName,
  type ArgsOf,
  type Handlers,
  type MethodName,
} from '../../../../src/shared/ipc/contract';
import type { MethodSpec } from '../../../../src/shared/ipc/method';
import { FAST_KDF, MemorySecretStore } from '../../../support/memory-store';

const PASSPHRASE = 'lock policy passphrase';
const WALLET = '00000000-0000-4000-8000-000000000000';
const ADDRESS = '11111111111111111111111111111111';

/** One valid argument per method: the compiler makes a new method of the contract appear here. */
const SAMPLE: { [M in MethodName]: ArgsOf<M> } = {
  'app.info': undefined,
  'app.markets': undefined,
  'settings.get': undefined,
  'settings.setNetwork': { kind: 'custom', url: 'http://127.0.0.1:9' },
  'settings.setTheme': { theme: 'dark' },
  'settings.setSolanaRpc': { url: 'http://127.0.0.1:9' },
  'settings.setOsNotifications': { enabled: false },
  'settings.accountNames': undefined,
  'settings.setAccountName': { accountId: 4, name: 'Savings' },
  'lock.state': undefined,
  'lock.reportActivity': undefined,
  'lock.setup': { passphrase: PASSPHRASE },
  'lock.unlock': { passphrase: 'not the passphrase' },
  'lock.lock': undefined,
  'lock.changePassphrase': { oldPassphrase: PASSPHRASE, newPassphrase: 'another passphrase' },
  'lock.setAutoLock': { minutes: 3 },
  'lock.resetPreview': undefined,
  // not the confirmation word: refused, and nothing is erased
  'lock.reset': { confirmation: 'erase everything' },
  'wallets.list': undefined,
  'wallets.create': { label: 'x', passphrase: 'p' },
  'wallets.confirmBackup': { pendingId: 'p', confirmation: 'abcdef' },
  'wallets.import': { label: 'x', secret: ADDRESS, passphrase: 'p' },
  'wallets.rename': { walletId: WALLET, label: 'y' },
  'wallets.remove': { walletId: WALLET, confirmPublicKey: ADDRESS, passphrase: 'p' },
  'wallets.export': { walletId: WALLET, passphrase: PASSPHRASE },
  'phrases.list': undefined,
  'phrases.create': { label: 'x', wordCount: 12, passphrase: 'p' },
  'phrases.confirmBackup': { pendingId: 'p', answers: ['abandon', 'abandon', 'about'] },
  'phrases.discover': {
    phrase: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  },
  'phrases.importWallets': {
    discoveryId: 'd',
    scheme: 'bip44-change',
    indices: [0],
    label: 'x',
    passphrase: 'p',
  },
  'phrases.addNextWallet': { phraseId: 'p', label: 'x' },
  'phrases.export': { phraseId: 'p', passphrase: PASSPHRASE },
  'phrases.forget': { phraseId: 'p' },
  'sessions.list': undefined,
  'sessions.create': { walletId: WALLET },
  'sessions.refresh': { walletId: WALLET, sessionId: '1' },
  'sessions.revoke': { walletId: WALLET, sessionId: '1' },
  'sessions.revokeAll': { walletId: WALLET },
  'funds.faucet': { walletId: WALLET, tokenId: 0, amount: 1n },
  'funds.chainBalances': { walletId: WALLET },
  'funds.deposit': { walletId: WALLET, tokenId: 0, amount: 1n },
  'funds.deposits': undefined,
  'funds.chainUpdates': undefined,
  'portfolio.get': undefined,
  'portfolio.history': undefined,
  'portfolio.account': { accountId: 1 },
  'portfolio.marketStats': undefined,
  'vaults.get': undefined,
  'triggers.get': { accountId: 1 },
  'history.page': { accountId: 1, kind: 'deposit' },
  'history.now': undefined,
  'funds.withdrawalFee': { accountId: 1 },
  'portfolio.lookupAccount': { accountId: 1 },
  'portfolio.accountsOf': { address: ADDRESS },
  'funds.checkDestination': { address: ADDRESS },
  'actions.prepare': { kind: 'transfer', walletId: WALLET, fromAccountId: 1, tokenId: 0, amount: 1n },
  'actions.confirm': { confirmationId: 'c' },
  'audit.list': {},
  'audit.export': undefined,
  'addresses.list': undefined,
  'addresses.save': { label: 'x', address: ADDRESS },
  'addresses.remove': { address: ADDRESS },
  'drills.reviewCompromisedKey': { walletIds: ['w1'] },
  'drills.startCompromisedKey': { walletIds: ['w1'] },
  'drills.reviewSweep': { accountIds: [1], targetAccountId: 2 },
  'drills.startSweep': { reviewId: 'r1', passphrase: 'x' },
  'drills.reviewWalletKey': { walletIds: ['w1'], targetWalletId: 'w2', close: [] },
  'drills.startWalletKey': { reviewId: 'r1', passphrase: 'x' },
  'drills.finishWalletKey': { runId: 'r1', passphrase: 'x' },
  'drills.compromised': {},
  'drills.run': { runId: 'r1' },
  'drills.interrupted': {},
  'drills.dismiss': { runId: 'r1' },
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
    kdf: FAST_KDF,
    refreshEveryMs: 0,
    now: () => now,
    watchSleep: () => () => {},
  });
  await core.start();
  dispatch = createDispatcher(core.handlers, { error: () => {} });
  expect(await dispatch('lock.setup', { passphrase: PASSPHRASE })).toMatchObject({ ok: true });
  await dispatch('lock.lock', undefined);
});
afterAll(async () => {
  await core?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('while locked', () => {
  // one method that wrongly unlocks must not hide what the others do
  beforeEach(() => void core.lock.lock());

  it('the allowlist is short and each open method says why', () => {
    const open = METHOD_NAMES.filter((m) => METHOD_ACCESS[m].lock === 'open');
    expect(open.sort()).toEqual(Object.keys(OPEN_WHILE_LOCKED).sort());
    expect(open.length).toBeLessThanOrEqual(10);
    for (const m of open) expect(OPEN_WHILE_LOCKED[m]!.length).toBeGreaterThan(20);
  });

  it.each(METHOD_NAMES.filter((m) => METHOD_ACCESS[m].lock !== 'open'))(
    '%s answers LOCKED and changes nothing',
    async (method) => {
      const before = { settings: core.network.view(), lock: core.lock.state() };
      const result = await dispatch(method, SAMPLE[method]);
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'LOCKED', message: 'Perpetua is locked. Unlock it with your passphrase.' },
      });
      // still locked (an export with the right passphrase used to unlock main behind the lock screen)
      expect(core.lock.state()).toEqual(before.lock);
      expect(core.network.view()).toEqual(before.settings);
    },
  );

  it.each(METHOD_NAMES.filter((m) => METHOD_ACCESS[m].lock === 'open'))(
    '%s is open and leaves the app locked',
    async (method) => {
      const result = await dispatch(method, SAMPLE[method]);
      if (!result.ok)
        expect(result.error.message).not.toBe('Perpetua is locked. Unlock it with your passphrase.');
      expect(core.lock.state().status).toBe('locked');
    },
  );
});

describe('choosing a network', () => {
  it('needs a fresh unlock: an unlock minutes ago is not enough', async () => {
    expect(await dispatch('lock.unlock', { passphrase: PASSPHRASE })).toMatchObject({ ok: true });
    now += 6 * 60_000;
    expect(await dispatch('settings.setNetwork', { kind: 'embedded-devnet' })).toMatchObject({
      ok: false,
      error: { code: 'LOCKED', details: { freshUnlockRequired: true } },
    });
    expect(await dispatch('lock.unlock', { passphrase: PASSPHRASE })).toMatchObject({ ok: true });
    // past the lock now: this run's exchange is fixed, which is what answers
    expect(await dispatch('settings.setNetwork', { kind: 'embedded-devnet' })).toMatchObject({
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
  const byGroup: Record<string, Record<string, () => Promise<void>>> = {};
  for (const name of METHOD_NAMES) {
    const [g, m] = splitName(name);
    (byGroup[g] ??= {})[m] = async () => void calls.push('handler');
  }
  const policed = applyPolicy(byGroup as unknown as Handlers, lock);
  const guarded = (method: MethodName) => handlerOf(policed, method)(undefined);

  it('every method of every group declares its access beside it, and the policy reads that', () => {
    for (const [g, methods] of Object.entries(groups))
      for (const [m, spec] of Object.entries(methods as Record<string, MethodSpec>)) {
        expect(['open', 'unlocked', 'fresh'], `${g}.${m}`).toContain(spec.access?.lock);
        expect(typeof spec.access?.activity, `${g}.${m}`).toBe('boolean');
        expect(METHOD_ACCESS[`${g}.${m}` as MethodName]).toBe(spec.access);
      }
    expect(Object.keys(METHOD_ACCESS).sort()).toEqual([...METHOD_NAMES].sort());
  });

  it.each(METHOD_NAMES)('%s: lock, activity and freshness as declared, in that order', async (method) => {
    const { lock: need, activity } = METHOD_ACCESS[method];
    calls.length = 0;
    locked = false;
    stale = false;
    await guarded(method);
    expect(calls).toEqual([
      ...(need !== 'open' ? ['unlocked?'] : []),
      ...(activity ? ['touch'] : []),
      ...(need === 'fresh' ? ['fresh?'] : []),
      'handler',
    ]);
    // locked: a method that is not open never reaches its handler, nor counts as activity
    calls.length = 0;
    locked = true;
    if (need === 'open') await guarded(method);
    else await expect(guarded(method)).rejects.toThrow('LOCKED');
    expect(calls.includes('handler')).toBe(need === 'open');
    if (need !== 'open') expect(calls).not.toContain('touch');
    // an old unlock: a method that needs a fresh one is refused
    calls.length = 0;
    locked = false;
    stale = true;
    if (need === 'fresh') await expect(guarded(method)).rejects.toThrow('STALE');
    else await guarded(method);
    expect(calls.includes('handler')).toBe(need !== 'fresh');
  });
});
