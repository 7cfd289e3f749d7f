// The POST /action fast path reads requests off the socket itself, so the backpressure node:http applies
// is its to keep: a client that pipelines faster than it is answered, or never reads its answers, must
// wait in its own socket buffers, not grow this process's memory.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { serveActionsFirst } from '../../../../src/devnet/http/action-fast-path';
import type { HttpResponse } from '../../../../src/devnet/http/response';

const BODY = Buffer.alloc(200, 7);

function request(host: string): Buffer {
  const head = `POST /action HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${BODY.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), BODY]);
}

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server with only the fast path's answers, and the server side of the one connection it gets. */
async function serve(
  answer: (body: Buffer, reply: (response: HttpResponse) => void) => void | Promise<HttpResponse>,
) {
  server = createServer((_req, res) => res.end());
  serveActionsFirst(server, {
    admit: () => true,
    answer,
    maxBodyBytes: 1024,
    headersTimeoutMs: 10_000,
    keepAliveTimeoutMs: 5_000,
  });
  // after the fast path took node:http's listeners, so that this one sees every connection
  let serverSide: Socket | undefined;
  server.on('connection', (socket: Socket) => {
    serverSide = socket;
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const client = connect(port, '127.0.0.1');
  sockets.push(client);
  await new Promise((resolve) => client.once('connect', resolve));
  while (serverSide === undefined) await new Promise((resolve) => setImmediate(resolve));
  return { client, serverSide, host: `127.0.0.1:${port}` };
}

/** Waits until `read()` has not changed for a while: what the server took in once it stopped taking. */
async function settled(read: () => number): Promise<number> {
  let last = -1;
  for (let still = 0; still < 5;) {
    await new Promise((resolve) => setTimeout(resolve, 40));
    const now = read();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
}

describe('POST /action fast path: backpressure', () => {
  it('reads no further than one request ahead while an answer is pending', async () => {
    const { client, serverSide, host } = await serve(() => new Promise<HttpResponse>(() => undefined));
    const one = request(host);
    const sent = Buffer.concat(Array.from({ length: 20_000 }, () => one)); // ~5 MB pipelined
    client.write(sent);
    const read = await settled(() => serverSide.bytesRead);
    // without backpressure the server reads all 5 MB into memory while the first answer is pending
    expect(read).toBeLessThan(sent.length / 4);
    expect(serverSide.isPaused()).toBe(true);
  });

  it('stops reading a client that does not read its answers, and serves it on when it does', async () => {
    const answer = Buffer.alloc(16 * 1024, 1);
    let answered = 0;
    const { client, serverSide, host } = await serve(async () => {
      answered += 1;
      return { status: 200, headers: { 'content-type': 'application/octet-stream' }, raw: answer };
    });
    client.pause();
    // one whole request at a time, each once the server has read the one before, as a client can pace them;
    // without backpressure the server answers every one into its write buffer (3,000 x 16 kB = 48 MB)
    const one = request(host);
    let sent = 0;
    for (let stalled = 0; sent < 3_000 && stalled < 20;) {
      if (serverSide.bytesRead < sent * one.length) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        stalled += 1;
        continue;
      }
      stalled = 0;
      client.write(one);
      sent += 1;
    }
    await settled(() => answered);
    expect(sent).toBeLessThan(3_000);
    expect(serverSide.writableLength).toBeLessThan(4 * 1024 * 1024);
    // a client that reads again gets an answer to every request it sent, in full
    let received = 0;
    client.on('data', (chunk: Buffer) => (received += chunk.length));
    client.resume();
    await settled(() => received);
    expect(answered).toBe(sent);
    expect(received).toBeGreaterThan(sent * answer.length);
  });

  it('writes answers handed over at once (no promise) for pipelined requests, each once and in order', async () => {
    let n = 0;
    const { client, host } = await serve((_body, reply) => {
      n += 1;
      reply({
        status: 200,
        headers: { 'content-type': 'application/octet-stream' },
        raw: Buffer.from(`#${n};`),
      });
    });
    let received = '';
    client.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const ended = new Promise((resolve) => client.once('end', resolve));
    // 50 requests in one write, then the client's end: every one answered, then the connection ended
    client.end(Buffer.concat(Array.from({ length: 50 }, () => request(host))));
    await ended;
    const bodies = received
      .split('\r\n\r\n')
      .slice(1)
      .map((part) => part.slice(0, part.indexOf(';') + 1));
    expect(bodies).toEqual(Array.from({ length: 50 }, (_, i) => `#${i + 1};`));
  });
});
