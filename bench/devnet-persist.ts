// What one durable commit costs as the devnet's history grows: a devnet with a data folder (the app's
// embedded devnet) is driven to 1k, 10k and 50k actions of mixed history (transfers, market orders that trade
// with the maker, post-only orders cancelled again, time passing), and at each size 30 single-transfer commits
// are timed: execute, then wait until the change is on disk (Devnet.whenDurable, what POST /action waits for).
// Also: the bytes one commit writes, the state's size as a full snapshot (state.json), and the time one takes
// (Devnet.persist, as /state/* asks for one; with the journal, a commit writes one now and then).
// `npx tsx bench/devnet-persist.ts` (BENCH_SIZES=1000,10000 for fewer).
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startExchange, TestWallet, USDC, usdc } from '../tests/conformance/support/exchange';
import { percentile } from './report';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,50000').split(',').map(Number);
const COMMITS = 30;

/** bytes this process has handed to write(2) so far (Linux), the disk traffic the commits cause */
const writtenBytes = (): number =>
  Number(/wchar: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))?.[1] ?? 0);

const dir = mkdtempSync(join(tmpdir(), 'perpetua-persist-'));
const ex = await startExchange({ dataDir: dir });
const devnet = ex.running.devnet;
const engine = devnet.engine;
const wallets: { w: TestWallet; from: number }[] = [];
for (let i = 0; i < 4; i += 1) {
  const w = new TestWallet(ex);
  await w.deposit(USDC, usdc(1_000_000));
  await w.createSession({ expiresIn: 100_000 });
  wallets.push({ w, from: (await w.accountIds())[0]! });
}

let step = 0;
/** One action of the mix; every 20th moves the clock a second (maker quotes, funding). */
function historyAction(): void {
  const { w, from } = wallets[step % wallets.length]!;
  const sessionId = w.session!.id;
  const order = (side: 'BID' | 'ASK', fillMode: 'IMMEDIATE_OR_CANCEL' | 'POST_ONLY', price: bigint) =>
    engine.execute(
      w.sessionBody({
        type: 'placeOrder',
        sessionId,
        marketId: 0,
        side,
        fillMode,
        isReduceOnly: false,
        price,
        size: 100n,
      }),
    );
  switch (step % 4) {
    case 0:
      engine.execute(
        w.sessionBody({
          type: 'transfer',
          sessionId,
          fromAccountId: from,
          tokenId: USDC,
          amount: 1n,
          toAccountId: wallets[(step + 1) % wallets.length]!.from,
        }),
      );
      break;
    case 1:
    case 2:
      order(step % 8 < 4 ? 'BID' : 'ASK', 'IMMEDIATE_OR_CANCEL', 0n);
      break;
    default: {
      const placed = order('BID', 'POST_ONLY', 1_000n);
      const orderId = (placed.kind as { orderId?: bigint }).orderId;
      if (orderId !== undefined)
        engine.execute(w.sessionBody({ type: 'cancelOrderById', sessionId, orderId }));
    }
  }
  step += 1;
  if (step % 20 === 0) ex.advance(1_000);
}

const rows: Record<string, string | number>[] = [];
for (const size of SIZES) {
  // history is built in batches of 100 per commit, as a busy devnet's group commits are
  while (engine.state.nextActionId < BigInt(size)) {
    for (let i = 0; i < 100; i += 1) historyAction();
    await devnet.whenDurable();
  }
  const times: number[] = [];
  const bytesBefore = writtenBytes();
  for (let i = 0; i < COMMITS; i += 1) {
    const { w, from } = wallets[i % wallets.length]!;
    const body = w.sessionBody({
      type: 'transfer',
      sessionId: w.session!.id,
      fromAccountId: from,
      tokenId: USDC,
      amount: 1n,
      toAccountId: wallets[(i + 1) % wallets.length]!.from,
    });
    const t0 = performance.now();
    engine.execute(body);
    await devnet.whenDurable();
    times.push(performance.now() - t0);
  }
  const sorted = [...times].sort((a, b) => a - b);

  const written = (writtenBytes() - bytesBefore) / COMMITS;
  // what a rotation costs, on the one commit it falls on: the journal is not empty, so this is a snapshot
  const t0 = performance.now();
  devnet.persist();
  const snapshotMs = performance.now() - t0;
  rows.push({
    actions: engine.state.nextActionId.toString(),
    'commit p50 ms': percentile(sorted, 0.5).toFixed(2),
    'commit p95 ms': percentile(sorted, 0.95).toFixed(2),
    'written / commit KB': (written / 1024).toFixed(1),
    'state.json MB': (statSync(join(dir, 'state.json')).size / 1e6).toFixed(2),
    'full snapshot ms': snapshotMs.toFixed(0),
  });
  console.table(rows);
}
await ex.close();
rmSync(dir, { recursive: true, force: true });
