// Every security setting of the Electron shell, as functions of the objects they configure so that unit
// tests can check each one without an Electron binary. Nothing here is optional for a wallet.
import type { BrowserWindowConstructorOptions, Session, WebContents, Shell, Protocol } from 'electron';
import { extname, resolve, sep } from 'node:path';
import { rendererCsp } from '../../shared/csp';

/** The custom scheme the packaged renderer is served from; the only origin whose frames may call IPC. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'perpetua';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** https addresses the app may open in the system browser; everything else is refused. */
export const EXTERNAL_URL_ALLOWLIST: readonly string[] = [
  'https://github.com/',
  'https://docs.perpetua.app/',
];

/** devTools: only in development (launch-mode.ts); a packaged app never opens them */
export function windowOptions(preloadPath: string, devTools = false): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    title: 'Perpetua',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools,
    },
  };
}

/** The CSP for the Electron renderer: it talks to main over IPC only, so it may connect nowhere. */
export const ELECTRON_CSP = rendererCsp("'none'");

/** Is this a frame URL of the app itself (the packaged files, or the dev server in development)? */
export function isAppUrl(url: string, devServerUrl?: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST) return true;
  if (devServerUrl) return parsed.origin === new URL(devServerUrl).origin;
  return false;
}

export function isAllowedExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'https:' && EXTERNAL_URL_ALLOWLIST.some((prefix) => parsed.href.startsWith(prefix))
    );
  } catch {
    return false;
  }
}

/** Deny every permission (camera, notifications, clipboard-read, geolocation, ...) and every check. */
export function hardenSession(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'webRequest'>,
  devServerUrl?: string,
): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  // The dev server's pages get the same CSP as the packaged app; app:// responses set it themselves.
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    if (devServerUrl && details.url.startsWith(devServerUrl))
      headers['Content-Security-Policy'] = [ELECTRON_CSP];
    callback({ responseHeaders: headers });
  });
}

/** No navigation away from the app, no new windows, no webviews; allowlisted https links go to the browser. */
export function hardenWebContents(
  contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>,
  shell: Pick<Shell, 'openExternal'>,
  devServerUrl?: string,
): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/**
 * Where an app:// URL points inside the renderer folder, or why it may not be served: decoding happens
 * here (a broken escape is a 400, not a rejected handler), backslashes and NUL are refused outright (`%5C`
 * is a separator on Windows), and the resolved path must stay inside the folder.
 */
export function appFilePath(
  requestUrl: string,
  rendererDir: string,
): { file: string } | { status: 400 | 404 } {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { status: 400 };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return { status: 404 };
  let path: string;
  try {
    path = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
  } catch {
    return { status: 400 };
  }
  if (path.includes('\\') || path.includes('\0')) return { status: 400 };
  const root = resolve(rendererDir);
  const file = resolve(root, `.${path}`);
  if (!file.startsWith(root + sep)) return { status: 404 };
  return { file };
}

/** Serves the packaged renderer under app://perpetua/ with the CSP header; nothing outside its folder. */
export function registerAppProtocol(
  protocol: Pick<Protocol, 'handle'>,
  rendererDir: string,
  readFile: (path: string) => Promise<Buffer>,
): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const target = appFilePath(request.url, rendererDir);
    if ('status' in target)
      return new Response(target.status === 400 ? 'bad request' : 'not found', { status: target.status });
    try {
      const body = await readFile(target.file);
      return new Response(new Uint8Array(body), {
        headers: {
          'content-type': CONTENT_TYPES[extname(target.file)] ?? 'application/octet-stream',
          'content-security-policy': ELECTRON_CSP,
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });
}
