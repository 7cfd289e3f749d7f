// A loopback HTTP proxy that can lose things on purpose: it forwards POST /action to the exchange and then,
// depending on its mode, answers normally, drops the connection without the answer, refuses everything, or
// runs a hook (e.g. kill the exchange) after the exchange has answered but before the client hears it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyMode = 'pass' | 'drop-action-response' | 'down';

export interface FaultyProxy {
  url: string;
  mode: ProxyMode;
  /** runs after the exchange answered a POST /action that is then dropped */
  afterForward?: () => Promise<void> | void;
  /** runs before a matching POST is forwarded (e.g. to change the chain under a transaction in flight) */
  beforeForward?: () => Promise<void> | void;
  /** runs after the exchange answered a POST /action that is passed on, before the client hears it */
  beforeAnswer?: () => Promise<void> | void;
  actionsForwarded: number;
  /** the POST whose answers 'drop-action-response' loses: /action unless set (e.g. / for a JSON-RPC) */
  dropPath?: string;
  /** and, when set, only those whose body matches (e.g. /"sendTransaction"/ on a JSON-RPC) */
  dropBody?: RegExp;
  close(): Promise<void>;
}

export async function startFaultyProxy(upstream: () => string): Promise<FaultyProxy> {
  const proxy: FaultyProxy = { url: '', mode: 'pass', actionsForwarded: 0, close: async () => {} };
  const server: Server = createServer((req, res) => {
    if (proxy.mode === 'down') return req.socket.destroy();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const isAction =
          req.method === 'POST' &&
          req.url === (proxy.dropPath ?? '/action') &&
          (proxy.dropBody === undefined || proxy.dropBody.test(Buffer.concat(chunks).toString('utf8')));
        if (isAction) await proxy.beforeForward?.();
        let answer: Response;
        try {
          answer = await fetch(`${upstream()}${req.url}`, {
            method: req.method,
            headers: { 'content-type': req.headers['content-type'] ?? 'application/octet-stream' },
            ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
          });
        } catch {
          return req.socket.destroy();
        }
        const body = Buffer.from(await answer.arrayBuffer());
        if (isAction) proxy.actionsForwarded += 1;
        if (isAction && proxy.mode === 'drop-action-response') {
          await proxy.afterForward?.();
          return req.socket.destroy();
        }
        if (isAction) await proxy.beforeAnswer?.();
        res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
        res.end(body);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
