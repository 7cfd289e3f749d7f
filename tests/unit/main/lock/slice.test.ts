// The lock methods, and the first screen after unlocking: the portfolio's reads start as the attempt begins
// (only for an attempt the lock will read), and the answer carries the portfolio only when the passphrase
// was accepted, the reads finished in time, and the app is still unlocked once they have.
import { describe, expect, it } from 'vitest';
import { createLock, type LockSliceDeps, type UnlockPortfolio } from '../../../../src/main/lock/slice';
import type { LockState } from '../../../../src/main/lock/app-lock';
import type { WalletHoldings } from '../../../../src/main/portfolio/portfolio';
import { AppFailure } from '../../../../src/shared/result';

const PASSPHRASE = 'the right passphrase';
const READ: WalletHoldings = [
  {
    wallet: { walletId: 'w1', label: 'One', publicKey: 'PK1', createdAt: 1 },
    registered: true,
    accounts: [],
    equity: 5n,
  },
];

interface Options {
  state?: LockState;
  /** what the prefetch offers once waited for (null: not read in time, or failed) */
  read?: WalletHoldings | null;
  /** a lock lands just as the passphrase is accepted (a suspend) */
  lockedMeanwhile?: boolean;
  /** no exchange is connected */
  noExchange?: boolean;
}

function lockSlice(options: Options = {}) {
  const events: string[] = [];
  let state: LockState = options.state ?? { status: 'locked', autoLockMinutes: 5 };
  const refused = () => Promise.reject(new Error('not called here'));
  const lock: LockSliceDeps['lock'] = {
    ensureReady: async () => state,
    state: () => state,
    setup: refused,
    unlock: async (passphrase) => {
      events.push('unlock');
      if (passphrase !== PASSPHRASE) throw new AppFailure('LOCKED', 'That passphrase is not right.');
      state = { ...state, status: options.lockedMeanwhile ? 'locked' : 'unlocked' };
      return state;
    },
    lock: () => (state = { ...state, status: 'locked' }),
    changePassphrase: refused,
    setAutoLockMinutes: (minutes) => (state = { ...state, autoLockMinutes: minutes }),
  };
  const reset: LockSliceDeps['reset'] = {
    preview: () => ({ phrases: [], keyWallets: [], demo: [], unsettledActions: 0 }),
    reset: refused,
  };
  const shown: UnlockPortfolio = {
    prefetch: () => {
      events.push('prefetch');
      return {
        settled: async (ms) => {
          events.push(`waited ${ms}ms`);
          return options.read === undefined ? READ : options.read;
        },
      };
    },
    show: async (read) => {
      events.push('show');
      return { wallets: read, equity: 5n };
    },
  };
  const { handlers } = createLock({ lock, reset, portfolio: () => (options.noExchange ? null : shown) });
  return { handlers, events };
}

describe('unlocking', () => {
  it('reads the portfolio while the passphrase is checked, and answers with it once unlocked', async () => {
    const { handlers, events } = lockSlice();
    expect(await handlers.unlock({ passphrase: PASSPHRASE })).toEqual({
      status: 'unlocked',
      autoLockMinutes: 5,
      portfolio: { wallets: READ, equity: 5n },
    });
    expect(events).toEqual(['prefetch', 'unlock', 'waited 1000ms', 'show']);
  });

  it('a wrong passphrase is refused, and nothing read is shown', async () => {
    const { handlers, events } = lockSlice();
    await expect(handlers.unlock({ passphrase: 'wrong' })).rejects.toMatchObject({ code: 'LOCKED' });
    expect(events).not.toContain('show');
  });

  it('reads nothing for an attempt the lock answers unread: already unlocked, or waiting after wrong ones', async () => {
    for (const state of [
      { status: 'unlocked', autoLockMinutes: 5 },
      { status: 'locked', autoLockMinutes: 5, retryAfterSeconds: 30 },
    ] satisfies LockState[]) {
      const { handlers, events } = lockSlice({ state });
      expect(await handlers.unlock({ passphrase: PASSPHRASE })).not.toHaveProperty('portfolio');
      expect(events).toEqual(['unlock']);
    }
  });

  it('answers the lock state alone when a lock landed as the passphrase was accepted: no account is watched', async () => {
    const { handlers, events } = lockSlice({ lockedMeanwhile: true });
    expect(await handlers.unlock({ passphrase: PASSPHRASE })).toEqual({
      status: 'locked',
      autoLockMinutes: 5,
    });
    expect(events).not.toContain('show');
  });

  it('answers the lock state alone when the reads did not finish in time (the window reads it itself)', async () => {
    const { handlers, events } = lockSlice({ read: null });
    expect(await handlers.unlock({ passphrase: PASSPHRASE })).toEqual({
      status: 'unlocked',
      autoLockMinutes: 5,
    });
    expect(events).toEqual(['prefetch', 'unlock', 'waited 1000ms']);
  });

  it('answers the lock state alone without an exchange', async () => {
    const { handlers } = lockSlice({ noExchange: true });
    expect(await handlers.unlock({ passphrase: PASSPHRASE })).toEqual({
      status: 'unlocked',
      autoLockMinutes: 5,
    });
  });
});
