// The browser host: the same main-process core under plain Node, for machines without the Electron binary
// and for the end-to-end tests. It serves the built renderer on 127.0.0.1 and carries the IPC contract over a
// WebSocket. Only a browser holding the session cookie (traded for the one-time token, access.ts) gets
// anything; foreign Origins and Hosts (DNS rebinding) are refused. Every entry point answers malformed input
// with a 4xx or a clean close and never throws; connections are capped and idle ones time out, so a flood
// of half-open sockets cannot starve the process of descriptors.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { extname, join, normalize, sep } from 'node:path';
import { createRequire } from 'node:module';
import type { WebSocket, WebSocketServer as WebSocketServerType } from 'ws';
import type { Dispatch } from '../main/ipc-dispatch';
import type { EventBus } from '../main/events';
import { parseWire, stringifyWire } from '../shared/wire-json';
import { parseTarget, safeDecode } from '../shared/request-target';
import { createHostAccess } from './access';
import { rendererCsp } from '../shared/csp';
import { chooseEncoding, CompressedFiles, isCompressible, type FileForms } from './compressed-files';

export interface HostOptions {
  dispatch: Dispatch;
  events: EventBus;
  /** folder of the built renderer (index.html and assets) */
  rendererDir: string;
  port?: number;
  /** the first one-time token, for tests; a random 32-byte token otherwise */
  token?: string;
  /** for tests; see HOST_LIMITS */
  limits?: Partial<typeof HOST_LIMITS>;
  /** a renderer file was answered in full (its path relative to rendererDir) */
  onServed?: (relative: string) => void;
}

export interface RunningHost {
  origin: string;
  /** the address to open, with its one-time token */
  url: string;
  /** a fresh one-time address, for a second browser */
  mintUrl(): string;
  /** sockets open right now (for tests and diagnostics) */
  connections(): Promise<number>;
  close(): Promise<void>;
}

/**
 * One person's browser needs a handful of connections (assets, one bridge); the cap keeps the descriptor
 * count of the process far below 1024, where select()-based native code (the keychain binding) breaks.
 */
export const HOST_LIMITS = {
  maxConnections: 64,
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

const MAX_MESSAGE_BYTES = 1024 * 1024;
/** close code for a bridge replaced by a newer one from the same browser session */
export const CLOSE_REPLACED = 4000;

const NO_TOKEN_PAGE =
  'This page was opened without its access token, or with one already used. Use the address the host printed (press Enter in its terminal for a fresh one).';

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  const text = status === 403 ? 'Forbidden' : status === 404 ? 'Not Found' : 'Bad Request';
  socket.end(`HTTP/1.1 ${status} ${text}\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${reason}`);
}

