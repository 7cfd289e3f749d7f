// The app lock: a passphrase chosen on first run gates everything; the app locks itself after idle time and
// on OS suspend; money-moving and key-handling operations need an unlock within the last few minutes; wrong
// attempts back off exponentially without even running scrypt while backing off. Attempts are checked one at
// a time (otherwise a burst of parallel guesses would all pass the back-off check before the first failed),
// and the failure count lives in the keychain beside the hash, so restarting the app does not reset it.
import { AppFailure } from '../../shared/result';
import type { SecretStore } from '../keychain/secret-store';
import { STRONG_SCRYPT, hashPassphrase, verifyPassphrase, type ScryptParams } from './passphrase-hash';

export type LockStatus = 'uninitialized' | 'locked' | 'unlocked';

export interface LockState {
  status: LockStatus;
  autoLockMinutes: number;
  /** seconds to wait before another attempt is accepted, when backing off */
  retryAfterSeconds?: number;
}

export interface LockDeps {
  store: SecretStore;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  onChange?: (state: LockState) => void;
  scrypt?: ScryptParams;
  autoLockMinutes?: number;
}

export const MIN_PASSPHRASE_LENGTH = 10;
export const FRESH_UNLOCK_MS = 5 * 60_000;
const FREE_ATTEMPTS = 3;
const MAX_BACKOFF_MS = 5 * 60_000;
const ITEM = 'app-lock';
const ATTEMPTS_ITEM = 'app-lock-attempts';

export class AppLock {
  private status: LockStatus = 'locked';
  private initialized = false;
  /** whether the keychain has been read at least once; until then nothing can be trusted */
  private ready = false;
  private lastAuthMs = 0;
  private failures = 0;
  private blockedUntilMs = 0;
  /** the attempt being checked; the next one starts only after it settles */
  private attempts: Promise<unknown> = Promise.resolve();
  private idleTimer: unknown = null;
  private autoLockMinutes: number;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  /** callbacks that wipe in-memory secrets when the app locks */
  private readonly onLockHooks: (() => void)[] = [];

