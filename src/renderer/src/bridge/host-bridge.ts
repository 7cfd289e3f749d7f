// window.wallet for the browser host: the same grouped methods as the Electron preload, carried over the
// host's loopback WebSocket by full name (`wallets.list`). Only used when no preload provided window.wallet.
import type { MethodName } from '../../../shared/ipc/contract';
import { EVENT_NAMES, eventMethodName, eventPayloads, type EventName } from '../../../shared/ipc/events';
import { checkResult, groupedMethods, type WalletApi } from '../../../shared/ipc/checked-api';
import { parseWire, stringifyWire } from '../../../shared/wire-json';
import type { Result } from '../../../shared/result';

export function createHostBridge(): WalletApi {
  const pending = new Map<number, (result: Result<unknown>) => void>();
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let opening: Promise<WebSocket> | null = null;

  function connect(): Promise<WebSocket> {
    if (socket && socket.readyState === WebSocket.OPEN) return Promise.resolve(socket);
    opening ??= new Promise<WebSocket>((resolve, reject) => {
      // The host's session cookie (HttpOnly, traded for the one-time token at first load) authenticates it.
      const ws = new WebSocket(`${window.location.origin.replace(/^http/, 'ws')}/bridge`);
      ws.onopen = () => {
        socket = ws;
        opening = null;
        resolve(ws);
      };
      ws.onerror = () => {
        opening = null;
        reject(
          new Error(
            'The app could not reach its host. Is it still running? If this page was opened without its access token, use the address the host printed.',
          ),
        );
      };
      ws.onclose = () => {
        socket = null;
        for (const [id, settle] of pending) {
          pending.delete(id);
          settle({
            ok: false,
            error: { code: 'INTERNAL', message: 'The connection to the app host closed.' },
          });
        }
      };
      ws.onmessage = (event: MessageEvent<string>) => {
        const message = parseWire(event.data) as {
          id?: number;
          result?: Result<unknown>;
          event?: EventName;
          payload?: unknown;
        };
        if (typeof message.id === 'number') {
          pending.get(message.id)?.(
            message.result ?? { ok: false, error: { code: 'INTERNAL', message: 'empty answer' } },
          );
          pending.delete(message.id);
        } else if (message.event && EVENT_NAMES.includes(message.event)) {
          const parsed = eventPayloads[message.event].safeParse(message.payload);
          if (parsed.success) listeners.get(message.event)?.forEach((listener) => listener(parsed.data));
        }
      };
    });
    return opening;
  }

  async function call(method: MethodName, arg: unknown): Promise<Result<unknown>> {
    let ws: WebSocket;
    try {
      ws = await connect();
    } catch (error) {
      return { ok: false, error: { code: 'INTERNAL', message: (error as Error).message } };
    }
    const id = nextId++;
    const result = await new Promise<Result<unknown>>((resolve) => {
      pending.set(id, resolve);
      ws.send(stringifyWire({ id, method, arg }));
    });
    // The renderer does not trust shapes either: results are parsed against the contract.
    return checkResult(method, result);
  }

  const api = groupedMethods(call);
  for (const event of EVENT_NAMES) {
    api[eventMethodName(event)] = (listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      void connect().catch(() => {});
      return () => set.delete(listener);
    };
  }
  return Object.freeze(api) as WalletApi;
}
