// The Electron entry's start-up decisions, through the stand-in for the electron module (no Electron binary
// exists on this machine; tests/support/electron-stand-in.ts): a second copy of the app hands over to the first and quits, and the first
// hardens every web contents before any window exists.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { electronStandIn } from '../../../support/electron-stand-in';

async function loadMain(gotLock: boolean, isPackaged = false) {
  const s = electronStandIn(gotLock, isPackaged);
  vi.resetModules();
  vi.doMock('electron', () => ({ ...s.electron, default: s.electron }));
  await import('../../../../src/main/electron/main');
  return s;
}

afterEach(() => {
  vi.doUnmock('electron');
});

describe('Electron entry', () => {
  it('a second copy of the app quits at once, without starting anything', async () => {
    const { app, handlers } = await loadMain(false);
    expect(app.requestSingleInstanceLock).toHaveBeenCalledTimes(1);
    expect(app.quit).toHaveBeenCalledTimes(1);
    expect(app.whenReady).not.toHaveBeenCalled();
    expect(handlers.size).toBe(0);
  });

  it('the first copy keeps running, answers a second launch, hardens every web contents and quits with its window', async () => {
    const { app, handlers } = await loadMain(true);
    expect(app.quit).not.toHaveBeenCalled();
    expect(app.whenReady).toHaveBeenCalledTimes(1);
    expect([...handlers.keys()].sort()).toEqual([
      'second-instance',
      'web-contents-created',
      'window-all-closed',
    ]);
    // a second launch before the window exists is harmless
    expect(() => handlers.get('second-instance')!()).not.toThrow();

    const contents = { on: vi.fn(), setWindowOpenHandler: vi.fn(), session: {} };
    handlers.get('web-contents-created')!({}, contents);
    const hooked = contents.on.mock.calls.map(([event]) => event);
    expect(hooked).toContain('will-navigate');
    expect(contents.setWindowOpenHandler).toHaveBeenCalled();

    handlers.get('window-all-closed')!();
    expect(app.quit).toHaveBeenCalledTimes(1);
  });

  it('a packaged app ignores ELECTRON_RENDERER_URL: the window may not navigate to that server', async () => {
    const saved = process.env.ELECTRON_RENDERER_URL;
    process.env.ELECTRON_RENDERER_URL = 'http://127.0.0.1:5173';
    try {
      for (const [isPackaged, refused] of [
        [true, true],
        [false, false],
      ] as const) {
        const { handlers } = await loadMain(true, isPackaged);
        const listeners: Record<string, (event: { preventDefault: () => void }, url: string) => void> = {};
        const contents = {
          on: vi.fn((name: string, fn: never) => (listeners[name] = fn)),
          setWindowOpenHandler: vi.fn(),
        };
        handlers.get('web-contents-created')!({}, contents);
        const event = { preventDefault: vi.fn() };
        listeners['will-navigate']!(event, 'http://127.0.0.1:5173/index.html');
        expect(event.preventDefault.mock.calls.length > 0).toBe(refused);
      }
    } finally {
      if (saved === undefined) delete process.env.ELECTRON_RENDERER_URL;
      else process.env.ELECTRON_RENDERER_URL = saved;
    }
  });

  it('a packaged app started with --remote-debugging-port quits before anything else', async () => {
    process.argv.push('--remote-debugging-port=9222');
    try {
      const { app, handlers } = await loadMain(true, true);
      expect(app.quit).toHaveBeenCalledTimes(1);
      expect(app.requestSingleInstanceLock).not.toHaveBeenCalled();
      expect(app.whenReady).not.toHaveBeenCalled();
      expect(handlers.size).toBe(0);
    } finally {
      process.argv.pop();
    }
  });
});
