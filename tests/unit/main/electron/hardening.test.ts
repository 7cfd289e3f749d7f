// The Electron binary cannot be downloaded on this build machine, so these tests hand the hardening
// functions stand-in objects shaped like Electron's and assert what each setting does. This is the only
// place the project uses a stand-in for Electron.
import { describe, expect, it, vi } from 'vitest';
import {
  ELECTRON_CSP,
  hardenSession,
  hardenWebContents,
  isAllowedExternalUrl,
  isAppUrl,
  registerAppProtocol,
  windowOptions,
} from '../../../../src/main/electron/hardening';
import { bindIpc } from '../../../../src/main/electron/ipc';
import { METHOD_NAMES } from '../../../../src/shared/ipc/contract';
import { methodChannel } from '../../../../src/shared/ipc/channels';

describe('window options', () => {
  const prefs = windowOptions('/app/preload/index.cjs').webPreferences!;
  it.each([
    ['contextIsolation', true],
    ['sandbox', true],
    ['nodeIntegration', false],
    ['nodeIntegrationInWorker', false],
    ['nodeIntegrationInSubFrames', false],
    ['webviewTag', false],
    ['webSecurity', true],
    ['allowRunningInsecureContent', false],
    ['experimentalFeatures', false],
  ] as const)('%s is %s', (key, value) => {
    expect(prefs[key]).toBe(value);
  });
  it('loads the preload given and fits 1024x700', () => {
    expect(prefs.preload).toBe('/app/preload/index.cjs');
    expect(windowOptions('x').minWidth).toBe(1024);
    expect(windowOptions('x').minHeight).toBe(700);
  });
});

describe('content security policy', () => {
  it('forbids eval, inline script and every connection from the Electron renderer', () => {
    expect(ELECTRON_CSP).toContain("script-src 'self'");
    expect(ELECTRON_CSP).not.toMatch(/unsafe-eval/);
    expect(ELECTRON_CSP).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(ELECTRON_CSP).toContain("connect-src 'none'");
    expect(ELECTRON_CSP).toContain("default-src 'none'");
    expect(ELECTRON_CSP).toContain("object-src 'none'");
  });
});

