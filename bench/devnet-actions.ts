// Signed actions per second through POST /action on loopback: transfers between two owned accounts, bodies
// signed in advance so the figure is the server's. The devnet runs in this process, the load generator in a
// worker thread (bench/support/load-worker.mjs), each of its SIGNERS a wallet with its own session sending in
// nonce order; every answer must be an accepted transfer's receipt. After a warm-up (the same generator thread
// serves every run, so nothing is still being compiled when the clock starts), rows: as fast as the server
// answers, with SIGNERS in flight; then paced at 1,000/s for the latency. Beside them, the limit: node:crypto Ed25519 verifies per second on one thread, since every
// action's signature is verified, one at a time on the devnet's verify thread (devnet/verify-worker.ts;
// one on two cores). On a shared machine
// read the CPU per action (by thread) more than the rates: two cores serve at most 2e6 / (all µs per action).
// `npx tsx bench/devnet-actions.ts`; profile the server with
// `npx tsx --cpu-prof --cpu-prof-dir=bench/results/profiles bench/devnet-actions.ts`.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { PerformanceObserver, monitorEventLoopDelay, type PerformanceEntry } from 'node:perf_hooks';
import { startExchange, TestWallet, USDC, usdc, schema } from '../tests/conformance/support/exchange';
import { decodeReceipt } from '../src/protocol/codec';
import { SigningKey, generateKeypair, verifyEd25519 } from '../src/protocol/keys';
import { measure, percentile, reportGoals } from './report';

const COUNT = Number(process.env.BENCH_ACTIONS ?? 16_000);
const PACED_COUNT = Number(process.env.BENCH_PACED_ACTIONS ?? 5_000);
const SIGNERS = 8;
const THROUGHPUT_GOAL = 5_000;
const PACED_RATE = 1_000;
const P99_GOAL_MS = 10;

/**
 * CPU microseconds this process's main thread (the devnet's) has used, from Linux's per-thread scheduler
 * accounting (nanoseconds); null elsewhere. On a shared machine the wall-clock rate moves with everyone
 * else's load; the server's CPU per action hardly does, so it is reported beside it.
 */
function serverThreadCpuUs(): number | null {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
  } catch {
    return null;
  }
}

/** CPU microseconds of the whole process (every thread: devnet, load generator, GC helpers, thread pool) */
const processCpuUs = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** The devnet thread's garbage collections while a load runs: how many of each kind, their pauses. */
function watchGc() {
  const pauses: { kind: string; ms: number }[] = [];
  const kinds: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak' };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
      pauses.push({ kind: kinds[kind] ?? String(kind), ms: entry.duration });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  return () => {
    observer.disconnect();
    delay.disable();
    const byKind: Record<string, { count: number; totalMs: number; maxMs: number }> = {};
    for (const { kind, ms } of pauses) {
      const k = (byKind[kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
      k.count += 1;
      k.totalMs += ms;
      k.maxMs = Math.max(k.maxMs, ms);
    }
    return {
      gc: byKind,
      eventLoopDelayMs: { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 },
    };
  };
}

const unlimited = { perSecond: 1e9, burst: 1e9 };
const ex = await startExchange({ config: { rateLimits: { action: unlimited, other: unlimited } } });

async function signer(): Promise<(n: number) => Buffer> {
  const w = new TestWallet(ex);
  await w.deposit(USDC, usdc(1_000_000));
  await w.createSession({ expiresIn: 86_400 });
  const [from] = await w.accountIds();
  const transfer = {
    type: 'transfer' as const,
    sessionId: w.session!.id,
    fromAccountId: from!,
    tokenId: USDC,
  };
  const first = await ex.submit(w.sessionBody({ ...transfer, amount: 1n }));
  const to = (first.kind as { toUserAccount: number }).toUserAccount;
  return () => w.sessionBody({ ...transfer, amount: 1n, toAccountId: to });
}
const signers = await Promise.all(Array.from({ length: SIGNERS }, signer));

// one load generator for every run (warm-up, flat, paced), so that its code is compiled in the warm-up
const worker = new Worker(new URL('./support/load-worker.mjs', import.meta.url), {
  // every answer is checked to be an accepted transfer's receipt (a refusal fails the run)
  workerData: {
    url: ex.url,
    acceptedField: schema.receipt.fields.transferred!.id,
    errField: schema.receipt.fields.err!.id,
  },
});

async function load(perSigner: number, rate: number) {
  const bodies = signers.map((sign) => Array.from({ length: perSigner }, (_, n) => sign(n)));
  // the worker builds its requests and opens its connections before the clock and the CPU counters start:
  // they measure the load alone
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage({ bodies, rate });
  });
  const cpuBefore = serverThreadCpuUs();
  const processBefore = processCpuUs();
  const stopWatching = watchGc();
  const result = await new Promise<{
    seconds: number;
    latencies: number[];
    lastReceipts: Uint8Array[];
    loadCpuUs: number | null;
  }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage('go');
  });
  const server = stopWatching();
  const cpuAfter = serverThreadCpuUs();
  const processAfter = processCpuUs();
  // the worker checked every answer from its bytes; the last of each signer is decoded here as well
  for (const receipt of result.lastReceipts) {
    const kind = decodeReceipt(schema, Buffer.from(receipt)).kind;
    if (kind.type === 'err') throw new Error(`an action was refused: ${kind.error}`);
  }
  const operations = perSigner * SIGNERS;
  const perAction = (us: number | null) => (us === null ? null : us / operations);
  const serverCpuUs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  /** µs of CPU per action: the devnet's thread, the load generator's, and the rest of the process */
  const cpuUsPerAction = {
    server: perAction(serverCpuUs),
    loadGenerator: perAction(result.loadCpuUs),
    rest:
      serverCpuUs === null || result.loadCpuUs === null
        ? null
        : perAction(processAfter - processBefore - serverCpuUs - result.loadCpuUs),
    all: (processAfter - processBefore) / operations,
  };
  return { ...result, operations, cpuUsPerAction, server };
}

