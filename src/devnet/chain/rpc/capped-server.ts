// An HTTP server that cannot be drowned in connections: a cap on open sockets, and deadlines for headers,
// whole requests and idle keep-alives, so that idle or half-open connections are dropped instead of piling
// up until the process runs out of descriptors (the devnet's HTTP port and the host's have the same).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

export interface ConnectionLimits {
  maxConnections: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  checkIntervalMs: number;
}

export interface CappedServer {
  server: Server;
  port: number;
  /** sockets open right now, upgraded ones included */
  connections(): number;
  close(): Promise<void>;
}

export async function listenCapped(
  host: string,
  port: number,
  limits: ConnectionLimits,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<CappedServer> {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    handler,
  );
  server.maxConnections = limits.maxConnections;
  // every socket, upgraded or not, so that close() cannot wait on one the HTTP layer no longer tracks
  const sockets = new Set<Duplex>();
  server.on('connection', (socket: Duplex) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.size,
    close: async () => {
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Only local callers naming a loopback host, and no browser (which sends an Origin): a web page could
 * otherwise reach a loopback port through DNS rebinding. */
export function isLoopbackCaller(req: IncomingMessage): boolean {
  const host = String(req.headers.host ?? '').replace(/:\d+$/, '');
  return ['127.0.0.1', 'localhost', '[::1]'].includes(host) && req.headers.origin === undefined;
}
