// The lock group: the app's passphrase lock and its idle timer.
import { z } from 'zod';
import { Passphrase } from './ids';
import { Done, NoArgs, UNLOCKED, group, openWhileLocked } from './method';
import { PortfolioSchema } from './portfolio';

export const LockStateSchema = z.object({
  status: z.enum(['uninitialized', 'locked', 'unlocked']),
  autoLockMinutes: z.number().int(),
  retryAfterSeconds: z.number().int().optional(),
});

export const lock = group({
  state: {
    args: NoArgs,
    result: LockStateSchema,
    access: openWhileLocked('how the renderer knows to show the lock screen'),
  },
  /** the person used keyboard or pointer: resets the idle timer (polled reads do not) */
  reportActivity: {
    args: NoArgs,
    result: Done,
    access: openWhileLocked('keys pressed on the lock screen; does nothing while locked', true),
  },
  setup: {
    args: z.object({ passphrase: Passphrase }),
    result: LockStateSchema,
    access: openWhileLocked('the first run has no passphrase to unlock with yet'),
  },
  /**
   * A true unlock (from the lock screen) carries the portfolio when main had read it by the time the
   * passphrase was accepted: its reads run while the passphrase is checked, so the first screen draws at once.
   */
  unlock: {
    args: z.object({ passphrase: Passphrase }),
    result: LockStateSchema.extend({ portfolio: PortfolioSchema.optional() }),
    access: openWhileLocked('the way out of the lock screen'),
  },
  lock: {
    args: NoArgs,
    result: LockStateSchema,
    access: openWhileLocked('locking a locked app is harmless and must never fail'),
  },
  changePassphrase: {
    args: z.object({ oldPassphrase: Passphrase, newPassphrase: Passphrase }),
    result: LockStateSchema,
    access: UNLOCKED,
  },
  setAutoLock: {
    args: z.object({ minutes: z.number().int().min(1).max(240) }),
    result: LockStateSchema,
    access: UNLOCKED,
  },
});
