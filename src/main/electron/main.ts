// The Electron entry: single instance, hardened session and window, app:// protocol, the embedded devnet
// as a utility process, and the core bound to IPC. The only file that wires electron to the core.
import {
  app,
  BrowserWindow,
  ipcMain,
  powerMonitor,
  protocol,
  session,
  shell,
  utilityProcess,
} from 'electron';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCore } from '../core';
import { createDispatcher } from '../ipc-dispatch';
import { launchDevnet } from '../devnet-launcher';
import {
  APP_ORIGIN,
  APP_SCHEME,
  hardenSession,
  hardenWebContents,
  isAppUrl,
  registerAppProtocol,
  windowOptions,
} from './hardening';
import { bindIpc, forwardEvents } from './ipc';
import { forwardToOs } from './os-notifications';
import { createKeyringStore } from '../keychain/secret-store';
import { launchMode } from './launch-mode';
import { utilityDevnet } from './devnet-utility';

// A packaged app ignores ELECTRON_RENDERER_URL and the other development overrides (launch-mode.ts).
const mode = launchMode({ isPackaged: app.isPackaged, env: process.env, argv: process.argv });
const devServerUrl = mode.devServerUrl;

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: false } },
]);

if (mode.refuse) {
  console.error(mode.refuse);
  app.quit();
} else if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;

  app.on('second-instance', () => {
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });

  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, shell, devServerUrl));

  void app.whenReady().then(async () => {
    hardenSession(session.defaultSession, devServerUrl);
    registerAppProtocol(protocol, join(import.meta.dirname, '../renderer'), (path) => readFile(path));

    // PERPETUA_EXCHANGE_URL fixes the exchange for this run; otherwise the core connects to the network
    // chosen in Settings and runs the bundled devnet itself when that is the choice.
    const customUrl = mode.exchangeUrl;
    const core = createCore({
      version: app.getVersion(),
      host: 'electron',
      ...(customUrl
        ? { exchange: { kind: 'custom' as const, baseUrl: customUrl } }
        : {
            launchDevnet: ({ demo }: { demo: boolean }) =>
              launchDevnet({
                command: join(import.meta.dirname, 'devnet.js'),
                args: [],
                spawnProcess: utilityDevnet((...args) => utilityProcess.fork(...args)),
                exitWithStdin: false,
                dataDir: join(app.getPath('userData'), demo ? 'devnet-demo' : 'devnet'),
                extraArgs: demo ? ['--demo'] : [],
              }),
          }),
      dataDir: join(app.getPath('userData'), 'app'),
      store: createKeyringStore('perpetua'),
    });
    await core.start().catch((error: unknown) => {
      // no keychain, or no devnet: one line in the terminal; the renderer shows the reason when it asks
      console.error(`warning: ${(error as Error).message}`);
    });
    powerMonitor.on('suspend', () => core.services.lock.onSystemSuspend());
    powerMonitor.on('lock-screen', () => core.services.lock.onSystemSuspend());
    bindIpc(ipcMain, createDispatcher(core.handlers), (url) => isAppUrl(url, devServerUrl));
    forwardEvents(core.events, () => window?.webContents ?? null);
    forwardToOs(core.events, {
      enabled: () => core.services.settings.get().osNotifications !== false,
      info: () => core.services.info(),
    });

    window = new BrowserWindow(
      windowOptions(join(import.meta.dirname, '../preload/index.cjs'), mode.devTools),
    );
    window.once('ready-to-show', () => window?.show());
    await window.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`);

    // closing the core stops the embedded devnet it started
    app.on('before-quit', () => void core.close());
  });

  app.on('window-all-closed', () => app.quit());
}
