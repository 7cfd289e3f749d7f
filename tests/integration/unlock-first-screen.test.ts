// Unlocking from the lock screen reads the portfolio while the passphrase is checked, and the answer carries
// it, so the first screen draws without another round of reads. Nothing of it reaches the renderer unless the
// passphrase is accepted, an attempt whose wallets changed meanwhile carries nothing, and neither does one
// that a lock overtook. The lock record's read is held (GatedStore) to stand for the passphrase check's
// duration, whose scrypt is cheap in tests.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import type { LockState } from '../../src/main/lock/app-lock';
import { MemorySecretStore } from '../support/memory-store';
import { GatedStore } from '../support/gated-store';
import { Trader } from '../e2e/support/trader';
import bs58 from 'bs58';
import { generateKeypair } from '../../src/protocol/keys';
import { PASSPHRASE, startApp, type TestApp } from './support/app';

let devnet: RunningDevnet;
let app: TestApp;
let store: GatedStore;
let account: number;
/** the portfolio's reads (a wallet's accounts, one account): answered with their bodies, and under way */
let answered = 0;
let underWay = 0;
/** while set, the portfolio's reads wait for it before they go to the exchange */
let readsHeld: Promise<void> | null = null;

const isPortfolioRead = (path: string) => /^\/user\/[^/]+$|^\/account\/\d+$/.test(path);
const turn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Locks, stops following the accounts, and waits (without a clock) until no read is under way: a locked app
 * follows its accounts on their streams, and an unlock reads what they vouch for from them; without them (a
 * launch whose exchange was not reachable yet) every read after this is an unlock attempt's, the case here.
 * Returns the count to measure from.
 */
async function locked(): Promise<number> {
  await app.ok('lock.lock');
  app.core.connection!.watcher.watch([]);
  while (underWay > 0) await turn();
  return answered;
}

/** Waits until `count` reads have been answered since `from`. */
async function readsAnswered(from: number, count: number): Promise<void> {
  while (answered < from + count) await turn();
}

beforeAll(async () => {
  devnet = await startDevnet({ config: { depositDelayMs: 0 } });
  store = new GatedStore(new MemorySecretStore());
  app = await startApp(devnet, {
    store,
    fetchImpl: async (url, init) => {
      if (!isPortfolioRead(new URL(url).pathname)) return fetch(url, init);
      underWay += 1;
      try {
        if (readsHeld) await readsHeld;
        const response = await fetch(url, init);
        const body = await response.arrayBuffer();
        answered += 1;
        return new Response(body, { status: response.status, headers: response.headers });
      } finally {
        underWay -= 1;
      }
    },
  });
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  const trader = new Trader(devnet.baseUrl, 'unlock-first-screen', devnet.rpcUrl);
  await app.ok('wallets.import', { label: 'Trader', secret: trader.secret, passphrase: PASSPHRASE });
  account = await trader.deposit(0, 1_000_000_000n);
}, 30_000);
afterAll(async () => {
  await app?.close();
  await devnet?.close();
});

describe('the first screen after unlocking', () => {
  it('comes with the unlock: read while the passphrase is checked, not read again', async () => {
    const before = await locked();
    const check = store.hold('app-lock');
    const unlocking = app.call('lock.unlock', { passphrase: PASSPHRASE });
    await check.held;
    // while the passphrase is checked nothing about the accounts answers
    expect(await app.call('portfolio.get')).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    await readsAnswered(before, 2); // the wallet's accounts, then its one account
    check.release();
    const answer = await unlocking;
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.status).toBe('unlocked');
    expect(answer.value.portfolio?.wallets.map((w) => w.accounts.map((a) => a.accountId))).toEqual([
      [account],
    ]);
    expect(answered).toBe(before + 2); // nothing read again
  });

  it('waits for its reads when the passphrase is accepted before they are answered: not read again', async () => {
    const before = await locked();
    let answerReads!: () => void;
    readsHeld = new Promise((resolve) => (answerReads = resolve));
    const accepted = new Promise<void>((resolve) => {
      const stop = app.core.events.subscribe((name, payload) => {
        if (name !== 'lockState' || (payload as LockState).status !== 'unlocked') return;
        stop();
        resolve();
      });
    });
    const unlocking = app.call('lock.unlock', { passphrase: PASSPHRASE });
    await accepted;
    expect(answered).toBe(before); // the passphrase is accepted; the reads are not answered yet
    readsHeld = null;
    answerReads();
    const answer = await unlocking;
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.portfolio?.wallets.map((w) => w.accounts.map((a) => a.accountId))).toEqual([
      [account],
    ]);
    expect(answered).toBe(before + 2); // nothing read again
  });

  it('gives a wrong passphrase nothing: no portfolio, no account watched', async () => {
    const before = await locked();
    const check = store.hold('app-lock');
    const unlocking = app.call('lock.unlock', { passphrase: 'not the passphrase' });
    await check.held;
    await readsAnswered(before, 2);
    const watch = vi.spyOn(app.core.connection!.watcher, 'watch');
    check.release();
    expect(await unlocking).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'LOCKED', message: 'That passphrase is not correct.' }),
    });
    expect(watch).not.toHaveBeenCalled();
    watch.mockRestore();
    await app.ok('lock.unlock', { passphrase: PASSPHRASE });
  });

  it('does not carry a read of other wallets: a wallet added before the attempt was answered', async () => {
    const before = await locked();
    const first = store.hold('app-lock');
    const firstAttempt = app.call('lock.unlock', { passphrase: PASSPHRASE });
    await first.held;
    // a second window's attempt, begun while locked: it joins the first one's reads, of the one wallet there is
    const secondAttempt = app.call('lock.unlock', { passphrase: PASSPHRASE });
    await readsAnswered(before, 2); // the wallet's accounts, then its one account, once for both attempts
    const second = store.hold('app-lock'); // its check starts after the first one's
    first.release();
    const answered = await firstAttempt;
    expect(answered.ok && answered.value.portfolio?.wallets).toHaveLength(1);
    // added by main itself: every way the screens add one (create, import) asks for the passphrase, whose
    // check would wait behind the held attempt
    const { secretSeed, publicKey } = generateKeypair();
    await app.core.wallets.adopt('Second', bs58.encode(Buffer.concat([secretSeed, publicKey])), 'created');
    await second.held;
    second.release();
    const late = await secondAttempt;
    if (!late.ok) throw new Error(late.error.message);
    expect(late.value.status).toBe('unlocked');
    expect(late.value).not.toHaveProperty('portfolio');
    // the screen reads it then, with both wallets
    expect((await app.ok('portfolio.get')).wallets).toHaveLength(2);
  });

  it('carries nothing when a lock lands as the passphrase is accepted (the computer suspends)', async () => {
    const before = await locked();
    const stop = app.core.events.subscribe((name, payload) => {
      if (name === 'lockState' && (payload as LockState).status === 'unlocked') {
        stop();
        app.core.lock.onSystemSuspend();
      }
    });
    const check = store.hold('app-lock');
    const unlocking = app.call('lock.unlock', { passphrase: PASSPHRASE });
    await check.held;
    await readsAnswered(before, 3); // two wallets now, the second not on the exchange
    const watch = vi.spyOn(app.core.connection!.watcher, 'watch');
    check.release();
    const answer = await unlocking;
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.status).toBe('locked');
    expect(answer.value).not.toHaveProperty('portfolio');
    expect(watch.mock.calls.every(([ids]) => ids.length === 0)).toBe(true);
    watch.mockRestore();
  });
});
