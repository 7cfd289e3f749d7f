// The exchange client's requests over kept-alive node:http connections, against a real loopback server:
// answers as fetch gives them, a burst of reads on a few connections kept for the next burst, a read sent
// again when the exchange closed its kept connection as it was reused (a write never), timeouts, and close.
import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createKeepAliveFetch, type KeepAliveFetch } from '../../../../src/main/exchange/keep-alive-fetch';

interface TestServer {
  url: string;
  connections: number;
  requests: { method: string; url: string; body: string; contentType: string | undefined }[];
  sockets: Set<Socket>;
  /** called per request; answer with `res` */
  handle: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;
  close(): Promise<void>;
}

const opened: { server?: TestServer; client?: KeepAliveFetch }[] = [];
afterEach(async () => {
  for (const { server, client } of opened.splice(0)) {
    client?.close();
    await server?.close();
  }
});

async function startServer(): Promise<TestServer> {
  const state: TestServer = {
    url: '',
    connections: 0,
    requests: [],
    sockets: new Set(),
    handle: (_req, res, body) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-error', 'None');
      res.end(JSON.stringify({ echo: body }));
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of state.sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      state.requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body,
        contentType: req.headers['content-type'],
      });
      state.handle(req, res, body);
    });
  });
  server.on('connection', (socket) => {
    state.connections += 1;
    state.sockets.add(socket);
    socket.on('close', () => state.sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  opened.push({ server: state });
  return state;
}

function client(): KeepAliveFetch {
  const made = createKeepAliveFetch();
  opened.push({ client: made });
  return made;
}

const text = async (response: { arrayBuffer(): Promise<ArrayBuffer> }) =>
  Buffer.from(await response.arrayBuffer()).toString('utf8');

describe('the keep-alive fetch', () => {
  it('answers as fetch does: status, headers by any case, the body; a POST sends its body and type', async () => {
    const server = await startServer();
    const { fetch } = client();
    const read = await fetch(`${server.url}/account/7?pageSize=2`);
    expect(read.status).toBe(200);
    expect(read.headers.get('Content-Type')).toBe('application/json');
    expect(read.headers.get('x-error')).toBe('None');
    expect(read.headers.get('retry-after')).toBeNull();
    expect(JSON.parse(await text(read))).toEqual({ echo: '' });
    const bytes = new Uint8Array([1, 2, 3, 250]);
    const sent = await fetch(`${server.url}/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(sent.status).toBe(200);
    expect(server.requests.map((r) => [r.method, r.url, r.contentType])).toEqual([
      ['GET', '/account/7?pageSize=2', undefined],
      ['POST', '/action', 'application/octet-stream'],
    ]);
    expect(Buffer.from(server.requests[1]!.body, 'utf8').length).toBeGreaterThan(0);
    server.handle = (_req, res) => {
      res.statusCode = 429;
      res.setHeader('retry-after', '3');
      res.end('null');
    };
    const limited = await fetch(`${server.url}/account/7`);
    expect([limited.status, limited.headers.get('Retry-After'), await text(limited)]).toEqual([
      429,
      '3',
      'null',
    ]);
  });

  it('sends a burst of 30 reads on at most 8 connections, and the next burst on the same ones', async () => {
    const server = await startServer();
    const { fetch } = client();
    const burst = () =>
      Promise.all(Array.from({ length: 30 }, (_, i) => fetch(`${server.url}/account/${i}`).then(text)));
    expect(await burst()).toHaveLength(30);
    expect(server.connections).toBeGreaterThan(0);
    expect(server.connections).toBeLessThanOrEqual(8);
    const after = server.connections;
    await burst();
    expect(server.connections).toBe(after);
    expect(server.requests).toHaveLength(60);
  });

  it('sends a read again on a new connection when the exchange closed the kept one as it was reused; never a write', async () => {
    const server = await startServer();
    const { fetch } = client();
    await fetch(`${server.url}/first`).then(text); // one connection, now kept
    expect(server.connections).toBe(1);
    // the exchange drops the kept connection the moment the next request arrives on it
    let drop = true;
    server.handle = (req, res, body) => {
      if (drop) {
        drop = false;
        req.socket.destroy();
        return;
      }
      res.end(JSON.stringify({ echo: body }));
    };
    const read = await fetch(`${server.url}/again`);
    expect(read.status).toBe(200);
    expect(server.connections).toBe(2);
    // a write that meets the same fails: it may have been acted on, so it is not sent twice
    drop = true;
    await expect(fetch(`${server.url}/action`, { method: 'POST', body: 'x' })).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('gives up at its timeout with the timeout named, and refuses what is not an http address', async () => {
    const server = await startServer();
    const { fetch } = client();
    server.handle = () => {}; // never answers
    await expect(fetch(`${server.url}/slow`, { signal: AbortSignal.timeout(50) })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    await expect(fetch('ftp://127.0.0.1/file')).rejects.toThrow('ftp: is not an http address');
  });

  it('closes its kept connections when the network is left', async () => {
    const server = await startServer();
    const made = client();
    await Promise.all([1, 2, 3].map((i) => made.fetch(`${server.url}/account/${i}`).then(text)));
    expect(server.sockets.size).toBeGreaterThan(0);
    made.close();
    await expect.poll(() => server.sockets.size).toBe(0);
  });
});
