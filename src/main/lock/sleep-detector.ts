// Notices that the computer slept, where no OS event says so (the browser host runs under plain Node; the
// Electron app also has powerMonitor). Timers run on a monotonic clock that stands still during suspend, so
// the idle timer alone would leave an unlocked app unlocked after a night asleep. The wall clock does move:
// a tick that arrives far later by the wall clock than it was due means the process was frozen.

export interface SleepDetectorDeps {
  onSleep: () => void;
  /** wall-clock milliseconds */
  now?: () => number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  everyMs?: number;
  /** how much later than due a tick may be before it counts as sleep (a busy or throttled process is late too) */
  toleranceMs?: number;
}

export function watchForSleep(deps: SleepDetectorDeps): () => void {
  const now = deps.now ?? Date.now;
  const everyMs = deps.everyMs ?? 5_000;
  const toleranceMs = deps.toleranceMs ?? 60_000;
  const set =
    deps.setInterval ??
    ((fn, ms) => {
      const handle = setInterval(fn, ms);
      handle.unref();
      return handle;
    });
  const clear = deps.clearInterval ?? ((handle) => clearInterval(handle as NodeJS.Timeout));
  let last = now();
  const handle = set(() => {
    const at = now();
    // A wall clock set backwards is not sleep; only a gap forward counts.
    if (at - last > everyMs + toleranceMs) deps.onSleep();
    last = at;
  }, everyMs);
  return () => clear(handle);
}
