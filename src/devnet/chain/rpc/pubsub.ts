// Solana's PubSub WebSocket, on the port after the RPC's (Solana's convention, which @solana/web3.js
// assumes): signature, account, program, slot and logs subscriptions and their unsubscribes, framed as
// JSON-RPC like the HTTP port. A malformed frame is answered with the standard error; a connection that
// ends takes its subscriptions with it; the port has the HTTP port's connection cap and deadlines.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { filterTest } from './accounts';
import { isLoopbackCaller, listenCapped, type ConnectionLimits } from './capped-server';
import type { MethodContext } from './context';
import { respond } from './dispatch';
import { SUBSCRIBE_PARAMS, parseParams, type SubscribeMethod } from './params';
import { Subscriptions, type Kind, type Subscriber } from './subscriptions';
import { RPC_ERRORS, RpcError, errorOf, invalid, stringify } from './wire';

/** Subscribe requests are small; anything larger is refused by closing the connection (1009). */
const MAX_FRAME_BYTES = 64 * 1024;
/** How often the slot clock is read for slot and finalized notifications (a slot is 400 ms). */
const TICK_MS = 100;

export interface PubSubServer {
  url: string;
  port: number;
  connections(): number;
  close(): Promise<void>;
}

export async function listenPubSub(
  ctx: MethodContext,
  host: string,
  port: number,
  limits: ConnectionLimits,
): Promise<PubSubServer> {
  const capped = await listenCapped(host, port, limits, (req, res) => {
    req.resume();
    res.writeHead(isLoopbackCaller(req) ? 400 : 403, { 'content-type': 'application/json' });
    res.end(
      stringify(
        errorOf(
          null,
          new RpcError(
            RPC_ERRORS.INVALID_REQUEST,
            'Invalid request: this port serves Solana PubSub over WebSocket',
          ),
        ),
      ),
    );
  });
  const subscriptions = new Subscriptions(ctx);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  let ticker: NodeJS.Timeout | null = null;
  const clients = new Set<WebSocket>();

  capped.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // after an upgrade Node no longer listens for socket errors; a reset must not become an uncaught one
    socket.on('error', () => socket.destroy());
    if (!isLoopbackCaller(req))
      return socket.end(
        'HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nloopback callers only',
      );
    try {
      wss.handleUpgrade(req, socket, head, (ws) => accept(ws));
    } catch {
      socket.destroy();
    }
  });

  function accept(ws: WebSocket): void {
    clients.add(ws);
    ticker ??= setInterval(() => subscriptions.tick(), TICK_MS);
    const subscriber: Subscriber = {
      send: (text) => {
        if (ws.readyState === ws.OPEN) ws.send(text);
      },
    };
    ws.on('message', (data: RawData, isBinary: boolean) => {
      const after: (() => void)[] = [];
      const text = isBinary ? '' : rawText(data);
      const answer = respond(text, (method, params) => call(subscriber, method, params, after));
      if (answer !== null) subscriber.send(answer);
      for (const then of after) then();
    });
    ws.on('error', () => ws.terminate());
    ws.once('close', () => {
      clients.delete(ws);
      subscriptions.dropOwner(subscriber);
      if (clients.size === 0 && ticker) {
        clearInterval(ticker);
        ticker = null;
      }
    });
  }

  function call(owner: Subscriber, method: string, raw: unknown, after: (() => void)[]): unknown {
    if (!Object.hasOwn(SUBSCRIBE_PARAMS, method))
      throw new RpcError(RPC_ERRORS.METHOD_NOT_FOUND, 'Method not found');
    const parsed = parseParams(SUBSCRIBE_PARAMS[method as SubscribeMethod], raw);
    if (!parsed.ok) throw invalid(parsed.message);
    const p = parsed.value as unknown[];
    if (method.endsWith('Unsubscribe'))
      return subscriptions.remove(owner, method.slice(0, -'Unsubscribe'.length) as Kind, p[0] as number);
    const config = (p[1] ?? {}) as {
      commitment?: 'processed' | 'confirmed' | 'finalized';
      encoding?: string;
      dataSlice?: { offset: number; length: number };
      filters?: Parameters<typeof filterTest>[0];
      enableReceivedNotification?: boolean;
    };
    const spec = (() => {
      switch (method as Exclude<SubscribeMethod, `${string}Unsubscribe`>) {
        case 'signatureSubscribe':
          return {
            kind: 'signature' as const,
            signature: p[0] as string,
            received: config.enableReceivedNotification === true,
          };
        case 'accountSubscribe':
          return {
            kind: 'account' as const,
            address: p[0] as string,
            encoding: config.encoding ?? 'base58',
            slice: config.dataSlice,
          };
        case 'programSubscribe':
          return {
            kind: 'program' as const,
            program: p[0] as string,
            encoding: config.encoding ?? 'base58',
            slice: config.dataSlice,
            filters: filterTest(config.filters),
          };
        case 'slotSubscribe':
          return { kind: 'slot' as const };
        case 'logsSubscribe': {
          const filter = p[0] as 'all' | 'allWithVotes' | { mentions: string[] };
          return { kind: 'logs' as const, mentions: typeof filter === 'string' ? null : filter.mentions[0]! };
        }
      }
    })();
    const { id, then } = subscriptions.add(owner, spec, config);
    after.push(then);
    return id;
  }

  return {
    url: `ws://127.0.0.1:${capped.port}`,
    port: capped.port,
    connections: capped.connections,
    close: async () => {
      if (ticker) clearInterval(ticker);
      subscriptions.close();
      for (const ws of clients) ws.terminate();
      wss.close();
      await capped.close();
    },
  };
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}
