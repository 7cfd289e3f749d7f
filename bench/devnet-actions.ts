// Signed actions per second through POST /action on loopback: transfers between two owned accounts.
// Each of the in-flight workers is its own wallet and session, because one signer's nonces must arrive in
// order. Rows: bodies signed in advance, and signed as they are sent. `npx tsx bench/devnet-actions.ts`
import { startExchange, TestWallet, USDC, usdc } from '../tests/conformance/support/exchange';
import { report, type BenchRow } from './report';

const COUNT = Number(process.env.BENCH_ACTIONS ?? 4000);
const WORKERS = 8;

const ex = await startExchange({
  config: { rateLimits: { action: { perSecond: 1e9, burst: 1e9 }, other: { perSecond: 1e9, burst: 1e9 } } },
});

async function worker(): Promise<() => Buffer> {
  const w = new TestWallet(ex);
  await w.deposit(USDC, usdc(1_000_000));
  await w.createSession({ expiresIn: 86_400 });
  const [from] = await w.accountIds();
  const to = (
    (
      await ex.submit(
        w.sessionBody({
          type: 'transfer',
          sessionId: w.session!.id,
          fromAccountId: from!,
          tokenId: USDC,
          amount: 1n,
        }),
      )
    ).kind as { toUserAccount: number }
  ).toUserAccount;
  return () =>
    w.sessionBody({
      type: 'transfer',
      sessionId: w.session!.id,
      fromAccountId: from!,
      tokenId: USDC,
      amount: 1n,
      toAccountId: to,
    });
}

const signers = await Promise.all(Array.from({ length: WORKERS }, worker));

async function run(name: string, nextBody: (worker: number) => Buffer): Promise<BenchRow> {
  let rejected = 0;
  const perWorker = Math.floor(COUNT / WORKERS);
  const start = process.hrtime.bigint();
  await Promise.all(
    signers.map(async (_s, index) => {
      for (let n = 0; n < perWorker; n += 1)
        if ((await ex.submit(nextBody(index))).kind.type === 'err') rejected += 1;
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (rejected > 0) throw new Error(`${name}: ${rejected} actions were rejected`);
  return { name, operations: perWorker * WORKERS, seconds, perSecond: (perWorker * WORKERS) / seconds };
}

const presigned = signers.map((sign) => Array.from({ length: Math.floor(COUNT / WORKERS) }, sign));
const cursor = signers.map(() => 0);
const rows = [
  await run(`pre-signed transfers, ${WORKERS} signers in flight`, (i) => presigned[i]![cursor[i]!++]!),
];
rows.push(await run(`transfers signed as sent, ${WORKERS} signers in flight`, (i) => signers[i]!()));
report('devnet-actions', rows, { count: COUNT, workers: WORKERS });
await ex.close();
