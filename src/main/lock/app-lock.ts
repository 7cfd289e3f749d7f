// The app lock: a passphrase chosen on first run gates everything; the app locks itself after idle time and
// on OS suspend; money-moving and key-handling operations need the passphrase again; wrong attempts back off
// exponentially without even deriving a key while backing off. The passphrase opens the data keys that seal
// every wallet and session secret (lock-record.ts, keychain/sealed-store.ts): unlocking opens them in
// memory, locking wipes them. Attempts, set-up and passphrase changes run one at a time (otherwise a burst of
// parallel guesses would all pass the back-off check before the first failed), and the failure count lives
// in the same keychain item as the keys, so neither restarting the app nor deleting an item resets it.
import { AppFailure } from '../../shared/result';
import type { SecretStore } from '../keychain/secret-store';
import { SealedStore, type DataKey } from '../keychain/sealed-store';
import { deriveKey, newKdf, sameKdf, STRONG_KDF, type Kdf, type KdfPolicy } from './kdf';
import { buildLockRecord, newDataKey, parseLockRecord, unwrapKeys, type LockRecord } from './lock-record';
import type { z } from 'zod';
import type { LockStateSchema } from '../../shared/ipc/lock';
import { MIN_PASSPHRASE_LENGTH } from '../../shared/passphrase-rules';
import type { AuditLog } from '../audit/audit-log';
import {
  passphraseChanged,
  passphraseChosen,
  wrongPassphrase,
  type PassphraseUse,
} from '../audit/key-events';

/** retryAfterSeconds: seconds to wait before another attempt is accepted, when backing off */
export type LockState = z.output<typeof LockStateSchema>;
export type LockStatus = LockState['status'];

export interface LockDeps {
  /** the raw keychain: the lock record lives there */
  store: SecretStore;
  /** the sealed secrets the passphrase opens (by default sealed in the same raw keychain) */
  secrets?: SealedStore;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  onChange?: (state: LockState) => void;
  /** the key derivation of new records, and the least a record read back may name (tests: a cheap one) */
  kdf?: KdfPolicy;
  autoLockMinutes?: number;
  /** where a passphrase chosen, changed or entered wrong is recorded (how many in a row, never the text) */
  audit?: Pick<AuditLog, 'record'>;
  /** runs before the keychain is read: finishes a passphrase reset that stopped halfway (passphrase-reset.ts) */
  beforeInit?: () => Promise<void>;
}

export const FRESH_UNLOCK_MS = 5 * 60_000;
const FREE_ATTEMPTS = 3;
const MAX_BACKOFF_MS = 5 * 60_000;
/** the lock record's keychain item */
export const LOCK_ITEM = 'app-lock';
const ITEM = LOCK_ITEM;
/** no wrong attempts counted, no back-off */
const CLEAN = { failures: 0, blockedUntilMs: 0 };

interface Opened {
  record: LockRecord;
  /** the key derived from the passphrase; wiped by the caller */
  kek: Buffer;
  /** the data keys it opened, current first; wiped by the caller */
  keys: DataKey[];
}

const wipe = (keys: DataKey[]): void => keys.forEach((k) => k.key.fill(0));

/** A key derived ahead of knowing whether its salt and parameters are still the record's. */
interface DerivedAhead {
  /** the key, if `kdf` is exactly what it was derived with; otherwise the derivation is dropped */
  take(kdf: Kdf): Promise<Buffer> | null;
  drop(): void;
}

function deriveAhead(passphrase: string, kdf: Kdf): DerivedAhead {
  const key = deriveKey(passphrase, kdf);
  const drop = () =>
    void key.then(
      (k) => k.fill(0),
      () => {},
    );
  return {
    take: (now) => {
      if (sameKdf(now, kdf)) return key;
      drop();
      return null;
    },
    drop,
  };
}

export class AppLock {
  readonly secrets: SealedStore;
  private status: LockStatus = 'locked';
  private initialized = false;
  /** whether the keychain has been read at least once; until then nothing can be trusted */
  private ready = false;
  private lastAuthMs = 0;
  private failures = 0;
  private blockedUntilMs = 0;
  /** the salt and key-derivation parameters of the lock record as last read or written (null: not known yet) */
  private kdf: Kdf | null = null;
  /** the attempt or change being made; the next one starts only after it settles */
  private queue: Promise<unknown> = Promise.resolve();
  private idleTimer: unknown = null;
  private autoLockMinutes: number;
  private readonly params: KdfPolicy;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  /** callbacks that wipe in-memory secrets when the app locks */
  private readonly onLockHooks: (() => void)[] = [];

