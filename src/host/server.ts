// The browser host: the same main-process core under plain Node, for machines without the Electron binary
// and for the end-to-end tests. It serves the built renderer on 127.0.0.1 and carries the IPC contract over a
// WebSocket that demands the one-time token and refuses foreign Origins and Hosts (DNS rebinding).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Dispatch } from '../main/ipc-dispatch';
import type { EventBus } from '../main/events';
import { parseWire, stringifyWire } from '../shared/wire-json';
import { rendererCsp } from './csp';
import { chooseEncoding, CompressedFiles, isCompressible, type Encoding } from './compressed-files';

export interface HostOptions {
  dispatch: Dispatch;
  events: EventBus;
  /** folder of the built renderer (index.html and assets) */
  rendererDir: string;
  port?: number;
  /** for tests; a random 32-byte token otherwise */
  token?: string;
}

export interface RunningHost {
  origin: string;
  /** the address to open, with the one-time token */
  url: string;
  close(): Promise<void>;
}

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

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Bad Request'}\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${reason}`,
  );
}

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  let origin = '';
  let hostHeader = '';
  const files = new CompressedFiles();

  async function serveFile(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.host !== hostHeader) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('This host name is not served.');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const pathname = decodeURIComponent(new URL(req.url ?? '/', origin).pathname);
    const relative = pathname === '/' ? 'index.html' : normalize(pathname).replace(/^[/\\]+/, '');
    const file = join(options.rendererDir, relative);
    if (!file.startsWith(options.rendererDir + sep) || relative.split(/[/\\]/).includes('..')) {
      res.writeHead(404).end();
      return;
    }
    try {
      const forms = await files.get(file);
      const available = (['br', 'gzip'] as const).filter((e) => forms[e] !== undefined);
      const encoding: Encoding = chooseEncoding(req.headers['accept-encoding'], available);
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
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
  }

  const server = createServer((req, res) => void serveFile(req, res));
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname !== '/bridge') return refuseUpgrade(socket, 400, 'unknown path');
    if (req.headers.host !== hostHeader) return refuseUpgrade(socket, 403, 'foreign Host');
    if (req.headers.origin !== origin) return refuseUpgrade(socket, 403, 'foreign Origin');
    if (!sameSecret(url.searchParams.get('token') ?? '', token))
      return refuseUpgrade(socket, 403, 'wrong token');
    wss.handleUpgrade(req, socket, head, (ws) => bridge(ws));
  });

  function bridge(ws: WebSocket): void {
    const unsubscribe = options.events.subscribe((event, payload) => {
      if (ws.readyState === ws.OPEN) ws.send(stringifyWire({ event, payload }));
    });
    ws.on('close', unsubscribe);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return ws.close(1003, 'text only');
      let message: unknown;
      try {
        message = parseWire(data.toString());
      } catch {
        return ws.close(1007, 'malformed message');
      }
      const { id, method, arg } = (message ?? {}) as { id?: unknown; method?: unknown; arg?: unknown };
      if (typeof id !== 'number' || !Number.isSafeInteger(id)) return ws.close(1007, 'message without an id');
      void options.dispatch(method, arg).then((result) => {
        if (ws.readyState === ws.OPEN) ws.send(stringifyWire({ id, result }));
      });
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  hostHeader = `127.0.0.1:${port}`;
  origin = `http://${hostHeader}`;

  return {
    origin,
    url: `${origin}/?token=${token}`,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
