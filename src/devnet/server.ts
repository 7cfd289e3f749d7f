// The devnet's HTTP and WebSocket server on loopback: rate limits, the route table (POST /action's fast path
// in front of it answers from the same definition, service/action-routes.ts), and stream subscriptions.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { Router } from './http/router';
import { responseParts, type HttpResponse } from './http/response';
import { serveActionsFirst } from './http/action-fast-path';
import { rulesOf } from './http/contract';
import { HttpError, errorResponse, failureResponse, headerSafe } from './http/errors';
import { RateLimiter } from './http/rate-limit';
import { defaultConfig, type DevnetConfig } from './config';
import { systemClock, type Clock } from './clock';
import { loadSchema, readBundledProto } from '../protocol/schema';
import { MAX_ACTION_BODY_BYTES } from '../protocol/framing';
import { createSnapshotStore } from './persistence';
import { Devnet } from './devnet';
import { ActionQueue } from './engine/action-queue';
import { verifyActionUsing } from '../protocol/signing';
import { startVerifyWorker } from './verify-worker';
import { buildRoutes } from './routes';
import { actionEndpoint } from './service/action-routes';
import type { Route } from './http/route';
import { openapiDocument } from './openapi';
import { seedDemo } from './demo';
import { loadDemoScenario } from '../support/demo-scenario';
import { SolanaRpc } from './chain/rpc';
import { foreignRequest } from './http/origin-guard';
import { parseTarget, type RequestTarget } from '../shared/request-target';

export interface DevnetOptions {
  host?: string;
  port?: number;
  config?: Partial<DevnetConfig>;
  clock?: Clock;
  /** folder for snapshots; in memory when absent */
  dataDir?: string;
  /** how often due deposits and withdrawals are processed; 0 turns the timer off (tests call tick()) */
  tickMs?: number;
  /** the Solana JSON-RPC's port (0: any free one) */
  rpcPort?: number;
  /** seed the demo scenario (resources/demo/scenario.json) into a fresh devnet */
  demo?: boolean;
  /**
   * A route reading a query parameter or answering a status it does not declare (so /openapi.json would
   * not describe it) fails with InternalError instead of being served. Default: on unless NODE_ENV is
   * production.
   */
  strictContract?: boolean;
  /** DEVNET_CONNECTION_LIMITS, some replaced (tests of the timeouts use short ones) */
  connectionLimits?: Partial<typeof DEVNET_CONNECTION_LIMITS>;
}

