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
import { embeddedDevnetLauncher } from '../devnet-launcher';
import { gateUntilStarted } from '../start-gate';
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
import { notConnected } from '../exchange/not-connected';

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

    // The window opens at once on the lock screen, which asks only for the lock state; the core's modules
    // load and it starts (the embedded devnet takes seconds to come up) meanwhile, and every other call
    // waits for that start (start-gate.ts).
    const starting = startCore();
    starting.catch((error: unknown) => console.error(`The app could not start: ${(error as Error).message}`));
    bindIpc(ipcMain, gateUntilStarted(starting), (url) => isAppUrl(url, devServerUrl));
    window = new BrowserWindow(
      windowOptions(join(import.meta.dirname, '../preload/index.cjs'), mode.devTools),
    );
    window.once('ready-to-show', () => window?.show());
    await window.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`);
  });

  async function startCore() {
    const [{ createCore }, { createDispatcher }] = await Promise.all([
      import('../core'),
      import('../ipc-dispatch'),
    ]);
    // PERPETUA_EXCHANGE_URL fixes the exchange for this run; otherwise the core connects to the network
    // chosen in Settings and runs the bundled devnet itself when that is the choice.
    const customUrl = mode.exchangeUrl;
    const core = createCore({
      version: app.getVersion(),
      host: 'electron',
      ...(customUrl
        ? { exchange: { kind: 'custom' as const, baseUrl: customUrl } }
        : {
            launchDevnet: embeddedDevnetLauncher(
              {
                command: join(import.meta.dirname, 'devnet.js'),
                args: [],
                spawnProcess: utilityDevnet((...args) => utilityProcess.fork(...args)),
                exitWithStdin: false,
              },
              app.getPath('userData'),
            ),
          }),
      dataDir: join(app.getPath('userData'), 'app'),
      store: createKeyringStore('perpetua'),
    });
    powerMonitor.on('suspend', () => core.lock.onSystemSuspend());
    powerMonitor.on('lock-screen', () => core.lock.onSystemSuspend());
    forwardEvents(core.events, () => window?.webContents ?? null);
    forwardToOs(core.events, {
      enabled: () => core.settings.get().osNotifications !== false,
      info: async () => {
        if (!core.connection) throw notConnected();
        return core.connection.info();
      },
      accountNames: () => core.settings.accountNames(),
    });
    // closing the core stops the embedded devnet it started
    app.on('before-quit', () => void core.close());
    const started = core.start().catch((error: unknown) => {
      // no keychain, or no devnet: one line in the terminal; the renderer shows the reason when it asks
      console.error(`warning: ${(error as Error).message}`);
    });
    return { dispatch: createDispatcher(core.handlers), started };
  }

  app.on('window-all-closed', () => app.quit());
}
