// POST /action is read straight off the socket when the request is plain (src/devnet/http/action-fast-path.ts)
// and by node:http otherwise. A client must not be able to tell which: the same bytes for the same answer,
// every refusal (403, 413, 415, 429, 400) as before, and a connection that turns out to need node:http (a
// route, a pipelined request, a body sent late, Connection: close) served on as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { decodeReceipt } from '../../src/protocol/codec';
import { readFastRequest } from '../../src/devnet/http/action-fast-path';
import { TestWallet, USDC, schema, startExchange, usdc, type TestExchange } from './support/exchange';

let ex: TestExchange;
let alice: TestWallet;
let account: number;
let host: string;

beforeAll(async () => {
  ex = await startExchange();
  alice = new TestWallet(ex);
  await alice.deposit(USDC, usdc(100));
  await alice.createSession();
  account = (await alice.accountIds())[0]!;
  host = new URL(ex.url).host;
});
afterAll(() => ex.close());

const transfer = () =>
  alice.sessionBody({
    type: 'transfer',
    sessionId: alice.session!.id,
    fromAccountId: account,
    tokenId: USDC,
    amount: 1n,
  });

/** A POST /action's bytes: the plain headers a client sends, then any extra header lines, then the body. */
function post(body: Uint8Array, extra: string[] = [], hostHeader = host): Buffer {
  const lines = [
    'POST /action HTTP/1.1',
    `Host: ${hostHeader}`,
    'Content-Type: application/octet-stream',
    `Content-Length: ${body.length}`,
    ...extra,
  ];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

interface Answer {
  status: number;
  /** the head with the Date header's value blanked (it is the second it was written in) */
  head: string;
  headers: Map<string, string>;
  body: Buffer;
}

/** A raw connection: writes bytes as given, reads answers one after another by their Content-Length. */
async function open(exchange = ex): Promise<{
  socket: Socket;
  send(bytes: Buffer): void;
  next(): Promise<Answer>;
  closed: Promise<void>;
  /** every byte received so far, as text */
  received(): string;
}> {
  const url = new URL(exchange.url);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let buffered = Buffer.alloc(0);
  let received = '';
  let waiting: (() => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
    buffered = Buffer.concat([buffered, chunk]);
    waiting?.();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const take = (): Answer | null => {
    const end = buffered.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const head = buffered.toString('latin1', 0, end);
    const headers = new Map(
      head
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 2)]),
    );
    const length = Number(headers.get('content-length') ?? 0);
    if (buffered.length < end + 4 + length) return null;
    const body = buffered.subarray(end + 4, end + 4 + length);
    buffered = buffered.subarray(end + 4 + length);
    return {
      status: Number(head.slice(9, 12)),
      head: head.replace(/\r\nDate: [^\r]*/, '\r\nDate: -'),
      headers,
      body: Buffer.from(body),
    };
  };
  return {
    socket,
    send: (bytes) => socket.write(bytes),
    next: () =>
      new Promise((resolve, reject) => {
        const check = () => {
          const answer = take();
          if (answer) {
            waiting = null;
            resolve(answer);
          }
        };
        waiting = check;
        socket.once('close', () => reject(new Error('closed before an answer')));
        check();
      }),
    closed,
    received: () => received,
  };
}

/** the same request answered on a connection node:http serves (an extra header this path never takes) */
const viaNode = (body: Uint8Array, extra: string[] = []) => post(body, ['X-Probe: node', ...extra]);