function plain(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const limits = { ...HOST_LIMITS, ...options.limits };
  let origin = '';
  let hostHeader = '';
  let access = createHostAccess(0);
  const files = new CompressedFiles();
  const bridges = new Map<string, WebSocket>();

  async function serveFile(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.host !== hostHeader) return plain(res, 403, 'This host name is not served.');
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return plain(res, 405, 'Only GET and HEAD are served.', { allow: 'GET, HEAD' });
    const target = parseTarget(req.url);
    if (!target) return plain(res, 400, 'Malformed request target.');
    const pathname = safeDecode(target.pathname);
    if (pathname === null || pathname.includes('\0')) return plain(res, 400, 'Malformed path.');

    const token = target.searchParams.get('token');
    const session = access.sessionOf(req.headers.cookie);
    if (token !== null && pathname === '/') {
      // The token is spent here; the redirect drops it from the address bar. A browser that already has
      // a session may re-open a spent address.
      const fresh = access.exchange(token);
      if (fresh === null && session === null) return plain(res, 403, NO_TOKEN_PAGE);
      const headers: Record<string, string> = { location: '/', 'referrer-policy': 'no-referrer' };
      if (fresh !== null) headers['set-cookie'] = access.cookieFor(fresh);
      return plain(res, 303, 'See /', headers);
    }
    const relative = pathname === '/' ? 'index.html' : normalize(pathname).replace(/^[/\\]+/, '');
    const file = join(options.rendererDir, relative);
    if (!file.startsWith(options.rendererDir + sep) || relative.split(/[/\\]/).includes('..'))
      return plain(res, 404, 'Not found');
    let forms: FileForms;
    try {
      forms = await files.get(file);
    } catch {
      // a path that names nothing is a 404 for everyone (the renderer's files are public code anyway);
      // so a probe of this address (e.g. someone choosing it as their exchange) reads "not found"
      return plain(res, 404, 'Not found');
    }
    if (session === null) return plain(res, 403, NO_TOKEN_PAGE);
    const available = (['br', 'gzip'] as const).filter((e) => forms[e] !== undefined);
    const encoding = chooseEncoding(req.headers['accept-encoding'], available);
    const body = forms[encoding] ?? forms.identity;
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      // caches must key on Accept-Encoding for every file that has more than one form
      ...(isCompressible(file) ? { vary: 'Accept-Encoding' } : {}),
      'content-security-policy': rendererCsp(`${origin.replace('http:', 'ws:')}`),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : body, () => options.onServed?.(relative));
  }

  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    (req, res) => {
      serveFile(req, res).catch(() => {
        // serveFile answers everything itself; this only guards a response that failed mid-write
        if (!res.headersSent) plain(res, 500, 'The host failed to answer.');
        else res.destroy();
      });
    },
  );
  server.maxConnections = limits.maxConnections;
  // every socket, upgraded or not, so that close() cannot wait on one the HTTP layer no longer tracks
  const sockets = new Set<Duplex>();
  server.on('connection', (socket: Duplex) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // required, not imported: importing a CommonJS package into an ES module has Node scan all of its source
  // for export names first (tens of milliseconds of the host's start, before it can answer the browser)
  const { WebSocketServer } = createRequire(import.meta.url)('ws') as {
    WebSocketServer: typeof WebSocketServerType;
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // after an upgrade Node no longer listens for socket errors; a reset must not become an uncaught one
    socket.on('error', () => socket.destroy());
    const target = parseTarget(req.url);
    if (!target) return refuseUpgrade(socket, 400, 'malformed request target');
    if (target.pathname !== '/bridge') return refuseUpgrade(socket, 404, 'unknown path');
    if (req.headers.host !== hostHeader) return refuseUpgrade(socket, 403, 'foreign Host');
    if (req.headers.origin !== origin) return refuseUpgrade(socket, 403, 'foreign Origin');
    const session = access.sessionOf(req.headers.cookie);
    if (session === null) return refuseUpgrade(socket, 403, 'no session: open the address the host printed');
    try {
      wss.handleUpgrade(req, socket, head, (ws) => bridge(ws, session));
    } catch {
      socket.destroy();
    }
  });

  /** One bridge per browser session: a reload's new bridge replaces the old one instead of adding to it. */
  function bridge(ws: WebSocket, session: string): void {
    bridges.get(session)?.close(CLOSE_REPLACED, 'replaced by a newer window of this browser');
    bridges.set(session, ws);
    const unsubscribe = options.events.subscribe((event, payload) => {
      if (ws.readyState === ws.OPEN) ws.send(stringifyWire({ event, payload }));
    });
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      unsubscribe();
      if (bridges.get(session) === ws) bridges.delete(session);
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return ws.close(1003, 'text only');
      let message: unknown;
      try {
        message = parseWire(data.toString());
      } catch {
        return ws.close(1007, 'malformed message');
      }
      if (typeof message !== 'object' || message === null || Array.isArray(message))
        return ws.close(1007, 'a message is an object');
      const { id, method, arg } = message as { id?: unknown; method?: unknown; arg?: unknown };
      if (typeof id !== 'number' || !Number.isSafeInteger(id)) return ws.close(1007, 'message without an id');
      if (typeof method !== 'string') return ws.close(1007, 'message without a method name');
      options
        .dispatch(method, arg)
        .catch(() => ({
          ok: false as const,
          error: {
            code: 'INTERNAL',
            message: 'Something went wrong inside the app. Nothing was signed or sent.',
          },
        }))
        .then((result) => {
          if (ws.readyState === ws.OPEN) ws.send(stringifyWire({ id, result }));
        })
        .catch(() => ws.terminate());
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  hostHeader = `127.0.0.1:${port}`;
  origin = `http://${hostHeader}`;
  access = createHostAccess(port, options.token);
  const first = options.token ?? access.mintToken();

  return {
    origin,
    url: `${origin}/?token=${first}`,
    mintUrl: () => `${origin}/?token=${access.mintToken()}`,
    connections: () =>
      new Promise((resolve) => server.getConnections((error, count) => resolve(error ? -1 : count))),
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
