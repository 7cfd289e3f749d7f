// The renderer trusts no shape from main, whichever transport carried it: every result and event payload is
// parsed against the contract before any component sees it. The browser host's bridge and the Electron
// preload's window.wallet both go through here, so the two paths cannot drift apart. Both build the same
// object: one frozen object per group with one function per method, and one subscribe function per event.
import { METHOD_NAMES, specOf, splitName, type GroupedCalls, type MethodName } from './contract';
import { EVENT_NAMES, eventMethodName, eventPayloads, type EventSubscriptions } from './events';
import type { Result } from '../result';

/** What the renderer sees as `wallet`: `wallet.<group>.<method>(args)` and `wallet.on<Event>(listener)`. */
export type WalletApi = GroupedCalls & EventSubscriptions;

/** A transport's answer checked against the contract: a malformed one becomes a plain INTERNAL failure. */
export function checkResult(method: MethodName, answer: unknown): Result<unknown> {
  if (typeof answer !== 'object' || answer === null || typeof (answer as { ok?: unknown }).ok !== 'boolean')
    return unexpected(method);
  const result = answer as { ok: boolean; value?: unknown; error?: { code?: unknown; message?: unknown } };
  if (!result.ok) {
    const { code, message } = result.error ?? {};
    return typeof code === 'string' && typeof message === 'string'
      ? (answer as Result<unknown>)
      : unexpected(method);
  }
  const parsed = specOf(method).result.safeParse(result.value);
  return parsed.success ? { ok: true, value: parsed.data } : unexpected(method);
}

function unexpected(method: MethodName): Result<never> {
  return {
    ok: false,
    error: { code: 'INTERNAL', message: `The app answered ${method} with an unexpected shape.` },
  };
}

/**
 * The grouped object, frozen at both levels, with one function per declared method: `call` carries a
 * method by its full name. Used by the preload (raw answers) and by the renderer's wrappers (checked ones).
 */
export function groupedMethods<T>(call: (method: MethodName, arg: unknown) => T): Record<string, unknown> {
  const byGroup: Record<string, Record<string, (arg?: unknown) => T>> = {};
  for (const method of METHOD_NAMES) {
    const [g, m] = splitName(method);
    (byGroup[g] ??= {})[m] = (arg?: unknown) => call(method, arg);
  }
  for (const g of Object.keys(byGroup)) Object.freeze(byGroup[g]);
  return byGroup;
}

/** Wraps a raw window.wallet (the Electron preload's) so that every answer and event is checked. */
export function checkedApi(raw: Record<string, unknown>): WalletApi {
  const api = groupedMethods(async (method, arg): Promise<Result<unknown>> => {
    const [g, m] = splitName(method);
    const group = raw[g] as Record<string, unknown> | undefined;
    const call = group?.[m] as ((arg?: unknown) => Promise<unknown>) | undefined;
    if (typeof call !== 'function') return unexpected(method);
    try {
      return checkResult(method, await call(arg));
    } catch {
      return {
        ok: false,
        error: { code: 'INTERNAL', message: 'The app did not answer. Restart it if this persists.' },
      };
    }
  });
  for (const event of EVENT_NAMES) {
    const name = eventMethodName(event);
    const subscribe = raw[name] as ((listener: (payload: unknown) => void) => () => void) | undefined;
    api[name] = (listener: (payload: unknown) => void) => {
      if (typeof subscribe !== 'function') return () => {};
      return subscribe((payload) => {
        const parsed = eventPayloads[event].safeParse(payload);
        if (parsed.success) listener(parsed.data);
      });
    };
  }
  return Object.freeze(api) as WalletApi;
}
