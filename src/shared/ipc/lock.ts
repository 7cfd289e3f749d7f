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

const PublicWallet = z.object({ label: z.string(), publicKey: z.string() });

export const ResetPreviewSchema = z.object({
  /** one entry per recovery phrase kept here, with the wallets made from it */
  phrases: z.array(z.object({ wordCount: z.number().int(), wallets: z.array(PublicWallet) })),
  /** wallets created or imported as a secret key: a reset loses them unless the key was saved */
  keyWallets: z.array(PublicWallet),
  /** the demo devnet's wallets: their keys follow from public names */
  demo: z.array(PublicWallet),
  /** actions sent earlier whose outcome is not known yet (already signed: their outcome is still found) */
  unsettledActions: z.number().int(),
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
  /**
   * What "Forgot passphrase?" would erase, public data only: each recovery phrase's wallets (restorable from
   * it), the wallets added from a secret key (lost unless the person saved the key), the demo wallets, and how
   * many actions sent earlier still wait for their outcome.
   */
  resetPreview: {
    args: NoArgs,
    result: ResetPreviewSchema,
    access: openWhileLocked(
      'the forgotten-passphrase screen says what a reset erases (labels and public keys)',
    ),
  },
  /** Erases every key and the passphrase, after the confirmation word (checked in main); then first run. */
  reset: {
    args: z.object({ confirmation: z.string().max(64) }),
    result: LockStateSchema,
    access: openWhileLocked('a forgotten passphrase cannot unlock: erasing the keys is the way out'),
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
