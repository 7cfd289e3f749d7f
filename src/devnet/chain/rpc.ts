// The devnet chain's Solana RPC: the JSON-RPC over HTTP on its own loopback port, and the PubSub
// WebSocket on the next port (Solana's convention). Both answer what standard Solana clients use to send,
// confirm, read and list transactions (@solana/web3.js 1.x, @solana/kit), plus one devnet-only method (the
// token faucet). Bad JSON, bad requests, unknown methods and bad params get the standard JSON-RPC error
// objects, never an exception; both ports cap their connections like the devnet's HTTP port.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopbackCaller, listenCapped, type ConnectionLimits } from './rpc/capped-server';
import { methodContext, type MethodContext, type RpcDeps } from './rpc/context';
import { respond } from './rpc/dispatch';
import { METHODS } from './rpc/methods';
import { PARAMS, parseParams, type Method } from './rpc/params';
import { listenPubSub } from './rpc/pubsub';
import { RPC_ERRORS, RpcError, errorOf, invalid, stringify } from './rpc/wire';

export type { ConnectionLimits } from './rpc/capped-server';

const MAX_BODY_BYTES = 1024 * 1024;

export interface RpcServer {
  url: string;
  port: number;
  /** the PubSub WebSocket, at port + 1 */
  pubsubUrl: string;
  /** sockets open on the HTTP and PubSub ports (for tests and diagnostics) */
  connections(): { http: number; pubsub: number };
  close(): Promise<void>;
}

export class SolanaRpc {
  private readonly ctx: MethodContext;

  constructor(private readonly deps: RpcDeps) {
    this.ctx = methodContext(deps);
  }

  /** Answers one JSON-RPC body (a request or a batch); null when nothing is to be sent back. */
  handle(body: string): string | null {
    return respond(body, (method, params) => this.call(method, params));
  }

  private call(method: string, raw: unknown): unknown {
    if (!Object.hasOwn(PARAMS, method)) throw new RpcError(RPC_ERRORS.METHOD_NOT_FOUND, 'Method not found');
    const parsed = parseParams(PARAMS[method as Method], raw);
    if (!parsed.ok) throw invalid(parsed.message);
    return (METHODS[method as Method] as (ctx: MethodContext, p: unknown) => unknown)(this.ctx, parsed.value);
  }

  /**
   * Listens on port (0: any free one) and on the port after it for PubSub. With port 0 a free pair is
   * looked for: a few tries, since another process may take the second port between the two listens.
   */
  async listen(host: string, port: number, limits: ConnectionLimits): Promise<RpcServer> {
    for (let attempt = 0; ; attempt += 1) {
      const http = await listenCapped(host, port, limits, (req, res) => void this.serve(req, res));
      try {
        const pubsub = await listenPubSub(this.ctx, host, http.port + 1, limits);
        return {
          url: `http://127.0.0.1:${http.port}`,
          port: http.port,
          pubsubUrl: pubsub.url,
          connections: () => ({ http: http.connections(), pubsub: pubsub.connections() }),
          close: async () => {
            await pubsub.close();
            await http.close();
          },
        };
      } catch (error) {
        await http.close();
        if (port !== 0 || attempt >= 10) throw error;
      }
    }
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const reply = (status: number, body: string | null) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(body ?? '');
    };
    const refuse = (status: number, message: string) => {
      req.resume();
      reply(status, stringify(errorOf(null, new RpcError(RPC_ERRORS.INVALID_REQUEST, message))));
    };
    try {
      if (!isLoopbackCaller(req)) return refuse(403, 'Forbidden: loopback callers only');
      if (req.method !== 'POST') return refuse(405, 'Used HTTP Method is not allowed. POST is required');
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) return refuse(413, 'Request too large');
        chunks.push(chunk);
      }
      const answer = this.handle(Buffer.concat(chunks).toString('utf8'));
      await this.deps.durable?.();
      reply(200, answer);
    } catch (error) {
      console.error('solana rpc: unhandled error', error);
      if (!res.headersSent)
        reply(500, stringify(errorOf(null, new RpcError(RPC_ERRORS.INTERNAL, 'Internal error'))));
    }
  }
}