describe('POST /action off the socket', () => {
  it('answers with the bytes node:http writes, receipt included', async () => {
    const conn = await open();
    const garbage = Buffer.from([0x05, 1, 2, 3, 4, 5, ...Buffer.alloc(64, 7)]);
    conn.send(post(garbage));
    const fast = await conn.next();
    const other = await open();
    other.send(viaNode(garbage));
    const node = await other.next();
    expect(fast.status).toBe(200);
    expect(fast.head).toBe(node.head);
    expect(fast.body.equals(node.body)).toBe(true);
    expect(decodeReceipt(schema, fast.body).kind).toMatchObject({ type: 'err' });

    conn.send(post(transfer()));
    other.send(viaNode(transfer()));
    const [a, b] = [await conn.next(), await other.next()];
    expect(a.head).toBe(b.head);
    const [ra, rb] = [decodeReceipt(schema, a.body), decodeReceipt(schema, b.body)];
    expect(ra.kind.type).toBe('transferred');
    expect(rb.kind.type).toBe('transferred');
    expect(rb.actionId).toBe(ra.actionId + 1n);
    conn.socket.destroy();
    other.socket.destroy();
  });

  it('refuses what node:http refuses, with the same answer, and serves the connection on', async () => {
    const cases: { name: string; bytes: Buffer; status: number; error: string }[] = [
      {
        name: 'foreign host',
        bytes: post(transfer(), [], 'evil.example:80'),
        status: 403,
        error: 'Forbidden',
      },
      {
        name: 'foreign origin',
        bytes: post(transfer(), ['Origin: http://evil.example']),
        status: 403,
        error: 'Forbidden',
      },
      {
        name: 'media type',
        bytes: Buffer.from(post(transfer()).toString('latin1').replace('octet-stream', 'json'), 'latin1'),
        status: 415,
        error: 'AcceptedMediaType',
      },
      { name: 'too large', bytes: post(Buffer.alloc(1025, 1)), status: 413, error: 'PayloadTooLarge' },
      {
        name: 'bad target',
        bytes: Buffer.from(post(transfer()).toString('latin1').replace('/action', '/%zz'), 'latin1'),
        status: 400,
        error: 'BadRequest',
      },
    ];
    for (const { name, bytes, status, error } of cases) {
      // after a plain action, so that the connection is this path's when the refusal arrives
      const conn = await open();
      conn.send(post(Buffer.alloc(3, 0)));
      expect((await conn.next()).status, name).toBe(200);
      conn.send(bytes);
      const refused = await conn.next();
      expect([refused.status, refused.headers.get('x-error')], name).toEqual([status, error]);
      const reference = await open();
      reference.send(bytes);
      expect(refused.head, name).toBe((await reference.next()).head);
      // and the connection still answers
      conn.send(post(Buffer.alloc(3, 0)));
      expect((await conn.next()).status, name).toBe(200);
      conn.socket.destroy();
      reference.socket.destroy();
    }
  });

  it('answers 429 once the rate limit is reached, the same answer as node:http gives', async () => {
    const limited = await startExchange({
      config: { rateLimits: { action: { perSecond: 1, burst: 20 }, other: { perSecond: 1e6, burst: 1e6 } } },
    });
    const conn = await open(limited);
    let answer: Answer;
    let sent = 0;
    do {
      conn.send(post(Buffer.alloc(3, 0)));
      answer = await conn.next();
      sent += 1;
    } while (answer.status === 200 && sent < 100);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('x-error')).toBe('TooManyRequests');
    expect(answer.headers.get('retry-after')).toBe('1');
    const reference = await open(limited);
    reference.send(viaNode(Buffer.alloc(3, 0)));
    expect((await reference.next()).head).toBe(answer.head);
    conn.socket.destroy();
    reference.socket.destroy();
    // a refused request takes no token: the bucket refills at 1/s and the next action is taken after it
    await new Promise((r) => setTimeout(r, 1100));
    const later = await open(limited);
    later.send(post(Buffer.alloc(3, 0)));
    expect((await later.next()).status).toBe(200);
    later.socket.destroy();
    await limited.close();
  });

  it('answers pipelined requests in order, a route among them, and a body that arrives late', async () => {
    const conn = await open();
    const lastId = Buffer.from(`GET /action/last-executed-id HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 'latin1');
    conn.send(Buffer.concat([post(transfer()), post(transfer()), lastId]));
    const first = decodeReceipt(schema, (await conn.next()).body);
    const second = decodeReceipt(schema, (await conn.next()).body);
    const last = await conn.next();
    expect([first.kind.type, second.kind.type]).toEqual(['transferred', 'transferred']);
    expect(second.actionId).toBe(first.actionId + 1n);
    expect(last.status).toBe(200);
    expect(last.body.toString()).toBe(String(second.actionId));

    // the head now, the body later: node:http reads it, the receipt is the same kind
    const late = await open();
    const bytes = post(transfer());
    const split = bytes.length - 10;
    late.send(bytes.subarray(0, split));
    await new Promise((r) => setTimeout(r, 50));
    late.send(bytes.subarray(split));
    expect(decodeReceipt(schema, (await late.next()).body).kind.type).toBe('transferred');
    conn.socket.destroy();
    late.socket.destroy();
  });

  it('closes after answering a request that asks for it (Connection: close), as node:http does', async () => {
    const conn = await open();
    conn.send(post(transfer(), ['Connection: close']));
    const answer = await conn.next();
    expect(decodeReceipt(schema, answer.body).kind.type).toBe('transferred');
    expect(answer.headers.get('connection')).toBe('close');
    await conn.closed;
  });
});

describe('which requests the fast path reads itself', () => {
  const body = Buffer.alloc(5, 1);
  let plain: Buffer;
  beforeAll(() => {
    plain = post(body);
  });
  it('takes a plain, complete POST /action and says how many bytes it took', () => {
    const read = readFastRequest(Buffer.concat([plain, Buffer.from('GET /')]), 1024);
    expect(read).toMatchObject({
      kind: 'action',
      head: { host, contentType: 'application/octet-stream', bodyLength: body.length },
    });
    expect(read.kind === 'action' && read.body.equals(body)).toBe(true);
    expect(read.kind === 'action' && read.length).toBe(plain.length);
  });

  it('leaves everything else to node:http', () => {
    const text = plain.toString('latin1');
    const variants = [
      text.replace('POST /action HTTP/1.1', 'POST /action?x=1 HTTP/1.1'),
      text.replace('POST /action HTTP/1.1', 'POST /action HTTP/1.0'),
      text.replace('POST', 'post'),
      text.replace('Host:', 'Host :'),
      text.replace('\r\n\r\n', '\r\nTransfer-Encoding: chunked\r\n\r\n'),
      text.replace('\r\n\r\n', '\r\nExpect: 100-continue\r\n\r\n'),
      text.replace('\r\n\r\n', '\r\nContent-Length: 5\r\n\r\n'),
      text.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'),
      text.replace('\r\n\r\n', '\r\nUser-Agent: caf\u00e9\r\n\r\n'),
      text.replace('\r\n\r\n', '\r\n folded\r\n\r\n'),
      text.replace('Content-Length: 5', 'Content-Length: +5'),
      text.replace(/Content-Type: [^\r]*\r\n/, ''),
    ];
    for (const variant of variants)
      expect(readFastRequest(Buffer.from(variant, 'latin1'), 1024).kind, variant).toBe('other');
    expect(readFastRequest(post(Buffer.alloc(1025)), 1024).kind).toBe('other');
    expect(readFastRequest(plain.subarray(0, plain.length - 1), 1024).kind).toBe('incomplete');
    expect(readFastRequest(plain.subarray(0, 20), 1024).kind).toBe('incomplete');
  });

  it('reads a head it has read before as it did, and any other head afresh', () => {
    const first = readFastRequest(plain, 1024);
    if (first.kind !== 'action') throw new Error('the plain request was not taken');
    const again = readFastRequest(Buffer.from(plain), 1024, first.head);
    expect(again.kind === 'action' && again.head).toBe(first.head);
    const longer = post(Buffer.alloc(6, 1));
    expect(readFastRequest(longer, 1024, first.head)).toMatchObject({ head: { bodyLength: 6 } });
    const other = Buffer.from(
      plain.toString('latin1').replace('Content-Type', 'Transfer-Encoding'),
      'latin1',
    );
    expect(readFastRequest(other, 1024, first.head).kind).toBe('other');
  });
});

describe('idle connections on the fast path', () => {
  it('answers 408 to a connection that sends nothing in time, closes an idle keep-alive one', async () => {
    const short = await startExchange({
      connectionLimits: { headersTimeoutMs: 300, keepAliveTimeoutMs: 1000 },
    });
    const silent = await open(short);
    await silent.closed;
    expect(silent.received()).toBe('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    const idle = await open(short);
    idle.send(post(Buffer.alloc(3, 0), [], new URL(short.url).host));
    const answer = await idle.next();
    expect(answer.headers.get('keep-alive')).toBe('timeout=1');
    await idle.closed;
    // closed without another word after the answer
    expect(idle.received().endsWith(answer.body.toString('latin1'))).toBe(true);
    await short.close();
  });
});
