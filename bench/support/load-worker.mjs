// The load generator of bench/devnet-actions.ts, in a worker thread so that its HTTP client does not share
// the event loop (or the CPU profile) of the devnet it measures. Each signer sends its own pre-signed bodies
// one after another on its own keep-alive connection (one signer's nonces must arrive in order), all signers
// at once. `rate` > 0 paces the sends (open loop: a late answer delays the next send, and the latency counts
// from when the send was due, so a stall is never hidden).
//
// The client is a plain socket writing each request's bytes, built before the clock starts, and reading the
// answer's status line and Content-Length: the same HTTP/1.1 requests node:http would send, without its
// client (which cost 230-430 µs of CPU per request, as much as the devnet itself, on the same two cores, and
// its own garbage collections showed in the latencies it measured). Answers are read with `onread` into one
// buffer per connection (no stream, no Buffer per read) and each one is checked: status 200, and a receipt
// that accepted the action (the receipt's kind is the one the bench expects, never `err`); a refusal, an
// error status or a closed connection fails the run. Sends follow answers directly, without a promise per
// request: this thread's CPU is on the same two cores as the devnet's.
import { parentPort, workerData } from 'node:worker_threads';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

// (plain JS: a worker's entry file cannot be TypeScript under Node 20's tsx loader)
// workerData: url; acceptedField, the field number of the Receipt member every answer must carry (an
// accepted transfer's), errField, the number of the refusal member. Then one message per run: bodies, per
// signer its bodies in nonce order; rate, actions per second across all signers (0: as fast as the server
// answers). The same thread serves every run of the bench, so its code is compiled once, in the warm-up.
const { url, acceptedField, errField } = workerData;
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
/** the most one answer (head and receipt) can take here; a receipt of a transfer is well under 100 bytes */
const ANSWER_BYTES = 64 * 1024;

/** A varint at `at` of `bytes` (below 2^53 here): [value, next offset], or null if cut short. */
function varint(bytes, at, end) {
  let value = 0;
  let scale = 1;
  for (let i = at; i < end && i < at + 10; i += 1) {
    value += (bytes[i] & 0x7f) * scale;
    if ((bytes[i] & 0x80) === 0) return [value, i + 1];
    scale *= 128;
  }
  return null;
}

/**
 * Why a length-delimited Receipt (POST /action's answer body) is not an accepted one, or null if it is: its
 * top-level fields walked, it must carry `acceptedField` and not `errField`.
 */
function refusal(bytes, start, end) {
  const prefix = varint(bytes, start, end);
  if (prefix === null || prefix[1] + prefix[0] !== end) return 'the receipt is not length-delimited';
  let at = prefix[1];
  let accepted = false;
  while (at < end) {
    const tag = varint(bytes, at, end);
    if (tag === null) return 'the receipt is cut short';
    at = tag[1];
    const field = Math.floor(tag[0] / 8);
    const wire = tag[0] % 8;
    if (field === errField) return 'the action was refused';
    if (field === acceptedField) accepted = true;
    if (wire === 0) {
      const value = varint(bytes, at, end);
      if (value === null) return 'the receipt is cut short';
      at = value[1];
    } else if (wire === 2) {
      const length = varint(bytes, at, end);
      if (length === null) return 'the receipt is cut short';
      at = length[1] + length[0];
    } else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else return `wire type ${wire} in the receipt`;
  }
  if (at !== end) return 'the receipt is cut short';
  return accepted ? null : 'the receipt is not an accepted transfer';
}

let latencies = new Float64Array(0);
let count = 0;
let receipts = [];
let failed = null;
let running = 0;
let finish = () => {};
const fail = (error) => {
  if (failed) return;
  failed = error;
  finish();
};

/**
 * One signer on one keep-alive connection with one request in flight: `start()` sends its first request,
 * each answer (checked) sends the next, at its due time when paced.
 */
