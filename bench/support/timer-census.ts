// Main's timers that are the app's and stay. A bench that runs the app's core in its own process (the soak
// does) shares main's timers with its own, and `process.getActiveResourcesInfo()` counts every timer that
// keeps the process alive at one instant: the app's, and as many of the senders' pacing waits as happened
// to be set at that instant (4 to 7 in an hour whose app kept the same 4, a line fitted to them rising 21%).
// A leak is a timer that stays. So the bench sets its waits through `ownTimers` and leaves those out, and the
// fewest of the rest alive at any of several reads over a second are counted: what passes in less than that
// is left out, what stays (or is set again and again, as a growing chain would be) is counted. Any timer the
// bench did not set through ownTimers counts as the app's, so a mistake here can only raise the figure.
//
// Not an async hook on 'Timeout', which names each timer by the stack that set it: that turns on Node's
// promise hooks for every promise of the process, and in the two soaks run with one, main's RSS rose 12% and
// 17% on the fitted line (2.6% in the hour without).

/** Timers the bench sets itself, counted while they wait. */
export interface OwnTimers {
  /** resolves after `ms`, its timer counted as the bench's until then */
  sleep(ms: number): Promise<void>;
  /** how many of them are waiting now */
  readonly pending: number;
}

export function ownTimers(): OwnTimers {
  let pending = 0;
  return {
    sleep(ms) {
      pending += 1;
      return new Promise((resolve) =>
        setTimeout(() => {
          pending -= 1;
          resolve();
        }, ms),
      );
    },
    get pending() {
      return pending;
    },
  };
}

/** The timers keeping this process alive now, as Node counts them. */
export const timersNow = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

/**
 * The app's timers that stay: the fewest timers alive, less the bench's own waiting then, at any of `reads`
 * reads over `spanMs` (its own waits between reads are the bench's too).
 */
export async function appTimersThatStay(
  own: OwnTimers,
  reads = 5,
  spanMs = 1_000,
  countAll: () => number = timersNow,
): Promise<number> {
  let fewest = countAll() - own.pending;
  for (let i = 1; i < reads; i += 1) {
    await own.sleep(spanMs / (reads - 1));
    fewest = Math.min(fewest, countAll() - own.pending);
  }
  return fewest;
}
