// The preload exposes every method of every group, and nothing else: window.wallet.<group>.<method> invokes
// that method's own channel, each group is frozen, and each event has its subscribe function. A method
// declared in a group but missing here (or a stray one added) fails this test.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { METHOD_NAMES, groups, splitName } from '../../../src/shared/ipc/contract';
import { eventChannel, methodChannel } from '../../../src/shared/ipc/channels';
import { EVENT_NAMES, eventMethodName } from '../../../src/shared/ipc/events';

const exposed = new Map<string, unknown>();
const invoke = vi.fn(async (channel: string, arg: unknown) => ({ channel, arg }));
const on = vi.fn();

beforeAll(async () => {
  vi.doMock('electron', () => ({
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
    ipcRenderer: { invoke, on, removeListener: vi.fn() },
  }));
  await import('../../../src/preload/index');
});
afterAll(() => void vi.doUnmock('electron'));

describe('the preload', () => {
  it('exposes only window.wallet, frozen, with exactly the groups and the event subscriptions', () => {
    expect([...exposed.keys()]).toEqual(['wallet']);
    const api = exposed.get('wallet') as Record<string, unknown>;
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.keys(api).sort()).toEqual(
      [...Object.keys(groups), ...EVENT_NAMES.map(eventMethodName)].sort(),
    );
    for (const [g, methods] of Object.entries(groups)) {
      const group = api[g] as Record<string, unknown>;
      expect(Object.isFrozen(group), g).toBe(true);
      expect(Object.keys(group).sort(), g).toEqual(Object.keys(methods).sort());
    }
  });

  it.each(METHOD_NAMES)('%s invokes its own channel with its argument', async (name) => {
    const [g, m] = splitName(name);
    const api = exposed.get('wallet') as Record<string, Record<string, (arg: unknown) => Promise<unknown>>>;
    expect(await api[g]![m]!({ probe: name })).toEqual({
      channel: methodChannel(name),
      arg: { probe: name },
    });
  });

  it('each event subscribes on its own channel', () => {
    const api = exposed.get('wallet') as Record<string, (listener: () => void) => () => void>;
    for (const event of EVENT_NAMES) {
      api[eventMethodName(event)]!(() => {});
      expect(on).toHaveBeenLastCalledWith(eventChannel(event), expect.any(Function));
    }
  });
});
