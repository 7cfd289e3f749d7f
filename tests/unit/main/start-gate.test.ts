// The lock screen is drawn while the core starts: the lock state is answered at once, every other call only
// once the start has finished, and a core that failed to load answers with why instead of throwing.
import { describe, expect, it } from 'vitest';
import { gateUntilStarted } from '../../../src/main/start-gate';
import { ok, type Result } from '../../../src/shared/result';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('calls while the core starts', () => {
  it('answers the lock state before the start finishes, and holds every other call until it has', async () => {
    const start = deferred();
    const seen: unknown[] = [];
    const dispatch = gateUntilStarted(
      Promise.resolve({
        dispatch: async (method: unknown): Promise<Result<unknown>> => {
          seen.push(method);
          return ok(method);
        },
        started: start.promise,
      }),
    );
    const portfolio = dispatch('portfolio.get', undefined);
    expect(await dispatch('lock.state', undefined)).toEqual(ok('lock.state'));
    expect(seen).toEqual(['lock.state']);
    start.resolve();
    expect(await portfolio).toEqual(ok('portfolio.get'));
    expect(seen).toEqual(['lock.state', 'portfolio.get']);
  });

  it('says the app could not start when the core failed to load, for every call', async () => {
    const dispatch = gateUntilStarted(Promise.reject(new Error('Cannot find module keyring')));
    for (const method of ['lock.state', 'wallets.list']) {
      const result = await dispatch(method, undefined);
      expect(result).toEqual({
        ok: false,
        error: { code: 'INTERNAL', message: 'The app could not start: Cannot find module keyring' },
      });
    }
  });
});
