// Which of this process's timers are the app's, and which of them stay. A bench that runs the app's core in
// its own process (the soak does) shares main's timers with its own: the senders' pacing waits, the test
// traders' request timeouts, Playwright's. `process.getActiveResourcesInfo()` counts every timer that keeps
// the process alive at one instant, so it counted those too, as many as happened to be set at that instant:
// 4 to 7 in an hour whose app kept the same 4.
// A leak is a timer that stays. This census knows each timer by the stack that set it (an async hook on
// 'Timeout'), leaves out those a bench set, and counts the fewest of the app's timers alive at any of several
// reads over a second: what passes in less than that is left out, what stays (or is set again and again, as a
// growing chain would be) is counted.
import { createHook } from 'node:async_hooks';
import { relative } from 'node:path';

/** A frame of a stack, as V8 gives it to Error.prepareStackTrace (the parts of NodeJS.CallSite read here). */
export interface Frame {
  getFileName(): string | null | undefined;
  getFunctionName(): string | null;
  getTypeName(): string | null;
}

/**
 * Where a timer was set: the file of its innermost frame outside Node's own code and outside this file
 * (relative to `root`), with the function's name; null when no such frame is on the stack.
 */
export function timerSite(frames: readonly Frame[], root: string, self: string): string | null {
  for (const frame of frames) {
    const file = frame.getFileName()?.replace(/^file:\/\//, '');
    // Node's own are "node:...", native code has none
    if (!file?.startsWith('/') || file === self) continue;
    const name = frame.getFunctionName();
    const type = frame.getTypeName();
    const fn = name ? (type && type !== 'Object' && !name.includes('.') ? `${type}.${name}` : name) : null;
    return `${relative(root, file)}${fn ? ` ${fn}` : ''}`;
  }
  return null;
}

/**
 * The frames of the stack that called this, read without formatting it: the formatted stack maps every frame
 * through the source maps (tsx's), 230 µs a timer against 35 here, and main sets a few hundred a second.
 */
function callerFrames(): Frame[] {
  const limit = Error.stackTraceLimit;
  const prepare = Error.prepareStackTrace;
  Error.stackTraceLimit = 12;
  Error.prepareStackTrace = (_error, frames) => frames;
  const holder: { stack?: Frame[] } = {};
  Error.captureStackTrace(holder);
  const frames = holder.stack ?? [];
  Error.prepareStackTrace = prepare;
  Error.stackTraceLimit = limit;
  return frames;
}

/** Folders whose timers are the bench's, not the app's: the benches, the test support they use, Playwright. */
const BENCH_SITES = [/^bench\//, /^tests\//, /^node_modules\/(playwright-core|@playwright)\//];

/** Whether a timer set at `site` is the app's (one whose site is unknown counts as the app's). */
export const isAppSite = (site: string | null, benchSites: readonly RegExp[] = BENCH_SITES): boolean =>
  site === null || !benchSites.some((pattern) => pattern.test(site));

/** A timer's own handle, as the async hook passes it. */
interface TimerHandle {
  hasRef(): boolean;
  /** set once it fired (not repeating) or was cleared; the destroy hook is told only later */
  _destroyed?: boolean;
}

export interface TimerReading {
  /** the fewest of the app's timers alive at any one read */
  app: number;
  /** where those were set, with how many at that site (at the read that found the fewest) */
  sites: Record<string, number>;
}

export interface TimerCensus {
  /** The app's timers that keep the process alive, read `reads` times over `spanMs`. */
  read(reads?: number, spanMs?: number): Promise<TimerReading>;
  stop(): void;
}

/**
 * Starts the census. Only the timers set from now on are known: start it before the app starts. `root` is
 * the folder sites are named relative to (the repository); `benchSites`, the sites that are not the app's.
 */
export function startTimerCensus(root: string, benchSites: readonly RegExp[] = BENCH_SITES): TimerCensus {
  const self = new URL(import.meta.url).pathname;
  const live = new Map<number, { timer: TimerHandle; site: string | null }>();
  /** set while the census sets its own timer (the wait between reads) */
  let own = false;
  const hook = createHook({
    init(id, type, _trigger, resource) {
      if (type !== 'Timeout' || own) return;
      const site = timerSite(callerFrames(), root, self);
      if (isAppSite(site, benchSites)) live.set(id, { timer: resource as TimerHandle, site });
    },
    destroy(id) {
      live.delete(id);
    },
  }).enable();
  const once = () => {
    const sites: Record<string, number> = {};
    let count = 0;
    for (const { timer, site } of live.values())
      if (timer.hasRef() && !timer._destroyed) {
        count += 1;
        const key = site ?? '(no site)';
        sites[key] = (sites[key] ?? 0) + 1;
      }
    return { app: count, sites };
  };
  return {
    async read(reads = 5, spanMs = 1_000) {
      let fewest = once();
      for (let i = 1; i < reads; i += 1) {
        await new Promise((resolve) => {
          own = true;
          setTimeout(resolve, spanMs / (reads - 1));
          own = false;
        });
        const now = once();
        if (now.app < fewest.app) fewest = now;
      }
      return fewest;
    },
    stop() {
      hook.disable();
      live.clear();
    },
  };
}