async function signerConnection(requests, offset, interval) {
  // what one answer has brought so far: reads land in `incoming`, a partial answer is kept in `answer`
  const incoming = Buffer.allocUnsafe(ANSWER_BYTES);
  const answer = Buffer.allocUnsafe(ANSWER_BYTES);
  let have = 0;
  let bodyStart = -1;
  let bodyLength = 0;
  let n = 0;
  let from = 0;
  let startMs = 0;
  let socket;

  const send = () => {
    from = interval > 0 ? startMs + offset + n * interval : performance.now();
    socket.write(requests[n]);
  };
  const sendWhenDue = () => {
    const wait = startMs + offset + n * interval - performance.now();
    if (interval > 0 && wait > 0) setTimeout(send, wait);
    else send();
  };
  /** one answer complete in `bytes`[0, end): checked, timed, and the next request on its way */
  const answered = (bytes) => {
    latencies[count++] = performance.now() - from;
    const why = refusal(bytes, bodyStart, bodyStart + bodyLength);
    if (why !== null) return fail(new Error(`request ${n} of a signer: ${why}`));
    n += 1;
    if (n === requests.length) {
      receipts.push(Buffer.from(bytes.subarray(bodyStart, bodyStart + bodyLength)));
      running -= 1;
      if (running === 0) finish();
      return;
    }
    sendWhenDue();
  };
  const onRead = (nread, buffer) => {
    if (failed) return false;
    if (n >= requests.length) return fail(new Error('an answer nobody asked for'));
    // a read that is the whole answer is read where it landed; only a partial one is copied
    let bytes = buffer;
    let end = nread;
    if (have > 0) {
      if (have + nread > ANSWER_BYTES) return fail(new Error('an answer longer than expected'));
      buffer.copy(answer, have, 0, nread);
      have += nread;
      bytes = answer;
      end = have;
    }
    const keep = () => {
      if (bytes !== answer) {
        buffer.copy(answer, 0, 0, nread);
        have = nread;
      }
      return true;
    };
    if (bodyStart < 0) {
      const headEnd = bytes.indexOf(HEADER_END);
      if (headEnd < 0 || headEnd + HEADER_END.length > end) return keep();
      // read from the bytes: a string of every answer's head, and a regular expression over it, cost this
      // thread more than the rest of its reading
      const status = (bytes[9] - 48) * 100 + (bytes[10] - 48) * 10 + (bytes[11] - 48);
      const at = bytes.indexOf(CONTENT_LENGTH);
      if (status !== 200 || at < 0 || at > headEnd) {
        const head = bytes.toString('latin1', 0, headEnd);
        return fail(new Error(`status ${status}: ${head.split('\r\n')[0]}`));
      }
      let length = 0;
      for (let i = at + CONTENT_LENGTH.length; bytes[i] !== 13; i += 1) length = length * 10 + bytes[i] - 48;
      bodyStart = headEnd + HEADER_END.length;
      bodyLength = length;
    }
    if (end < bodyStart + bodyLength) return keep();
    if (end > bodyStart + bodyLength)
      return fail(new Error('bytes after the answer, before the next request'));
    have = 0;
    answered(bytes);
    bodyStart = -1;
    return true;
  };

  socket = connect({
    host: target.hostname,
    port: Number(target.port),
    noDelay: true,
    onread: { buffer: incoming, callback: onRead },
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', fail);
  socket.on('close', () => {
    if (n < requests.length) fail(new Error('the devnet closed the connection'));
  });
  return {
    start(at) {
      startMs = at;
      sendWhenDue();
    },
    close: () => socket.destroy(),
  };
}

/** One run: connects, says ready, starts on go, answers with its figures (or fails the bench). */
async function run({ bodies, rate }) {
  const requests = bodies.map((list) => list.map((body) => request(Buffer.from(body))));
  latencies = new Float64Array(requests.reduce((n, list) => n + list.length, 0));
  count = 0;
  receipts = [];
  const perSignerInterval = rate > 0 ? (1000 * bodies.length) / rate : 0;
  // connected before the clock starts; the signers' first sends spread across one interval
  const connections = await Promise.all(
    requests.map((list, signer) =>
      signerConnection(list, (perSignerInterval * signer) / bodies.length, perSignerInterval),
    ),
  );
  running = connections.length;
  const done = new Promise((resolve) => (finish = resolve));
  // ready: the bench starts its CPU counters, then says go
  parentPort.postMessage('ready');
  await new Promise((resolve) => parentPort.once('message', resolve));
  const cpuBefore = threadCpuUs();
  const start = performance.now();
  for (const connection of connections) connection.start(start);
  await done;
  const seconds = (performance.now() - start) / 1000;
  const cpuAfter = threadCpuUs();
  for (const c of connections) c.close();
  if (failed) throw failed;
  parentPort.postMessage({
    seconds,
    latencies: Array.from(latencies.subarray(0, count)),
    lastReceipts: receipts,
    loadCpuUs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  });
}

// runs one after another: the next run's message arrives once the bench has this one's figures
const runs = [];
let next = null;
parentPort.on('message', (message) => {
  if (message === 'go') return;
  runs.push(message);
  next?.();
});
for (;;) {
  if (runs.length === 0) await new Promise((resolve) => (next = resolve));
  next = null;
  await run(runs.shift());
}