describe('session', () => {
  function fakeSession() {
    return {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      webRequest: { onHeadersReceived: vi.fn() },
    };
  }
  it('denies every permission request', () => {
    const s = fakeSession();
    hardenSession(s as never);
    const handler = s.setPermissionRequestHandler.mock.calls[0]![0];
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      handler({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
    }
  });
  it('answers every permission check with no', () => {
    const s = fakeSession();
    hardenSession(s as never);
    const check = s.setPermissionCheckHandler.mock.calls[0]![0];
    expect(check({}, 'media', 'app://perpetua', {})).toBe(false);
    expect(check({}, 'clipboard-sanitized-write', 'app://perpetua', {})).toBe(false);
  });
  it('puts the CSP on dev-server pages', () => {
    const s = fakeSession();
    hardenSession(s as never, 'http://localhost:5173');
    const onHeaders = s.webRequest.onHeadersReceived.mock.calls[0]![0];
    const callback = vi.fn();
    onHeaders({ url: 'http://localhost:5173/', responseHeaders: {} }, callback);
    expect(callback.mock.calls[0]![0].responseHeaders['Content-Security-Policy']).toEqual([ELECTRON_CSP]);
  });
});

describe('web contents', () => {
  function setup(devServer?: string) {
    const listeners: Record<string, (event: { preventDefault: () => void }, url?: string) => void> = {};
    const contents = {
      on: vi.fn((name: string, fn: never) => (listeners[name] = fn)),
      setWindowOpenHandler: vi.fn(),
    };
    const shell = { openExternal: vi.fn(async () => {}) };
    hardenWebContents(contents as never, shell, devServer);
    return { listeners, contents, shell };
  }
  const navigate = (listener: (e: { preventDefault: () => void }, url?: string) => void, url: string) => {
    const event = { preventDefault: vi.fn() };
    listener(event, url);
    return event.preventDefault.mock.calls.length > 0;
  };

  it('refuses navigation away from the app', () => {
    const { listeners } = setup();
    expect(navigate(listeners['will-navigate']!, 'https://evil.example/')).toBe(true);
    expect(navigate(listeners['will-navigate']!, 'file:///etc/passwd')).toBe(true);
    expect(navigate(listeners['will-redirect']!, 'http://127.0.0.1:9/')).toBe(true);
    expect(navigate(listeners['will-navigate']!, 'app://perpetua/index.html#/sessions')).toBe(false);
  });
  it('refuses webviews', () => {
    const { listeners } = setup();
    const event = { preventDefault: vi.fn() };
    listeners['will-attach-webview']!(event);
    expect(event.preventDefault).toHaveBeenCalled();
  });
  it('never opens a new window; allowlisted https links go to the system browser, others nowhere', () => {
    const { contents, shell } = setup();
    const handler = contents.setWindowOpenHandler.mock.calls[0]![0];
    expect(handler({ url: 'https://github.com/perpetua' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledWith('https://github.com/perpetua');
    for (const url of [
      'http://github.com/x',
      'https://evil.example/',
      'file:///bin/sh',
      'javascript:alert(1)',
      'https://github.com.evil.example/',
    ]) {
      expect(handler({ url })).toEqual({ action: 'deny' });
    }
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });
  it('the external allowlist is https-only prefixes', () => {
    expect(isAllowedExternalUrl('https://github.com/')).toBe(true);
    expect(isAllowedExternalUrl('https://github.com.evil.example/')).toBe(false);
    expect(isAllowedExternalUrl('not a url')).toBe(false);
  });
});

describe('IPC sender check', () => {
  it('answers only frames of the app itself', async () => {
    const handlers: Record<
      string,
      (event: { senderFrame: { url: string } | null }, arg: unknown) => Promise<unknown>
    > = {};
    const dispatch = vi.fn(async () => ({ ok: true as const, value: 'ran' }));
    bindIpc({ handle: (channel: string, fn: never) => (handlers[channel] = fn) } as never, dispatch, (url) =>
      isAppUrl(url),
    );
    expect(Object.keys(handlers).sort()).toEqual(METHOD_NAMES.map(methodChannel).sort());
    const call = handlers[methodChannel('app.markets')]!;
    expect(await call({ senderFrame: { url: 'app://perpetua/index.html' } }, undefined)).toEqual({
      ok: true,
      value: 'ran',
    });
    for (const url of ['https://evil.example/', 'app://other/index.html', 'file:///index.html', '']) {
      expect(await call({ senderFrame: { url } }, undefined)).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN' },
      });
    }
    expect(await call({ senderFrame: null }, undefined)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(dispatch).toHaveBeenCalledTimes(1);
  });
  it('trusts the dev server origin only when one is configured', () => {
    expect(isAppUrl('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(isAppUrl('http://localhost:5173/')).toBe(false);
  });
});

describe('app:// protocol', () => {
  it('serves files from the renderer folder with the CSP, and nothing outside it', async () => {
    let handler: (request: Request) => Promise<Response> = async () => new Response();
    const readFile = vi.fn(async (path: string) =>
      path === '/r/index.html' ? Buffer.from('<html>') : Promise.reject(new Error('no')),
    );
    registerAppProtocol({ handle: (_scheme: string, fn: never) => (handler = fn) } as never, '/r', readFile);
    const ok = await handler(new Request('app://perpetua/index.html'));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toBe(ELECTRON_CSP);
    expect((await handler(new Request('app://perpetua/%2e%2e/secret'))).status).toBe(404);
    expect((await handler(new Request('app://other/index.html'))).status).toBe(404);
  });
});

describe('app:// protocol: paths (issue 14 item 11)', () => {
  function serve() {
    let handler: (request: Request) => Promise<Response> = async () => new Response();
    const asked: string[] = [];
    const readFile = vi.fn(async (path: string) => {
      asked.push(path);
      return path === '/r/index.html' || path === '/r/assets/app.js'
        ? Buffer.from('x')
        : Promise.reject(new Error('no'));
    });
    registerAppProtocol({ handle: (_scheme: string, fn: never) => (handler = fn) } as never, '/r', readFile);
    return { handler: (url: string) => handler(new Request(url)), asked };
  }

  it('serves files inside the renderer folder with their types', async () => {
    const { handler } = serve();
    expect((await handler('app://perpetua/')).status).toBe(200);
    const js = await handler('app://perpetua/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript');
  });

  it('a broken percent-escape is a 400, not a rejected handler', async () => {
    const { handler, asked } = serve();
    expect((await handler('app://perpetua/%E0%A4%A')).status).toBe(400);
    expect(asked).toEqual([]);
  });

  it('refuses backslashes (a separator on Windows) and NUL before touching the disk', async () => {
    const { handler, asked } = serve();
    for (const url of [
      'app://perpetua/%5C..%5C..%5Csecret',
      'app://perpetua/assets%5Capp.js',
      'app://perpetua/index.html%00.png',
    ])
      expect((await handler(url)).status, url).toBe(400);
    expect(asked).toEqual([]);
  });

  it('never reads outside the renderer folder, however the path is spelled', async () => {
    const { handler, asked } = serve();
    for (const url of [
      'app://perpetua/%2e%2e/secret',
      'app://perpetua/assets/%2e%2e/%2e%2e/etc/passwd',
      'app://perpetua/%2F..%2Fetc/passwd',
    ])
      expect((await handler(url)).status, url).toBe(404);
    expect(asked.filter((p) => !p.startsWith('/r/'))).toEqual([]);
  });
});

describe('Electron results are parsed against the contract (issue 14 item 15)', () => {
  it('a malformed answer from main becomes a plain INTERNAL failure, a good one passes', async () => {
    const { checkedApi } = await import('../../../../src/shared/ipc/checked-api');
    const raw: Record<string, unknown> = {
      lock: {
        state: async () => ({ ok: true, value: { injected: '<img onerror>' } }),
        lock: async () => 'not a result',
        unlock: async () => {
          throw new Error('channel closed');
        },
      },
      app: {
        markets: async () => ({ ok: false, error: { code: 'EXCHANGE_UNAVAILABLE', message: 'down' } }),
      },
      wallets: { list: async () => ({ ok: true, value: [] }) },
    };
    const api = checkedApi(raw);
    expect(await api.lock.state()).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(await api.app.markets()).toEqual({
      ok: false,
      error: { code: 'EXCHANGE_UNAVAILABLE', message: 'down' },
    });
    expect(await api.wallets.list()).toEqual({ ok: true, value: [] });
    // a method the preload did not expose answers INTERNAL rather than calling anything else
    expect(await api.wallets.rename({ walletId: 'w', label: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    });
    expect(await api.lock.lock()).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(await api.lock.unlock({ passphrase: 'x'.repeat(12) })).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    });
  });

  it('event payloads of the wrong shape never reach a listener', async () => {
    const { checkedApi } = await import('../../../../src/shared/ipc/checked-api');
    let emit: (payload: unknown) => void = () => {};
    const api = checkedApi({
      onLockState: (listener: (payload: unknown) => void) => {
        emit = listener;
        return () => {};
      },
    });
    const seen: unknown[] = [];
    api.onLockState((payload) => seen.push(payload));
    emit({ nonsense: true });
    expect(seen).toEqual([]);
  });
});

// A packaged build (issue 14 item 14) keeps DevTools shut.
describe('packaged-mode guards', () => {
  it('DevTools are off in the window unless asked for', () => {
    expect(windowOptions('/p.cjs').webPreferences!.devTools).toBe(false);
    expect(windowOptions('/p.cjs', true).webPreferences!.devTools).toBe(true);
  });
});