  constructor(private readonly deps: LockDeps) {
    this.now = deps.now ?? Date.now;
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as NodeJS.Timeout));
    this.autoLockMinutes = deps.autoLockMinutes ?? 10;
  }

  /** Reads from the keychain whether a passphrase exists yet. */
  async init(): Promise<LockState> {
    this.initialized = (await this.deps.store.get(ITEM)) !== null;
    this.restoreAttempts(await this.deps.store.get(ATTEMPTS_ITEM));
    this.status = this.initialized ? 'locked' : 'uninitialized';
    this.ready = true;
    return this.state();
  }

  /**
   * Reads the keychain if that has not succeeded yet (it may have been locked or not running at start-up).
   * Throws the keychain's own error, so the person sees why, instead of a lock screen that cannot work.
   */
  async ensureReady(): Promise<LockState> {
    return this.ready ? this.state() : this.init();
  }

  state(): LockState {
    const wait = Math.ceil((this.blockedUntilMs - this.now()) / 1000);
    return {
      status: this.status,
      autoLockMinutes: this.autoLockMinutes,
      ...(wait > 0 ? { retryAfterSeconds: wait } : {}),
    };
  }

  onLock(hook: () => void): void {
    this.onLockHooks.push(hook);
  }

  async setup(passphrase: string): Promise<LockState> {
    await this.ensureReady();
    if (this.status !== 'uninitialized')
      throw new AppFailure('CONFLICT', 'A passphrase is already set. Change it from Settings instead.');
    checkStrength(passphrase);
    await this.deps.store.set(ITEM, await hashPassphrase(passphrase, this.deps.scrypt ?? STRONG_SCRYPT));
    this.initialized = true;
    this.markAuthenticated();
    return this.changed();
  }

  async unlock(passphrase: string): Promise<LockState> {
    await this.authenticate(passphrase);
    return this.changed();
  }

  /**
   * Confirms the passphrase again for an operation that needs a fresh unlock. Never unlocks: a locked app
   * (or one that locks while this is checked) stays locked behind its lock screen.
   */
  async reauthenticate(passphrase: string): Promise<void> {
    this.requireUnlocked();
    await this.authenticate(passphrase, false);
    this.requireUnlocked();
  }

  lock(): LockState {
    if (this.status === 'unlocked') {
      this.status = 'locked';
      this.lastAuthMs = 0;
      if (this.idleTimer !== null) this.clearTimer(this.idleTimer);
      this.idleTimer = null;
      for (const hook of this.onLockHooks) hook();
      return this.changed();
    }
    return this.state();
  }

  /** The OS is suspending or the screen locks: lock now. */
  onSystemSuspend(): void {
    this.lock();
  }

  /** User activity: restarts the idle countdown. */
  touch(): void {
    if (this.status !== 'unlocked') return;
    if (this.idleTimer !== null) this.clearTimer(this.idleTimer);
    this.idleTimer = this.setTimer(() => this.lock(), this.autoLockMinutes * 60_000);
  }

  setAutoLockMinutes(minutes: number): LockState {
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 240)
      throw new AppFailure('INVALID_ARGUMENT', 'Auto-lock must be between 1 and 240 minutes.');
    this.autoLockMinutes = minutes;
    this.touch();
    return this.changed();
  }

  async changePassphrase(oldPassphrase: string, newPassphrase: string): Promise<LockState> {
    checkStrength(newPassphrase);
    await this.authenticate(oldPassphrase);
    await this.deps.store.set(ITEM, await hashPassphrase(newPassphrase, this.deps.scrypt ?? STRONG_SCRYPT));
    return this.changed();
  }

  requireUnlocked(): void {
    if (this.status === 'uninitialized') throw new AppFailure('LOCKED', 'Choose a passphrase first.');
    if (this.status !== 'unlocked')
      throw new AppFailure('LOCKED', 'Perpetua is locked. Unlock it with your passphrase.');
  }

  /** For withdrawals, exports, session creation and revocation: an unlock within the last few minutes. */
  requireFreshUnlock(maxAgeMs = FRESH_UNLOCK_MS): void {
    this.requireUnlocked();
    if (this.now() - this.lastAuthMs > maxAgeMs) {
      throw new AppFailure('LOCKED', 'Confirm with your passphrase to continue.', {
        freshUnlockRequired: true,
      });
    }
  }

  private authenticate(passphrase: string, unlock = true): Promise<void> {
    const attempt = this.attempts.then(() => this.checkPassphrase(passphrase, unlock));
    this.attempts = attempt.catch(() => undefined);
    return attempt;
  }

  private async checkPassphrase(passphrase: string, unlock: boolean): Promise<void> {
    await this.ensureReady();
    if (!this.initialized) throw new AppFailure('LOCKED', 'Choose a passphrase first.');
    const wait = this.blockedUntilMs - this.now();
    if (wait > 0) {
      throw new AppFailure(
        'THROTTLED',
        `Too many wrong passphrases. Try again in ${Math.ceil(wait / 1000)} s.`,
        { retryAfterSeconds: Math.ceil(wait / 1000) },
      );
    }
    const record = await this.deps.store.get(ITEM);
    if (record === null)
      throw new AppFailure('LOCKED', 'The passphrase record is missing from the keychain.');
    if (!(await verifyPassphrase(passphrase, record))) {
      this.failures += 1;
      if (this.failures >= FREE_ATTEMPTS) {
        this.blockedUntilMs =
          this.now() + Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (this.failures - FREE_ATTEMPTS));
      }
      await this.saveAttempts();
      this.deps.onChange?.(this.state());
      throw new AppFailure('LOCKED', 'That passphrase is not correct.');
    }
    if (this.failures > 0) {
      this.failures = 0;
      this.blockedUntilMs = 0;
      await this.deps.store.delete(ATTEMPTS_ITEM);
    }
    if (unlock) this.markAuthenticated();
    else if (this.status === 'unlocked') this.lastAuthMs = this.now();
  }

  private async saveAttempts(): Promise<void> {
    await this.deps.store.set(
      ATTEMPTS_ITEM,
      JSON.stringify({ failures: this.failures, blockedUntilMs: this.blockedUntilMs }),
    );
  }

  /** A record that cannot be read counts as the worst case it could hide, never as a clean slate. */
  private restoreAttempts(record: string | null): void {
    if (record === null) return;
    try {
      const parsed = JSON.parse(record) as { failures?: unknown; blockedUntilMs?: unknown };
      if (
        Number.isInteger(parsed.failures) &&
        (parsed.failures as number) >= 0 &&
        typeof parsed.blockedUntilMs === 'number' &&
        Number.isFinite(parsed.blockedUntilMs)
      ) {
        this.failures = parsed.failures as number;
        // A clock set back must not stretch the wait beyond the longest back-off.
        this.blockedUntilMs = Math.min(parsed.blockedUntilMs, this.now() + MAX_BACKOFF_MS);
        return;
      }
    } catch {
      // fall through
    }
    this.failures = FREE_ATTEMPTS;
    this.blockedUntilMs = this.now() + MAX_BACKOFF_MS;
  }

  private markAuthenticated(): void {
    this.status = 'unlocked';
    this.lastAuthMs = this.now();
    this.touch();
  }

  private changed(): LockState {
    const state = this.state();
    this.deps.onChange?.(state);
    return state;
  }
}

function checkStrength(passphrase: string): void {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `Choose a passphrase of at least ${MIN_PASSPHRASE_LENGTH} characters.`,
    );
  }
  if (passphrase.length > 1024)
    throw new AppFailure('INVALID_ARGUMENT', 'That passphrase is longer than 1024 characters.');
}
