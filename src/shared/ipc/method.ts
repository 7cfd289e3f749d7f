// What one IPC method is: the schema of its one argument, the schema of its result, and what it needs of
// the app lock (declared here, beside the method, and enforced by main before any handler runs). A group
// file (lock.ts, wallets.ts, ...) lists its methods with `group({...})`; contract.ts gathers the groups,
// and every name, channel, handler table and renderer call is derived from them.
import { z } from 'zod';

export interface Access {
  /**
   * open: answers while locked; unlocked: refused with LOCKED while locked; fresh: also refused unless the
   * passphrase was entered within the last few minutes (pointing the app at another exchange)
   */
  lock: 'open' | 'unlocked' | 'fresh';
  /**
   * A call the person made restarts the idle countdown. Reads that screens repeat on their own (to follow
   * prices and streams) do not: otherwise an open window would never lock itself. The renderer reports
   * input (keys, pointer) with lock.reportActivity instead.
   */
  activity: boolean;
  /** for an open method: why the lock screen needs it (everything else waits for the passphrase) */
  why?: string;
}

export interface MethodSpec {
  args: z.ZodType;
  result: z.ZodType;
  access: Access;
}

/** A group of methods, frozen: the one place its methods are declared. */
export const group = <const G extends Record<string, MethodSpec>>(methods: G): Readonly<G> =>
  Object.freeze(methods);

/** Answers while the app is locked; says why the lock screen needs it. */
export const openWhileLocked = (why: string, activity = false) => ({ lock: 'open', activity, why }) as const;
/** Needs the app unlocked; calling it is the person's activity. */
export const UNLOCKED = { lock: 'unlocked', activity: true } as const satisfies Access;
/** Needs the app unlocked; a read the screens repeat on their own, so it does not count as activity. */
export const UNLOCKED_READ = { lock: 'unlocked', activity: false } as const satisfies Access;
/** Needs an unlock of the last few minutes; the person's activity. */
export const FRESH_UNLOCK = { lock: 'fresh', activity: true } as const satisfies Access;

export const NoArgs = z.undefined();
export const Done = z.object({ done: z.literal(true) });
