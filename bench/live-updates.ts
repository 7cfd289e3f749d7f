// Live updates: from the devnet applying an event to the figure changing in the app's page. The devnet, the
// app's core and the browser host run in this process; the page in Chromium. Events take turns: a transfer in
// (another wallet sends to the watched account: its balance in the Accounts table changes), a fill (another
// wallet sells into the account's resting bid: the position's size changes) and a processed withdrawal (the
// devnet's tick pays out a withdrawal the person asked for to their own wallet: its on-chain balance on the
// portfolio changes). A transfer or a fill is timed from the moment the devnet has executed it (a wrapper
// around the engine's submit), a processed withdrawal from the start of the tick that pays it (the whole tick
// counted against it); each to the first change of its figure's text in the page (a MutationObserver), on the
// same wall clock. `npx tsx bench/live-updates.ts` (under scripts/with-keyring.sh the core's secret store is
// the OS keychain).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import bs58 from 'bs58';
import {
  startExchange,
  trader,
  TestWallet,
  USDC,
  usdc,
  placedOrder,
  readBook,
} from '../tests/conformance/support/exchange';
import { PASSPHRASE, startApp } from '../tests/integration/support/app';
import { SigningKey, generateKeypair } from '../src/protocol/keys';
import { percentile, reportGoals } from './report';
import { serveLocked } from './support/locked-app-page';

const EVENTS = Number(process.env.BENCH_LIVE_EVENTS ?? 200);
const P95_GOAL_MS = 50;
const KINDS = ['transfer in', 'fill', 'processed withdrawal'] as const;
const wallClock = () => performance.timeOrigin + performance.now();

const unlimited = { perSecond: 1e9, burst: 1e9 };
// withdrawals due at once: the bench's tick pays them, with no clock moved (which would walk the prices)
const ex = await startExchange({
  config: { rateLimits: { action: unlimited, other: unlimited }, withdrawalDelayMs: 0 },
});
// the devnet's clock at today's time, as the app's embedded devnet runs it (the test exchange's clock starts
// days back; the activity feed's window follows the exchange's clock either way)
ex.clock.advance(Date.now() - ex.clock.nowMs());
// the moment each action was executed by the devnet
let appliedAt = 0;
const engine = ex.running.devnet.engine;
// every action POST /action takes executes through Engine.run (the action queue checks signatures first)
const run = engine.run.bind(engine);
engine.run = (...args) => {
  const receipt = run(...args);
  appliedAt = wallClock();
  return receipt;
};

// the person's wallet: known to the app (imported) and, for its resting orders, to this bench
const seed = generateKeypair().secretSeed;
const mine = new TestWallet(ex);
Object.assign(mine, { key: new SigningKey(seed), address: bs58.encode(new SigningKey(seed).publicKey) });
await mine.deposit(USDC, usdc(100_000));
await mine.createSession({ expiresIn: 86_400 });
const [account] = await mine.accountIds();
const other = await trader(ex, 100_000);

// the book speaks human units (64999.9); orders are signed in the market's scaled integers
const book = await readBook(ex, 0);
if (!book.bids[0] || !book.asks[0]) throw new Error('the market maker has not quoted BTC-PERP yet');
const bid = book.bids[0][0] + 1n;
if (bid >= book.asks[0][0]) throw new Error('no room for a resting bid inside the spread');
await placedOrder(ex, mine, { side: 'BID', fillMode: 'LIMIT', price: bid, size: BigInt(EVENTS) * 10n });

// with the devnet's Solana RPC: the portfolio shows each wallet's on-chain balances
const app = await startApp({ baseUrl: ex.url, rpcUrl: ex.rpcUrl });
await app.ok('lock.setup', { passphrase: PASSPHRASE });
await app.ok('wallets.import', { label: 'Live', secret: bs58.encode(seed), passphrase: PASSPHRASE });
const { host, browser } = await serveLocked(app);