export interface RunningDevnet {
  baseUrl: string;
  port: number;
  /** the settlement chain's Solana JSON-RPC */
  rpcUrl: string;
  /** its PubSub WebSocket (the RPC's port + 1) */
  pubsubUrl: string;
  /** sockets open on the RPC's HTTP and PubSub ports (for tests of the connection caps) */
  rpcConnections(): { http: number; pubsub: number };
  devnet: Devnet;
  /** process what is due now (for tests driving a manual clock) */
  tick(): void;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;

/** `/action` as parseTarget reads it */
const ACTION_TARGET: RequestTarget = Object.freeze({
  pathname: '/action',
  searchParams: new URLSearchParams(),
});

/**
 * Open sockets and how long a client may take to send its headers: idle or half-open connections are
 * dropped instead of piling up until the process runs out of descriptors.
 */
export const DEVNET_CONNECTION_LIMITS = {
  maxConnections: 512,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
};

/** Refusals decided before routing (foreign Host/Origin, unreadable target), as every other named error. */
function refusal(status: 400 | 403, message: string): HttpResponse {
  return errorResponse(status === 403 ? 'Forbidden' : 'BadRequest', message);
}

// Plain 'data'/'end' listeners: the stream's async iterator costs more than the small bodies it reads
// (it showed in POST /action's profile).
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        req.resume();
        reject(
          new HttpError('PayloadTooLarge', `request body over ${MAX_BODY_BYTES} bytes`, undefined, {
            limit: MAX_BODY_BYTES,
          }),
        );
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

function send(res: ServerResponse, response: HttpResponse): void {
  const { headers, payload } = responseParts(response);
  res.writeHead(response.status, headers);
  res.end(payload);
}

export async function startDevnet(options: DevnetOptions = {}): Promise<RunningDevnet> {
  const config = defaultConfig(options.config);
  const limits = { ...DEVNET_CONNECTION_LIMITS, ...options.connectionLimits };
  const clock = options.clock ?? systemClock;
  const protoText = readBundledProto();
  const store = createSnapshotStore(options.dataDir);
  const schema = loadSchema(protoText);
  const devnet = new Devnet({
    config,
    clock,
    schema,
    store,
    durable: options.dataDir !== undefined,
  });
  if (options.demo) seedDemo(devnet, loadDemoScenario(), schema, config);
  const limiter = new RateLimiter(config.rateLimits);
  // signatures checked off the event loop (on worker threads fed through shared memory, or the thread pool
  // for what does not fit them: devnet/verify-worker.ts), actions executed in arrival order
  // (engine/action-queue.ts)
  const verifier = startVerifyWorker();
  const actions = new ActionQueue(
    devnet.engine,
    verifyActionUsing((publicKey, message, signature) => verifier.verify(publicKey, message, signature)),
  );
  const action = actionEndpoint({
    submitTo: actions.submitTo.bind(actions),
    isDurable: devnet.isDurable.bind(devnet),
    whenDurable: devnet.whenDurable.bind(devnet),
  });

  let routes: Route[] = [];
  routes = [
    ...buildRoutes({
      devnet,
      config,
      store,
      protoText,
      action,
      openapi: () => openapiDocument(routes, 'Perpetua devnet exchange', () => true),
    }),
  ];
  const router = new Router({ strict: options.strictContract ?? process.env.NODE_ENV !== 'production' });
  for (const route of routes)
    router.add(route.method, route.path, route.handler, rulesOf(route.method, route), route.refuseBeforeBody);

  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    (req, res) => {
      void (async () => {
        try {
          const foreign = foreignRequest(req.headers);
          if (foreign !== null) {
            req.resume();
            return send(res, refusal(403, foreign));
          }
          // the one target every signed action arrives at needs no URL parser (it showed per action)
          const url = req.url === '/action' ? ACTION_TARGET : parseTarget(req.url);
          if (url === null) {
            req.resume();
            return send(res, refusal(400, 'the request target is not a valid path'));
          }
          const isAction = req.method === 'POST' && url.pathname === '/action';
          const wait = limiter.take(req.socket.remoteAddress ?? '?', isAction ? 'action' : 'other');
          if (wait > 0) {
            req.resume();
            return send(
              res,
              errorResponse('TooManyRequests', `rate limit reached; retry in ${wait} s`, {
                'retry-after': String(wait),
              }),
            );
          }
          const found = router.match(req.method ?? 'GET', url.pathname);
          if (found === null) return send(res, errorResponse('NotFound', `no endpoint at ${url.pathname}`));
          if (found === 'method')
            return send(
              res,
              errorResponse('MethodNotAllowed', `${req.method} is not allowed on ${url.pathname}`),
            );
          const refused = found.route.refuseBeforeBody?.(req.headers) ?? null;
          if (refused !== null) req.resume();
          const answer =
            refused ??
            (await router.run(found, {
              method: req.method ?? 'GET',
              path: url.pathname,
              search: url.searchParams,
              headers: req.headers,
              body: req.method === 'POST' ? await readBody(req) : Buffer.alloc(0),
            }));
          // what a POST changed is on disk before it is answered (see Devnet.whenDurable)
          if (req.method !== 'GET' && req.method !== 'HEAD') await devnet.whenDurable();
          send(res, answer);
        } catch (error) {
          try {
            if (res.headersSent) res.destroy();
            else send(res, failureResponse(error));
          } catch {
            res.destroy();
          }
        }
      })();
    },
  );
  // signed actions are read straight off the socket; every other request (and every refusal) by node:http
  serveActionsFirst(server, {
    admit: ({ host, contentType, client }) =>
      foreignRequest({ host }) === null &&
      action.accepts(contentType) &&
      // last, so that it runs once for each request answered here (a refusal takes nothing from the bucket,
      // so node:http taking again answers the same wait)
      limiter.take(client, 'action') === 0,
    answer: action.answerTo,
    maxBodyBytes: MAX_ACTION_BODY_BYTES,
    headersTimeoutMs: limits.headersTimeoutMs,
    keepAliveTimeoutMs: limits.keepAliveTimeoutMs,
  });
  server.maxConnections = limits.maxConnections;
  // every socket, upgraded or not, so that close() cannot wait on one the HTTP layer no longer tracks
  const sockets = new Set<Duplex>();
  server.on('connection', (socket: Duplex) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    // after an upgrade Node no longer listens for socket errors; a reset must not become an uncaught one
    socket.on('error', () => socket.destroy());
    const refuse = (status: number, error: string, message: string) =>
      socket.end(
        `HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : status === 403 ? 'Forbidden' : 'Bad Request'}\r\ncontent-type: application/json\r\nx-error: ${error}\r\nx-error-message: ${headerSafe(message)}\r\nconnection: close\r\n\r\nnull`,
      );
    const foreign = foreignRequest(req.headers);
    if (foreign !== null) return refuse(403, 'Forbidden', foreign);
    const url = parseTarget(req.url);
    if (url === null) return refuse(400, 'BadRequest', 'the request target is not a valid path');
    if (!url.pathname.startsWith('/ws/'))
      return refuse(404, 'NotFound', 'streams are served at /ws/{streams}');
    let spec: string;
    try {
      spec = decodeURIComponent(url.pathname.slice(4));
    } catch {
      return refuse(400, 'BadRequest', 'the stream list is not valid percent-encoding');
    }
    const parsed = devnet.hub.parse(spec);
    if ('error' in parsed)
      return refuse(parsed.status, parsed.status === 404 ? 'UserNotFound' : 'BadRequest', parsed.error);
    try {
      wss.handleUpgrade(req, socket, head, (ws) => devnet.hub.subscribe(ws, parsed.streams));
    } catch {
      socket.destroy();
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const rpc = await new SolanaRpc({
    chain: devnet.chain,
    bridge: devnet.bridge,
    changed: () => devnet.schedulePersist(),
    // a transaction is answered once it is on disk, as a POST to the exchange is: a SIGKILL cannot undo it
    durable: () => devnet.whenDurable(),
  }).listen(options.host ?? '127.0.0.1', options.rpcPort ?? 0, limits);
  const tickMs = options.tickMs ?? 100;
  const ticker = tickMs > 0 ? setInterval(() => devnet.tick(), tickMs) : null;
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    rpcUrl: rpc.url,
    pubsubUrl: rpc.pubsubUrl,
    rpcConnections: rpc.connections,
    devnet,
    tick: () => devnet.tick(),
    close: async () => {
      if (ticker) clearInterval(ticker);
      await actions.close();
      await verifier.close();
      await rpc.close();
      devnet.close();
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
