// The browser host's bridge builds the same grouped object as the preload: every method of every group,
// carried over the host's WebSocket by its full name, and each group frozen. A method declared in a group
// but not reachable here fails this test.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHostBridge } from '../../../../src/renderer/src/bridge/host-bridge';
import { METHOD_NAMES, groups, splitName } from '../../../../src/shared/ipc/contract';
import { EVENT_NAMES, eventMethodName } from '../../../../src/shared/ipc/events';
import { parseWire, stringifyWire } from '../../../../src/shared/wire-json';

const sent: { id: number; method: string; arg: unknown }[] = [];

/** A socket that opens at once and answers every call with a failure naming the method it received. */
class FakeSocket {
  static OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    queueMicrotask(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    });
  }
  send(text: string): void {
    const message = parseWire(text) as { id: number; method: string; arg: unknown };
    sent.push(message);
    const result = { ok: false, error: { code: 'PROBE', message: message.method } };
    queueMicrotask(() => this.onmessage?.({ data: stringifyWire({ id: message.id, result }) }));
  }
}

beforeAll(() => {
  vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1:1' } });
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterAll(() => void vi.unstubAllGlobals());

let api: Record<string, unknown>;
beforeAll(() => void (api = createHostBridge() as unknown as Record<string, unknown>));

describe('the host bridge', () => {
  it('has exactly the groups, each frozen with exactly its methods, and the event subscriptions', () => {
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.keys(api).sort()).toEqual(
      [...Object.keys(groups), ...EVENT_NAMES.map(eventMethodName)].sort(),
    );
    for (const [g, methods] of Object.entries(groups)) {
      expect(Object.isFrozen(api[g]), g).toBe(true);
      expect(Object.keys(api[g] as object).sort(), g).toEqual(Object.keys(methods).sort());
    }
  });

  it.each(METHOD_NAMES)('%s goes to the host by its full name, with its argument', async (name) => {
    const [g, m] = splitName(name);
    const call = (api[g] as Record<string, (arg: unknown) => Promise<unknown>>)[m]!;
    expect(await call({ probe: 1 })).toEqual({ ok: false, error: { code: 'PROBE', message: name } });
    expect(sent.at(-1)).toMatchObject({ method: name, arg: { probe: 1 } });
  });
});
