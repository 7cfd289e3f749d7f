// What this window remembers of the first run for the rest of its session (sessionStorage: gone when it closes).

/** Set once the first-wallet step is over (or was never needed). */
export const WALLET_STEP_DONE = 'perpetua.firstWalletStep.done';
/** Set by "Forgot passphrase?": the first-wallet step then offers restoring from a recovery phrase first. */
const AFTER_RESET = 'perpetua.afterReset';

/** Everything was just erased: the first run starts over, its wallet step included. */
export function markReset(): void {
  sessionStorage.setItem(AFTER_RESET, '1');
  sessionStorage.removeItem(WALLET_STEP_DONE);
}

export const wasReset = (): boolean => sessionStorage.getItem(AFTER_RESET) !== null;

/** A wallet is back (or the person chose "Later"): the next first run is an ordinary one. */
export const resetDone = (): void => sessionStorage.removeItem(AFTER_RESET);
