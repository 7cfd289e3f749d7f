// Failures cross every boundary (IPC, host bridge, exchange client) as data, never as thrown exceptions,
// each with a stable code for the program and a plain-language message for the person.

export const ERROR_CODES = [
  'INVALID_ARGUMENT', // the caller sent something malformed; nothing was done
  'FORBIDDEN', // the sender is not the app's own frame, or the action is not allowed
  'NOT_FOUND', // an unknown wallet, account, session, market or token
  'LOCKED', // the app is locked, or the action needs a fresh unlock
  'THROTTLED', // too many attempts; try again later
  'KEYCHAIN_UNAVAILABLE', // no OS keychain, or it is locked
  'EXCHANGE_UNREACHABLE', // network failure talking to the exchange
  'EXCHANGE_BAD_RESPONSE', // the exchange answered something that does not parse
  'EXCHANGE_REJECTED', // the exchange rejected the action (receipt err); details.receiptError names it
  'OUTCOME_UNKNOWN', // submitted but no answer; recovery will settle it, do not resubmit
  'CONFLICT', // state changed under the request (stale confirmation, already done)
  'CHAIN_UNREACHABLE', // no answer from the Solana RPC: a transaction may or may not have landed
  'CHAIN_REFUSED', // the chain answered no (failed preflight, bad signature): nothing happened
  'STORAGE_UNAVAILABLE', // the data folder cannot be written (disk full, read-only): what needed it was not done
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface AppError {
  code: ErrorCode;
  message: string;
  /** Machine-readable extras (e.g. the receipt Error name); never secrets. */
  details?: Record<string, string | number | boolean>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = (code: ErrorCode, message: string, details?: AppError['details']): Result<never> => ({
  ok: false,
  error: details ? { code, message, details } : { code, message },
});

/** An exception that carries an AppError; handlers throw it and the IPC binding turns it into data. */
export class AppFailure extends Error {
  override readonly name = 'AppFailure';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: AppError['details'],
  ) {
    super(message);
  }
  toError(): AppError {
    return this.details
      ? { code: this.code, message: this.message, details: this.details }
      : { code: this.code, message: this.message };
  }
}