// the limit: one signature check per action, on the thread that runs the devnet
const key = new SigningKey(generateKeypair().secretSeed);
const message = Buffer.alloc(120, 3);
const signature = key.sign(message);
const verifyCpuBefore = serverThreadCpuUs();
const verify = measure('node:crypto Ed25519 verify', () => verifyEd25519(key.publicKey, message, signature));
const verifyCpuAfter = serverThreadCpuUs();
const verifyCpuUs =
  verifyCpuBefore === null || verifyCpuAfter === null
    ? null
    : (verifyCpuAfter - verifyCpuBefore) / (verify.operations + 100);

await load(800, 0); // warm up: the devnet's and the load generator's code optimized before anything is measured
const flat = await load(Math.floor(COUNT / SIGNERS), 0);
const flatRate = flat.operations / flat.seconds;
const paced = await load(Math.floor(PACED_COUNT / SIGNERS), PACED_RATE);
const pacedP99 = percentile(paced.latencies, 0.99);
const verifyRate = verify.perSecond;
const serverCpu = flat.cpuUsPerAction.server;

reportGoals(
  'devnet-actions',
  [
    {
      measure: `pre-signed transfers, ${SIGNERS} signers in flight`,
      value: Math.round(flatRate),
      unit: 'actions/s',
      goal: `>= ${THROUGHPUT_GOAL}`,
      met: flatRate >= THROUGHPUT_GOAL,
    },
    {
      measure: `latency p99 paced at ${PACED_RATE}/s`,
      value: Number(pacedP99.toFixed(2)),
      unit: 'ms',
      goal: `< ${P99_GOAL_MS}`,
      met: pacedP99 < P99_GOAL_MS,
    },
    {
      measure: 'the limit: Ed25519 verifies/s on one thread',
      value: Math.round(verifyRate),
      unit: 'verifies/s',
      goal: '(limit)',
      met: true,
    },
  ],
  {
    signers: SIGNERS,
    flat: {
      operations: flat.operations,
      seconds: flat.seconds,
      perSecond: flatRate,
      latencyMs: { p50: percentile(flat.latencies, 0.5), p99: percentile(flat.latencies, 0.99) },
      shareOfVerifyLimit: flatRate / verifyRate,
      /** CPU per action by thread; a one-core bound for the devnet's thread and a two-core bound for all */
      cpuUsPerAction: flat.cpuUsPerAction,
      serverCpuBoundRate: serverCpu ? 1e6 / serverCpu : null,
      twoCoreBoundRate: 2e6 / flat.cpuUsPerAction.all,
      verifyCpuUs,
      verifyShareOfServerCpu: verifyCpuUs && serverCpu ? verifyCpuUs / serverCpu : null,
      server: flat.server,
    },
    paced: {
      rate: PACED_RATE,
      operations: paced.operations,
      achieved: paced.operations / paced.seconds,
      latencyMs: {
        p50: percentile(paced.latencies, 0.5),
        p95: percentile(paced.latencies, 0.95),
        p99: pacedP99,
        max: percentile(paced.latencies, 1),
      },
      cpuUsPerAction: paced.cpuUsPerAction,
      /** the devnet thread's collections and event-loop delay while paced: what stalls it on its own */
      server: paced.server,
    },
    loadAverage: loadavg(),
  },
);
const us = (n: number | null) => (n === null ? '?' : n.toFixed(0));
const gcLine = (server: typeof paced.server) =>
  Object.entries(server.gc)
    .map(([kind, g]) => `${g.count} ${kind} (max ${g.maxMs.toFixed(1)} ms)`)
    .join(', ');
console.log(
  `CPU per action, flat: devnet thread ${us(serverCpu)} µs (${serverCpu ? Math.round(1e6 / serverCpu) : '?'}/s ` +
    `on a core of its own), load generator ${us(flat.cpuUsPerAction.loadGenerator)} µs, rest of the process ` +
    `${us(flat.cpuUsPerAction.rest)} µs, all ${us(flat.cpuUsPerAction.all)} µs (${Math.round(2e6 / flat.cpuUsPerAction.all)}/s ` +
    `on two cores); one verify ${us(verifyCpuUs)} µs (${verifyCpuUs ? Math.round(1e6 / verifyCpuUs) : '?'}/s)\n` +
    `devnet thread while paced: ${gcLine(paced.server)}; event-loop delay p99 ` +
    `${paced.server.eventLoopDelayMs.p99.toFixed(1)} ms, max ${paced.server.eventLoopDelayMs.max.toFixed(1)} ms; ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
await worker.terminate();
await ex.close();
