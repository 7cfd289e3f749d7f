// What each IPC method needs before its handler runs is declared beside the method, in its group file
// (src/shared/ipc/<group>.ts, `access`): whether it answers while the app is locked, whether it needs an
// unlock of the last few minutes, and whether calling it counts as the person's activity for the idle timer.
// A method cannot be declared without it (the group's type requires it), and applyPolicy enforces the
// declarations for every call in one place: handlers do not check the lock themselves.
// tests/unit/main/lock/lock-policy.test.ts calls every method while locked and checks the answers against them.
import { METHOD_NAMES, specOf, splitName, type Handlers, type MethodName } from '../../shared/ipc/contract';
import type { Access } from '../../shared/ipc/method';

/** Every method's declared needs, by full name. */
export const METHOD_ACCESS: Readonly<Record<MethodName, Access>> = Object.freeze(
  Object.fromEntries(METHOD_NAMES.map((name) => [name, specOf(name).access])) as Record<MethodName, Access>,
);

/**
 * The open methods, each with why the lock screen needs it. Everything else reads or changes the person's
 * data or keys, or points the app somewhere else, and waits for the passphrase.
 */
export const OPEN_WHILE_LOCKED: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(
    METHOD_NAMES.filter((name) => METHOD_ACCESS[name].lock === 'open').map((name) => [
      name,
      METHOD_ACCESS[name].why ?? '',
    ]),
  ),
);

/** What the policy needs of the lock. */
export interface PolicyLock {
  requireUnlocked(): void;
  requireFreshUnlock(): void;
  touch(): void;
}

/**
 * The handlers with their declared needs enforced before each runs: the lock first (nothing about a locked
 * call is counted or done), then the activity, then the fresher unlock where declared.
 */
export function applyPolicy(handlers: Handlers, lock: PolicyLock): Handlers {
  type Group = Record<string, (args: unknown) => Promise<unknown>>;
  const guarded: Record<string, Group> = {};
  for (const name of METHOD_NAMES) {
    const [g, m] = splitName(name);
    const handler = (handlers[g] as Group)[m]!;
    const policy = METHOD_ACCESS[name];
    (guarded[g] ??= {})[m] = async (args) => {
      if (policy.lock !== 'open') lock.requireUnlocked();
      if (policy.activity) lock.touch();
      if (policy.lock === 'fresh') lock.requireFreshUnlock();
      return handler(args);
    };
  }
  return guarded as Handlers;
}
