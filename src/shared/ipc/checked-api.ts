// The renderer trusts no shape from main, whichever transport carried it: every result and event payload is
// parsed against the contract before any component sees it. The browser host's bridge and the Electron
// preload's window.wallet both go through here, so the two paths cannot drift apart.
import { EVENT_NAMES, METHOD_NAMES, type MethodName } from './channels';
import { contract, eventMethodName, eventPayloads, type WalletApi } from './contract';
import type { Result } from '../result';

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
  const parsed = contract[method].result.safeParse(result.value);
  return parsed.success ? { ok: true, value: parsed.data } : unexpected(method);
}

function unexpected(method: MethodName): Result<never> {
  return {
    ok: false,
    error: { code: 'INTERNAL', message: `The app answered ${method} with an unexpected shape.` },
  };
}

/** Wraps a raw window.wallet (the Electron preload's) so that every answer and event is checked. */
export function checkedApi(raw: Record<string, unknown>): WalletApi {
  const api: Record<string, unknown> = {};
  for (const method of METHOD_NAMES) {
    const call = raw[method] as ((arg?: unknown) => Promise<unknown>) | undefined;
    api[method] = async (arg?: unknown): Promise<Result<unknown>> => {
      if (typeof call !== 'function') return unexpected(method);
      try {
        return checkResult(method, await call(arg));
      } catch {
        return {
          ok: false,
          error: { code: 'INTERNAL', message: 'The app did not answer. Restart it if this persists.' },
        };
      }
    };
  }
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
