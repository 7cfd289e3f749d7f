// The devnet's HTTP server: routes requests to the interface's endpoints on loopback.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router, type HttpRequest, type HttpResponse } from './http/router';
import { HttpError, errorResponse } from './http/errors';
import { defaultConfig, SERVICE_VERSION, type DevnetConfig } from './config';
import { engineSeconds, systemClock, type Clock } from './clock';
import type { MarketsInfo } from '../shared/exchange/info';

export interface DevnetOptions {
  host?: string;
  port?: number;
  config?: DevnetConfig;
  clock?: Clock;
}

export interface RunningDevnet {
  baseUrl: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;

function buildRouter(config: DevnetConfig, clock: Clock): Router {
  const info: MarketsInfo = {
    version: SERVICE_VERSION,
    quoteTokenId: config.quoteTokenId,
    markets: config.markets,
    tokens: config.tokens,
  };
  return new Router()
    .get('/live', () => ({ status: 200, json: { status: 'live' } }))
    .get('/info', () => ({ status: 200, json: info }))
    .get('/timestamp', () => ({ status: 200, json: engineSeconds(clock) }));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Keep reading past the limit is pointless; the handler decides the precise 413 for /action.
    if (size > MAX_BODY_BYTES)
      throw new HttpError('PayloadTooLarge', `request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, response: HttpResponse): void {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...response.headers };
  let payload: Buffer | string = '';
  if (response.raw !== undefined) payload = response.raw;
  else if (response.json !== undefined) {
    payload = JSON.stringify(response.json);
    headers['content-type'] ??= 'application/json';
  }
  res.writeHead(response.status, headers);
  res.end(payload);
}

export async function startDevnet(options: DevnetOptions = {}): Promise<RunningDevnet> {
  const config = options.config ?? defaultConfig();
  const clock = options.clock ?? systemClock;
  const router = buildRouter(config, clock);

  const server: Server = createServer((req, res) => {
    void (async () => {
      try {
        const url = new URL(req.url ?? '/', 'http://devnet.invalid');
        const found = router.match(req.method ?? 'GET', url.pathname);
        if (found === null) return send(res, errorResponse('NotFound', `no endpoint at ${url.pathname}`));
        if (found === 'method')
          return send(
            res,
            errorResponse('MethodNotAllowed', `${req.method} is not allowed on ${url.pathname}`),
          );
        const request: HttpRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          params: found.params,
          query: url.searchParams,
          headers: req.headers,
          body: req.method === 'POST' ? await readBody(req) : Buffer.alloc(0),
        };
        send(res, await found.handler(request));
      } catch (error) {
        if (error instanceof HttpError)
          send(res, errorResponse(error.errorName, error.message, error.headers));
        else send(res, errorResponse('InternalError', 'the devnet failed to handle this request'));
      }
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
