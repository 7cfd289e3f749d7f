// The lock methods of the contract over the app lock and the passphrase reset. What a method needs of the
// lock itself is declared beside it (src/shared/ipc/lock.ts) and enforced by lock-policy.ts first.
import type { Handlers } from '../../shared/ipc/contract';
import type { z } from 'zod';
import type { PortfolioSchema } from '../../shared/ipc/portfolio';
import type { AppLock } from './app-lock';
import type { PassphraseReset } from './passphrase-reset';

/** How long an unlock's answer waits for the portfolio reads it started, once the passphrase is accepted. */
const PREFETCH_WAIT_MS = 1_000;

type Portfolio = z.output<typeof PortfolioSchema>;

/**
 * The portfolio as the first screen after an unlock (portfolio/slice.ts makes it): read while the passphrase
 * is checked, then shown.
 */
export interface UnlockPortfolio {
  /** the reads, started now; their holdings once read, waited for at most `ms` (null: not in time, or failed) */
  prefetch(): { settled(ms: number): Promise<Portfolio['wallets'] | null> } | null;
  /** the portfolio from what was read, its equity sampled and its accounts watched from here on */
  show(read: Portfolio['wallets']): Promise<Portfolio>;
}

export interface LockSliceDeps {
  lock: Pick<
    AppLock,
    'ensureReady' | 'state' | 'setup' | 'unlock' | 'lock' | 'changePassphrase' | 'setAutoLockMinutes'
  >;
  reset: Pick<PassphraseReset, 'preview' | 'reset'>;
  /** the portfolio of the exchange connected now (null: none), the first screen after unlocking */
  portfolio(): UnlockPortfolio | null;
}

export function createLock({ lock, reset, portfolio }: LockSliceDeps): { handlers: Handlers['lock'] } {
  return {
    handlers: {
      state: () => lock.ensureReady(),
      // the policy counts it as activity: nothing else to do
      reportActivity: async () => ({ done: true as const }),
      setup: async ({ passphrase }) => lock.setup(passphrase),
      // The first screen after unlocking is the portfolio: its reads run while the passphrase is checked,
      // and the answer carries it when they have finished by then (else the renderer asks as it would).
      unlock: async ({ passphrase }) => {
        const before = lock.state();
        const shown = portfolio();
        // not for an attempt the lock will refuse unread (already unlocked, or waiting after wrong ones)
        const prefetch =
          before.status === 'locked' && before.retryAfterSeconds === undefined ? shown?.prefetch() : null;
        await lock.unlock(passphrase);
        // Reads still under way are waited for, briefly: answered without them, the renderer would show a
        // loader and have every account read again. An exchange that is slow to answer does not hold the
        // lock screen for longer than that.
        const read = (await prefetch?.settled(PREFETCH_WAIT_MS)) ?? null;
        // as it is now: a lock may have landed as the passphrase was accepted (a suspend), and then the
        // answer carries nothing and no account is watched
        const state = lock.state();
        if (!read || !shown || state.status !== 'unlocked') return state;
        return { ...state, portfolio: await shown.show(read) };
      },
      lock: async () => lock.lock(),
      resetPreview: async () => reset.preview(),
      reset: ({ confirmation }) => reset.reset(confirmation),
      changePassphrase: async ({ oldPassphrase, newPassphrase }) =>
        lock.changePassphrase(oldPassphrase, newPassphrase),
      setAutoLock: async ({ minutes }) => lock.setAutoLockMinutes(minutes),
    },
  };
}
