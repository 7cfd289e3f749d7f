// Signed actions per second through POST /action on loopback: transfers between two owned accounts, bodies
// signed in advance so the figure is the server's. The devnet runs in this process, the load generator in a
// worker thread (bench/support/load-worker.mjs), each of its SIGNERS a wallet with its own session sending in
// nonce order. Rows: as fast as the server answers, with SIGNERS in flight; then paced at 1,000/s for the
// latency. Beside them, the limit: node:crypto Ed25519 verifies per second on this thread, since every
// action's signature is verified. `npx tsx bench/devnet-actions.ts`; profile the server with
// `npx tsx --cpu-prof --cpu-prof-dir=bench/results/profiles bench/devnet-actions.ts`.
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
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
 * CPU milliseconds this process's main thread (the devnet's) has used, from Linux's per-thread accounting
 * (utime + stime, in 10 ms ticks); null elsewhere. On a shared machine the wall-clock rate moves with
 * everyone else's load; the server's CPU per action hardly does, so it is reported beside it.
 */
function serverThreadCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
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

async function load(perSigner: number, rate: number) {
  const bodies = signers.map((sign) => Array.from({ length: perSigner }, (_, n) => sign(n)));
  const worker = new Worker(new URL('./support/load-worker.mjs', import.meta.url), {
    workerData: { url: ex.url, bodies, rate },
  });
  const cpuBefore = serverThreadCpuMs();
  const result = await new Promise<{ seconds: number; latencies: number[]; lastReceipts: Uint8Array[] }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  const cpuAfter = serverThreadCpuMs();
  await worker.terminate();
  // every signer's last action was accepted, so every one before it was too (nonces in order)
  for (const receipt of result.lastReceipts) {
    const kind = decodeReceipt(schema, Buffer.from(receipt)).kind;
    if (kind.type === 'err') throw new Error(`an action was refused: ${kind.error}`);
  }
  const operations = perSigner * SIGNERS;
  const cpuUsPerAction =
    cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1000) / operations;
  return { ...result, operations, cpuUsPerAction };
}

// the limit: one signature check per action, on the thread that runs the devnet
const key = new SigningKey(generateKeypair().secretSeed);
const message = Buffer.alloc(120, 3);
const signature = key.sign(message);
const verifyCpuBefore = serverThreadCpuMs();
const verify = measure('node:crypto Ed25519 verify', () => verifyEd25519(key.publicKey, message, signature));
const verifyCpuAfter = serverThreadCpuMs();
const verifyCpuUs =
  verifyCpuBefore === null || verifyCpuAfter === null
    ? null
    : ((verifyCpuAfter - verifyCpuBefore) * 1000) / (verify.operations + 100);

await load(200, 0); // warm up
const flat = await load(Math.floor(COUNT / SIGNERS), 0);
const flatRate = flat.operations / flat.seconds;
const paced = await load(Math.floor(PACED_COUNT / SIGNERS), PACED_RATE);
const pacedP99 = percentile(paced.latencies, 0.99);
const verifyRate = verify.perSecond;

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
      measure: 'the limit: Ed25519 verifies/s on the devnet thread',
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
      /** the devnet thread's CPU per action, and what one core fully given to it would serve */
      serverCpuUsPerAction: flat.cpuUsPerAction,
      serverCpuBoundRate: flat.cpuUsPerAction ? 1e6 / flat.cpuUsPerAction : null,
      verifyCpuUs,
      verifyShareOfServerCpu: verifyCpuUs && flat.cpuUsPerAction ? verifyCpuUs / flat.cpuUsPerAction : null,
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
    },
  },
);
if (flat.cpuUsPerAction !== null && verifyCpuUs !== null)
  console.log(
    `devnet thread CPU: ${flat.cpuUsPerAction.toFixed(0)} µs per action (${Math.round(1e6 / flat.cpuUsPerAction)}/s ` +
      `on a core of its own), ${verifyCpuUs.toFixed(0)} µs per verify (${Math.round(1e6 / verifyCpuUs)}/s); load average ` +
      (await import('node:os'))
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' '),
  );
await ex.close();
