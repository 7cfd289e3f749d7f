// Bursts of live updates (a run of fills, a sweep's transfers) each asked for the same slow reads again: the
// account's history, the activity feed's newest slice, vaults and charts, a dozen requests per update, which
// queued in front of the next update's figures. Those reads now run once per window per key, at its end,
// covering every update that arrived in it; the figures themselves are still read at every update.

export interface OncePerWindow {
  /** runs `work` at the end of the window `key` is in, once however often it is asked for meanwhile */
  schedule(key: number, work: () => void): void;
  /** forgets what is waiting (unsubscribing) */
  cancel(): void;
}

export interface Timers {
  set: (run: () => void, ms: number) => unknown;
  clear: (timer: unknown) => void;
}

export function oncePerWindow(
  windowMs: number,
  timers: Timers = {
    set: (run, ms) => setTimeout(run, ms),
    clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  },
): OncePerWindow {
  const waiting = new Map<number, { timer: unknown; work: () => void }>();
  return {
    schedule(key, work) {
      const entry = waiting.get(key);
      // the latest work is what runs: it reads what the latest update made stale
      if (entry) {
        entry.work = work;
        return;
      }
      const next = { work, timer: undefined as unknown };
      next.timer = timers.set(() => {
        waiting.delete(key);
        next.work();
      }, windowMs);
      waiting.set(key, next);
    },
    cancel() {
      for (const { timer } of waiting.values()) timers.clear(timer);
      waiting.clear();
    },
  };
}
