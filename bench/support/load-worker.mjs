// The load generator of bench/devnet-actions.ts, in a worker thread so that its HTTP client does not share
// the event loop (or the CPU profile) of the devnet it measures. Each signer sends its own pre-signed bodies
// one after another on its own keep-alive connection (one signer's nonces must arrive in order), all signers
// at once. `rate` > 0 paces the sends (open loop: a late answer delays the next send, and the latency counts
// from when the send was due, so a stall is never hidden).
//
// The client is a plain socket writing each request's bytes, built before the clock starts, and reading the
// answer's status line and Content-Length: the same HTTP/1.1 requests node:http would send, without its
// client (which cost 230-430 µs of CPU per request, as much as the devnet itself, on the same two cores, and
// its own garbage collections showed in the latencies it measured).
import { parentPort, workerData } from 'node:worker_threads';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

// (plain JS: a worker's entry file cannot be TypeScript under Node 20's tsx loader)
// workerData: url; bodies, per signer its bodies in nonce order; rate, actions per second across all signers
// (0: as fast as the server answers)
const { url, bodies, rate } = workerData;
const target = new URL('/action', url);

/** this thread's CPU time in µs (Linux), so the bench can say what the load generator itself costs */
function threadCpuUs() {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1000;
  } catch {
    return null;
  }
}

function request(body) {
  const head = Buffer.from(
    `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: keep-alive\r\n` +
      `Content-Type: application/octet-stream\r\nContent-Length: ${body.length}\r\n\r\n`,
    'latin1',
  );
  return Buffer.concat([head, body]);
}

const HEADER_END = Buffer.from('\r\n\r\n');
// the devnet names its headers in lower case (server.ts)
const CONTENT_LENGTH = Buffer.from('\r\ncontent-length: ');
const EMPTY = Buffer.alloc(0);

/** One keep-alive connection with one request in flight: send() resolves with the answer's body. */
async function connection() {
  const socket = connect({ host: target.hostname, port: Number(target.port), noDelay: true });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let pending = null;
  let buffered = EMPTY;
  let bodyStart = -1;
  let bodyLength = 0;
  const fail = (error) => {
    if (pending) pending.reject(error);
    pending = null;
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('the devnet closed the connection')));
  socket.on('data', (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    if (bodyStart < 0) {
      const end = buffered.indexOf(HEADER_END);
      if (end < 0) return;
      // read from the bytes: a string of every answer's head, and a regular expression over it, cost this
      // thread more than the rest of its reading
      const status = (buffered[9] - 48) * 100 + (buffered[10] - 48) * 10 + (buffered[11] - 48);
      const at = buffered.indexOf(CONTENT_LENGTH);
      if (status !== 200 || at < 0 || at > end) {
        const head = buffered.toString('latin1', 0, end);
        return fail(new Error(`status ${status}: ${head.split('\r\n')[0]}`));
      }
      let length = 0;
      for (let i = at + CONTENT_LENGTH.length; buffered[i] !== 13; i += 1)
        length = length * 10 + buffered[i] - 48;
      bodyStart = end + HEADER_END.length;
      bodyLength = length;
    }
    if (buffered.length < bodyStart + bodyLength) return;
    // a view of this answer's bytes: each read brings a buffer of its own, so nothing overwrites it
    const answer = buffered.subarray(bodyStart, bodyStart + bodyLength);
    buffered = EMPTY;
    bodyStart = -1;
    const done = pending;
    pending = null;
    done?.resolve(answer);
  });
  return {
    send(bytes) {
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        socket.write(bytes);
      });
    },
    close: () => socket.destroy(),
  };
}

const requests = bodies.map((list) => list.map((body) => request(Buffer.from(body))));
// connected before the clock starts
const connections = await Promise.all(bodies.map(() => connection()));
const latencies = new Float64Array(requests.reduce((n, list) => n + list.length, 0));
let count = 0;
const receipts = [];
const perSignerInterval = rate > 0 ? (1000 * bodies.length) / rate : 0;
const cpuBefore = threadCpuUs();
const start = performance.now();
await Promise.all(
  requests.map(async (list, signer) => {
    const conn = connections[signer];
    // spread the signers' first sends across one interval
    const offset = (perSignerInterval * signer) / bodies.length;
    for (let n = 0; n < list.length; n += 1) {
      const due = start + offset + n * perSignerInterval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const from = rate > 0 ? due : performance.now();
      const receipt = await conn.send(list[n]);
      latencies[count++] = performance.now() - from;
      if (n === list.length - 1) receipts.push(Buffer.from(receipt));
    }
  }),
);
const seconds = (performance.now() - start) / 1000;
const cpuAfter = threadCpuUs();
for (const c of connections) c.close();
parentPort.postMessage({
  seconds,
  latencies: Array.from(latencies),
  lastReceipts: receipts,
  loadCpuUs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
});
