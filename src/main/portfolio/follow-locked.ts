// While the app is locked its wallets' accounts are still followed on the exchange's streams, as the exchange
// shows them to anyone: no key or secret is used, and nothing reaches the window or the OS notifications
// until the app is unlocked (core.ts holds the account events back). An unlock then shows the portfolio at
// once, every read answered from what the streams vouch for, instead of reading each account while the
// person waits (480 accounts took over a second). At launch the exchange may still be starting: a follow
// that could not read the wallets is tried again, later each time, while the app stays locked on it.

/** The first retry's wait; each one after waits twice as long, up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 60_000;

export interface FollowLockedDeps {
  /** reads the wallets' account lists and follows their accounts (portfolio.ts followAccounts) */
  follow(): Promise<void>;
  /** the app is locked (a follow once unlocked is the screens' to make) */
  locked(): boolean;
  /** the exchange it was started for is still the one connected */
  current(): boolean;
  /** for tests: the first retry's wait */
  retryMs?: number;
}

/** Starts following the accounts while the app is locked; stops trying once unlocked or disconnected. */
export function followWhileLocked(deps: FollowLockedDeps): void {
  const attempt = (wait: number): void => {
    if (!deps.locked() || !deps.current()) return;
    deps.follow().catch(() => {
      const timer = setTimeout(() => attempt(Math.min(wait * 2, RETRY_MAX_MS)), wait);
      // it never holds the process open
      timer.unref();
    });
  };
  attempt(deps.retryMs ?? RETRY_FIRST_MS);
}
