// The AppFailure a promise (or a call, which may throw at once) is refused with, for asserting its code, words
// and details; anything else thrown is rethrown, and one that succeeds fails the test.
import { AppFailure } from '../../src/shared/result';

export async function failure(promise: Promise<unknown> | (() => unknown)): Promise<AppFailure> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error('expected an AppFailure');
}
