// Order placement throughput and GET /account/{id} read latency under load, on loopback against a real
// devnet. Orders are small IOC orders alternating sides against the built-in market maker (so every one
// matches and positions stay near flat) and resting LIMIT orders away from the touch. Each in-flight worker
// is its own wallet and session, because one signer's nonces must arrive in order.
// `npx tsx bench/orders.ts` (BENCH_ORDERS=n to change the count)
import { readBook, startExchange, TestWallet, USDC, usdc } from '../tests/conformance/support/exchange';
import { report, type BenchRow } from './report';
import type { ActionKind } from '../src/protocol/types';

const COUNT = Number(process.env.BENCH_ORDERS ?? 4000);
const WORKERS = 8;
const READERS = 4;
const unlimited = { perSecond: 1e9, burst: 1e9 };
const ex = await startExchange({ config: { rateLimits: { action: unlimited, other: unlimited } } });

type Order = Extract<ActionKind, { type: 'placeOrder' }>;
interface Worker {
  account: number;
  sign(n: number, mode: 'ioc' | 'limit'): Buffer;
}

async function worker(): Promise<Worker> {
  const w = new TestWallet(ex);
  await w.deposit(USDC, usdc(1_000_000));
  await w.createSession({ expiresIn: 86_400 });
  const [account] = await w.accountIds();
  // the book's prices are human-unit decimals on the wire; readBook scales them by the market's priceDecimals
  const bestBid = (await readBook(ex, 0)).bids[0]![0];
  return {
    account: account!,
    sign: (n, mode) =>
      w.sessionBody({
        type: 'placeOrder',
        sessionId: w.session!.id,
        marketId: 0,
        side: n % 2 === 0 ? 'BID' : 'ASK',
        fillMode: mode === 'ioc' ? 'IMMEDIATE_OR_CANCEL' : 'LIMIT',
        isReduceOnly: false,
        // resting orders sit well away from the touch on both sides, so they never match
        price: mode === 'ioc' ? 0n : n % 2 === 0 ? bestBid / 2n : bestBid * 2n,
        size: 1n,
      } satisfies Order),
  };
}

const workers = await Promise.all(Array.from({ length: WORKERS }, worker));
const perWorker = Math.floor(COUNT / WORKERS);

async function place(name: string, mode: 'ioc' | 'limit'): Promise<BenchRow> {
  const bodies = workers.map((w) => Array.from({ length: perWorker }, (_, n) => w.sign(n, mode)));
  let rejected = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    bodies.map(async (list) => {
      for (const body of list) if ((await ex.submit(body)).kind.type === 'err') rejected += 1;
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (rejected > 0) throw new Error(`${name}: ${rejected} orders were rejected`);
  return { name, operations: perWorker * WORKERS, seconds, perSecond: (perWorker * WORKERS) / seconds };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/** GET /account/{id} latencies from READERS loops while `during` runs (or for a fixed count when idle). */
async function readLatency(during: Promise<unknown> | null): Promise<number[]> {
  const samples: number[] = [];
  let done = false;
  void during?.then(() => (done = true));
  await Promise.all(
    Array.from({ length: READERS }, async (_, r) => {
      const id = workers[r % workers.length]!.account;
      for (let n = 0; during ? !done : n < 500; n += 1) {
        const start = process.hrtime.bigint();
        const res = await fetch(`${ex.url}/account/${id}`);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`GET /account answered ${res.status}`);
        samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    }),
  );
  return samples.sort((a, b) => a - b);
}

const rows: BenchRow[] = [];
rows.push(await place(`IOC orders matched, ${WORKERS} signers in flight`, 'ioc'));
rows.push(await place(`LIMIT orders resting, ${WORKERS} signers in flight`, 'limit'));

const idle = await readLatency(null);
let underLoadRow: BenchRow | undefined;
const load = place(`IOC orders matched while ${READERS} readers poll`, 'ioc').then(
  (row) => (underLoadRow = row),
);
const loaded = await readLatency(load);
rows.push(underLoadRow!);

const latency = [
  { load: 'idle', ...summary(idle) },
  { load: `${WORKERS} order writers`, ...summary(loaded) },
];
function summary(samples: number[]) {
  return {
    requests: samples.length,
    'p50 ms': percentile(samples, 0.5).toFixed(2),
    'p95 ms': percentile(samples, 0.95).toFixed(2),
    'p99 ms': percentile(samples, 0.99).toFixed(2),
    'max ms': samples[samples.length - 1]!.toFixed(2),
  };
}
report('orders', rows, { count: COUNT, workers: WORKERS, readers: READERS, accountReadLatency: latency });
console.log('\nGET /account/{id} latency');
console.table(latency);
await ex.close();