  constructor(private readonly deps: LockDeps) {
    this.secrets = deps.secrets ?? new SealedStore(deps.store);
    this.params = deps.kdf ?? STRONG_KDF;
    this.now = deps.now ?? Date.now;
    // a pending auto-lock does not keep the process alive: a host or a bench closing its core exits at once
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms).unref());
    this.clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as NodeJS.Timeout));
    this.autoLockMinutes = deps.autoLockMinutes ?? 10;
  }

  /** Reads from the keychain whether a passphrase exists yet, and how many wrong attempts it has seen. */
  async init(): Promise<LockState> {
    await this.deps.beforeInit?.();
    const text = await this.deps.store.get(ITEM);
    this.initialized = text !== null;
    if (text !== null) this.restoreFromRecord(text);
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

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  setup(passphrase: string): Promise<LockState> {
    return this.serial(async () => {
      await this.ensureReady();
      if (this.status !== 'uninitialized')
        throw new AppFailure('CONFLICT', 'A passphrase is already set. Change it from Settings instead.');
      checkStrength(passphrase);
      const kdf = newKdf(this.params);
      const kek = await deriveKey(passphrase, kdf);
      const key = newDataKey();
      try {
        await this.deps.store.set(ITEM, buildLockRecord(kdf, kek, [key], CLEAN));
        this.kdf = kdf;
        this.secrets.open([key]);
      } finally {
        kek.fill(0);
        wipe([key]);
      }
      this.initialized = true;
      this.deps.audit?.record(passphraseChosen());
      this.markAuthenticated();
      return this.changed();
    });
  }

  /**
   * The passphrase is forgotten: `erase` removes every key it protected and the lock record (passphrase-reset.ts),
   * then the lock is as on first run. Only from the lock screen, and in turn with unlock attempts: one being
   * checked finishes first, and one after finds no passphrase.
   */
  forget(erase: () => Promise<void>): Promise<LockState> {
    return this.serial(async () => {
      await this.ensureReady();
      if (this.status !== 'locked')
        throw new AppFailure('CONFLICT', 'Only a locked Perpetua is reset. Lock it first.');
      this.secrets.close();
      await erase();
      this.initialized = false;
      this.status = 'uninitialized';
      this.kdf = null;
      this.failures = 0;
      this.blockedUntilMs = 0;
      this.lastAuthMs = 0;
      return this.changed();
    });
  }

  /** Opens the sealed secrets (finishing a passphrase change first if one stopped halfway). */
  unlock(passphrase: string): Promise<LockState> {
    return this.serial(async () => {
      const opened = await this.checkPassphrase(passphrase, 'unlock');
      try {
        this.secrets.open(opened.keys);
        if (opened.record.keys.length > 1) await this.finishChange(opened);
      } catch (error) {
        this.secrets.close();
        throw error;
      } finally {
        opened.kek.fill(0);
        wipe(opened.keys);
      }
      this.markAuthenticated();
      return this.changed();
    });
  }

  /**
   * Confirms the passphrase again for one operation (a withdrawal, an export). Never unlocks: a locked app
   * (or one that locks while this is checked) stays locked behind its lock screen.
   */
  async reauthenticate(passphrase: string): Promise<void> {
    this.requireUnlocked();
    return this.serial(async () => {
      const opened = await this.checkPassphrase(passphrase, 'confirm');
      opened.kek.fill(0);
      wipe(opened.keys);
      this.requireUnlocked();
      this.lastAuthMs = this.now();
    });
  }

  lock(): LockState {
    if (this.status === 'unlocked') {
      this.status = 'locked';
      this.lastAuthMs = 0;
      this.secrets.close();
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

  /**
   * A new passphrase, and with it a new data key every secret is re-sealed under. The switch is one write of
   * the lock record, which then holds the old data key too (wrapped under the new passphrase); the records
   * are re-sealed one by one and the old key dropped last. A crash anywhere leaves either the old passphrase
   * working with everything, or the new one working with everything (its next unlock finishes the job).
   */
  async changePassphrase(oldPassphrase: string, newPassphrase: string): Promise<LockState> {
    checkStrength(newPassphrase);
    this.requireUnlocked();
    return this.serial(async () => {
      const opened = await this.checkPassphrase(oldPassphrase, 'change');
      opened.kek.fill(0);
      const kdf = newKdf(this.params);
      const kek = await deriveKey(newPassphrase, kdf);
      const fresh = newDataKey();
      const keys = [fresh, ...opened.keys.slice(0, 3)];
      try {
        await this.deps.store.set(ITEM, buildLockRecord(kdf, kek, keys, CLEAN));
        this.secrets.open(keys);
        await this.secrets.resealAll();
        await this.deps.store.set(ITEM, buildLockRecord(kdf, kek, [fresh], CLEAN));
        this.kdf = kdf;
        this.secrets.open([fresh]);
      } finally {
        kek.fill(0);
        wipe(keys);
      }
      this.lastAuthMs = this.now();
      this.deps.audit?.record(passphraseChanged());
      return this.changed();
    });
  }

  /** A change that stopped halfway: re-seal what is left under the current key, then forget the old ones. */
  private async finishChange({ record, kek, keys }: Opened): Promise<void> {
    await this.secrets.resealAll();
    await this.deps.store.set(ITEM, buildLockRecord(record.kdf, kek, keys.slice(0, 1), CLEAN));
    this.secrets.open(keys.slice(0, 1));
  }

  requireUnlocked(): void {
    if (this.status === 'uninitialized') throw new AppFailure('LOCKED', 'Choose a passphrase first.');
    if (this.status !== 'unlocked')
      throw new AppFailure('LOCKED', 'Perpetua is locked. Unlock it with your passphrase.');
  }

  /** For exports, session creation and revocation: an unlock within the last few minutes. */
  requireFreshUnlock(maxAgeMs = FRESH_UNLOCK_MS): void {
    this.requireUnlocked();
    if (this.now() - this.lastAuthMs > maxAgeMs) {
      throw new AppFailure('LOCKED', 'Confirm with your passphrase to continue.', {
        freshUnlockRequired: true,
      });
    }
  }

  /** Checks the passphrase against the lock record; run only inside serial(). */
  private async checkPassphrase(passphrase: string, use: PassphraseUse): Promise<Opened> {
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
    // the key derivation starts now with the salt and parameters last read, while the record is read again
    // (a keychain round trip): its key is used only if the record still names exactly those, else derived again
    const ahead = this.kdf ? deriveAhead(passphrase, this.kdf) : null;
    let record: LockRecord;
    try {
      const text = await this.deps.store.get(ITEM);
      if (text === null)
        throw new AppFailure('LOCKED', 'The passphrase record is missing from the keychain.');
      record = parseLockRecord(text, this.params);
    } catch (error) {
      ahead?.drop();
      throw error;
    }
    this.kdf = record.kdf;
    const kek = await (ahead?.take(record.kdf) ?? deriveKey(passphrase, record.kdf));
    const keys = unwrapKeys(record, kek);
    if (keys === null) {
      kek.fill(0);
      this.countFailure();
      await this.deps.store.set(ITEM, this.withAttempts(record));
      return this.wrongPassphrase(use);
    }
    if (this.failures > 0) {
      this.failures = 0;
      this.blockedUntilMs = 0;
      await this.deps.store.set(ITEM, this.withAttempts(record));
    }
    return { record, kek, keys };
  }

  private countFailure(): void {
    this.failures += 1;
    if (this.failures >= FREE_ATTEMPTS) {
      this.blockedUntilMs =
        this.now() + Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (this.failures - FREE_ATTEMPTS));
    }
  }

  /** Counted in the audit log too, after the count is in the keychain: how many in a row, and the wait. */
  private wrongPassphrase(use: PassphraseUse): never {
    const state = this.state();
    this.deps.audit?.record(wrongPassphrase(use, this.failures, state.retryAfterSeconds ?? 0));
    this.deps.onChange?.(state);
    throw new AppFailure('LOCKED', 'That passphrase is not correct.');
  }

  private withAttempts(record: LockRecord): string {
    return JSON.stringify({ ...record, failures: this.failures, blockedUntilMs: this.blockedUntilMs });
  }

  private restoreFromRecord(text: string): void {
    try {
      const record = parseLockRecord(text, this.params);
      this.kdf = record.kdf;
      this.failures = record.failures;
      // A clock set back must not stretch the wait beyond the longest back-off.
      this.blockedUntilMs = Math.min(record.blockedUntilMs, this.now() + MAX_BACKOFF_MS);
    } catch {
      // unlocking says what is wrong with the record; until then nothing is counted
    }
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
