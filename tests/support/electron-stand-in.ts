// A stand-in for the electron module (no Electron binary exists on this machine), for the tests of the
// Electron side: tests/unit/electron-main.test.ts (the entry's start-up) and
// tests/unit/main/electron/os-notifications.test.ts (notifications to the operating system). Each records
// what the code under test asked of Electron.
import { vi } from 'vitest';

export function electronStandIn(gotLock: boolean, isPackaged = false) {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  const app = {
    requestSingleInstanceLock: vi.fn(() => gotLock),
    quit: vi.fn(),
    on: vi.fn((event: string, fn: (...args: unknown[]) => void) => void handlers.set(event, fn)),
    // never ready: these tests stop before any window or keychain is needed
    whenReady: vi.fn(() => new Promise<void>(() => {})),
    getVersion: () => 'test',
    isPackaged,
    getPath: () => '/nonexistent',
  };
  /** every OS notification shown, as title and body */
  const shown: { title: string; body: string }[] = [];
  class Notification {
    static isSupported = vi.fn(() => true);
    constructor(readonly options: { title: string; body: string }) {}
    show(): void {
      shown.push(this.options);
    }
  }
  const electron = {
    app,
    protocol: { registerSchemesAsPrivileged: vi.fn() },
    BrowserWindow: vi.fn(),
    Notification,
    ipcMain: {},
    powerMonitor: { on: vi.fn() },
    session: {},
    shell: {},
    utilityProcess: { fork: vi.fn() },
  };
  return { electron, app, handlers, shown, Notification };
}