interface Change {
  at: number;
  table: string;
}
type PageChanges = { __changes: Change[] };
const latencies: { kind: string; ms: number }[] = [];
// CPU spent per event, which on a shared machine varies less than the latencies: the page's renderer
// process and this process (the devnet, the app's core and the host)
const cpu = { pageMs: 0, coreMs: 0 };
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript({
    content: readFileSync(join(import.meta.dirname, 'support', 'dom-changes.js'), 'utf8'),
  });
  await page.goto(host.url);
  await page.getByLabel('Passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('table', { name: 'Accounts' }).getByRole('row').nth(1).waitFor();

  // the first fill opens the position, so its row exists before the timed fills
  await placedOrder(ex, other.w, { side: 'ASK', fillMode: 'IMMEDIATE_OR_CANCEL', price: bid, size: 1n });
  await page.getByRole('table', { name: 'Positions' }).getByRole('row').nth(1).waitFor();
  await page.getByRole('group', { name: 'On-chain balances of Live' }).waitFor();
  await new Promise((r) => setTimeout(r, 500));

  // BENCH_PROFILE=<dir>: the page's CPU profile over the timed events (build with PERPETUA_NO_MINIFY=1 for names)
  const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.send('Profiler.start');
  }
  const system = await browser.newBrowserCDPSession();
  // the renderers' CPU time (the operating system's account: not time spent waiting for a core)
  const pageTaskSeconds = async () =>
    (
      (await system.send('SystemInfo.getProcessInfo')) as {
        processInfo: { type: string; cpuTime: number }[];
      }
    ).processInfo
      .filter((p) => p.type === 'renderer')
      .reduce((sum, p) => sum + p.cpuTime, 0);
  const pageBefore = await pageTaskSeconds();
  const coreBefore = process.cpuUsage();
  /** the index of the next change the page records, and a wait for the next change of `table` after it */
  const changesSoFar = () => page.evaluate(() => (globalThis as unknown as PageChanges).__changes.length);
  const nextChange = async (from: number, table: string) =>
    (await (
      await page.waitForFunction(
        ({ from, name }) =>
          (globalThis as unknown as PageChanges).__changes.slice(from).find((c) => c.table === name)?.at ??
          false,
        { from, name: table },
        { timeout: 10_000, polling: 20 },
      )
    ).jsonValue()) as number;
  for (let i = 0; i < EVENTS; i += 1) {
    const kind = KINDS[i % KINDS.length]!;
    const table = kind === 'transfer in' ? 'Accounts' : kind === 'fill' ? 'Positions' : 'On chain';
    let applied: number;
    if (kind === 'transfer in') {
      const seen = await changesSoFar();
      const receipt = await ex.submit(
        other.w.sessionBody({
          type: 'transfer',
          sessionId: other.w.session!.id,
          fromAccountId: other.account,
          tokenId: USDC,
          // a cent: the screen shows quote amounts to the cent, so a smaller transfer changes no figure
          amount: 10_000n,
          toAccountId: account!,
        }),
      );
      if (receipt.kind.type === 'err') throw new Error(`the transfer was refused: ${receipt.kind.error}`);
      applied = appliedAt;
      latencies.push({ kind, ms: (await nextChange(seen, table)) - applied });
    } else if (kind === 'fill') {
      const seen = await changesSoFar();
      await placedOrder(ex, other.w, { side: 'ASK', fillMode: 'IMMEDIATE_OR_CANCEL', price: bid, size: 1n });
      applied = appliedAt;
      latencies.push({ kind, ms: (await nextChange(seen, table)) - applied });
    } else {
      // the request debits the account at once (not timed); its payout, at the next tick, is the event
      const requested = await changesSoFar();
      const receipt = await ex.submit(
        mine.sessionBody({
          type: 'withdraw',
          sessionId: mine.session!.id,
          tokenId: USDC,
          // the fee is 1 USDC: 1.01 pays out a cent, which the on-chain figure shows
          amount: 1_010_000n,
          destPubkey: mine.key.publicKey,
          accountId: account!,
        }),
      );
      if (receipt.kind.type === 'err') throw new Error(`the withdrawal was refused: ${receipt.kind.error}`);
      await nextChange(requested, 'Accounts');
      await new Promise((r) => setTimeout(r, 30));
      const seen = await changesSoFar();
      applied = wallClock();
      ex.running.tick();
      latencies.push({ kind, ms: (await nextChange(seen, table)) - applied });
    }
    // events a person sees arrive apart; back to back they would measure a queue
    await new Promise((r) => setTimeout(r, 30));
  }
  const core = process.cpuUsage(coreBefore);
  cpu.coreMs = (core.user + core.system) / 1000 / EVENTS;
  cpu.pageMs = (((await pageTaskSeconds()) - pageBefore) * 1000) / EVENTS;
  if (profiler) {
    const { profile } = await profiler.send('Profiler.stop');
    mkdirSync(process.env.BENCH_PROFILE!, { recursive: true });
    writeFileSync(join(process.env.BENCH_PROFILE!, `live-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  }
} finally {
  await browser.close();
  await host.close();
  await app.close();
  await ex.close();
}

const all = latencies.map((l) => l.ms);
const p95 = percentile(all, 0.95);
const of = (kind: string) => latencies.filter((l) => l.kind === kind).map((l) => l.ms);
reportGoals(
  'live-updates',
  [
    {
      measure: `event applied to figure changed, ${EVENTS} events (p95)`,
      value: Number(p95.toFixed(1)),
      unit: 'ms',
      goal: `<= ${P95_GOAL_MS}`,
      met: p95 <= P95_GOAL_MS,
    },
    {
      measure: 'the same, p50',
      value: Number(percentile(all, 0.5).toFixed(1)),
      unit: 'ms',
      goal: '-',
      met: true,
    },
    ...KINDS.map((k) => ({
      measure: `of them, ${of(k).length} ${k === 'fill' ? 'fills' : k === 'transfer in' ? 'transfers in' : 'processed withdrawals'} (p95)`,
      value: Number(percentile(of(k), 0.95).toFixed(1)),
      unit: 'ms',
      goal: '-',
      met: true,
    })),
    {
      // a withdrawal's own request (which moves the account's balance, not timed) is counted in its event
      measure: "the page's renderer process, per event",
      value: cpu.pageMs,
      unit: 'ms CPU',
      goal: '-',
      met: true,
    },
    { measure: 'devnet + core + host, per event', value: cpu.coreMs, unit: 'ms CPU', goal: '-', met: true },
  ],
  {
    events: EVENTS,
    load: loadavg()[0],
    byKind: Object.fromEntries(
      KINDS.map((k) => [
        k,
        { p50: percentile(of(k), 0.5), p95: percentile(of(k), 0.95), max: percentile(of(k), 1) },
      ]),
    ),
  },
);
process.exit(0); // the app core's stream client may keep a reconnect timer; the figures are written
