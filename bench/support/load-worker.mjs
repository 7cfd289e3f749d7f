// The load generator of bench/devnet-actions.ts, in a worker thread so that its HTTP client does not share
// the event loop (or the CPU profile) of the devnet it measures. Each signer sends its own pre-signed bodies
// one after another on its own keep-alive connection (one signer's nonces must arrive in order), all signers
// at once. `rate` > 0 paces the sends (open loop: a late answer delays the next send, and the latency counts
// from when the send was due, so a stall is never hidden).
import { parentPort, workerData } from 'node:worker_threads';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

// (plain JS: a worker's entry file cannot be TypeScript under Node 20's tsx loader)
// workerData: url; bodies, per signer its bodies in nonce order; rate, actions per second across all signers
// (0: as fast as the server answers)
const { url, bodies, rate } = workerData;
const target = new URL('/action', url);

function post(agent, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/octet-stream', 'content-length': body.length },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`status ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const latencies = [];
const receipts = [];
const perSignerInterval = rate > 0 ? (1000 * bodies.length) / rate : 0;
const start = performance.now();
await Promise.all(
  bodies.map(async (list, signer) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // spread the signers' first sends across one interval
    const offset = (perSignerInterval * signer) / bodies.length;
    for (let n = 0; n < list.length; n += 1) {
      const due = start + offset + n * perSignerInterval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const from = rate > 0 ? due : performance.now();
      const receipt = await post(agent, list[n]);
      latencies.push(performance.now() - from);
      if (n === list.length - 1) receipts.push(receipt);
    }
    agent.destroy();
  }),
);
const seconds = (performance.now() - start) / 1000;
parentPort.postMessage({ seconds, latencies, lastReceipts: receipts });
