// The window (or the browser host's page) draws the lock screen while the core is still starting: the
// embedded devnet takes seconds to come up, and the lock screen needs only the lock state. Every other call
// waits for the start, so nothing reaches a core that is not connected yet.
import type { Dispatch } from './ipc-dispatch';
import { err } from '../shared/result';

export interface Starting {
  dispatch: Dispatch;
  /** settles when the core has started (or has failed to, and says why when asked) */
  started: Promise<void>;
}

export function gateUntilStarted(starting: Promise<Starting>): Dispatch {
  return async (method, arg) => {
    let core: Starting;
    try {
      core = await starting;
    } catch (error) {
      // a core that could not even be built (a broken install): every call says so, none throws
      return err('INTERNAL', `The app could not start: ${(error as Error).message}`);
    }
    if (method !== 'lock.state') await core.started;
    return core.dispatch(method, arg);
  };
}
