// How soon a session made elsewhere is on screen, and what watching for one costs while idle. The whole core
// against a devnet on loopback, unlocked, with 1, 5 and 30 wallets: "another device" signs CreateSession with
// a wallet's key and posts it to the exchange directly, at a random moment against the watch's round; the
// time runs from just before it signs until main has emitted sessionsChanged naming the session and the
// sessions list (what the window reads on that event) shows it. Idle, only the watch reads GET /user: its
// reads a minute are counted at the app's fetch, and with five wallets the longest gap between two reads of
// one wallet. `scripts/with-keyring.sh npx tsx bench/unknown-sessions.ts`; BENCH_STRANGER_SAMPLES and
// BENCH_IDLE_SECONDS shorten it.
import bs58 from 'bs58';
import { startDevnet } from '../src/devnet/server';
import { SigningKey, generateKeypair } from '../src/protocol/keys';
import { walletPeriodMs } from '../src/main/sessions/stranger-watch';
import type { EventOf } from '../src/shared/ipc/events';
import { PASSPHRASE, startApp } from '../tests/integration/support/app';
import { sessionFromElsewhere } from '../tests/integration/support/elsewhere';
import { percentile, reportGoals, type GoalRow } from './report';

const SAMPLES = Number(process.env.BENCH_STRANGER_SAMPLES ?? 20);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const ON_SCREEN_GOAL_MS = 5_000;
const USDC = 0;

const devnet = await startDevnet({ config: { depositDelayMs: 0 } });
/** every GET /user/{key} the app made: the wallet's key and when */
const reads: { key: string; at: number }[] = [];
const app = await startApp(
  { baseUrl: devnet.baseUrl, rpcUrl: devnet.rpcUrl },
  {
    watchStrangers: true,
    fetchImpl: (url, init) => {
      const user = /\/user\/([^/]+)$/.exec(new URL(url).pathname);
      if (user) reads.push({ key: user[1]!, at: performance.now() });
      return fetch(url, init);
    },
  },
);
const heard: { at: number; payload: EventOf<'sessionsChanged'> }[] = [];
app.core.events.subscribe((name, payload) => {
  if (name === 'sessionsChanged')
    heard.push({ at: performance.now(), payload: payload as EventOf<'sessionsChanged'> });
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** wallets in the app, with their keys; the first five funded, so the exchange knows them */
const wallets: SigningKey[] = [];
async function addWallets(count: number, funded: boolean): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const seed = generateKeypair().secretSeed;
    const key = new SigningKey(seed);
    const { walletId } = await app.ok('wallets.import', {
      label: `Bench ${wallets.length + 1}`,
      secret: bs58.encode(seed),
      passphrase: PASSPHRASE,
    });
    wallets.push(key);
    if (!funded) continue;
    await app.ok('funds.faucet', { walletId, tokenId: USDC, amount: 1_000_000n });
    await app.ok('funds.deposit', { walletId, tokenId: USDC, amount: 1_000_000n });
  }
  devnet.tick();
}

/** GET /user reads a minute over an idle window, and the longest gap between two reads of one wallet */
async function idle(): Promise<{ perMinute: number; longestGapMs: number }> {
  const from = performance.now();
  const first = reads.length;
  await sleep(IDLE_SECONDS * 1000);
  const window = reads.slice(first);
  const gaps = wallets.map((w) => {
    const times = window.filter((r) => r.key === bs58.encode(w.publicKey)).map((r) => r.at);
    return Math.max(...times.slice(1).map((t, i) => t - times[i]!), 0);
  });
  return {
    perMinute: (window.length / (performance.now() - from)) * 60_000,
    longestGapMs: Math.max(...gaps),
  };
}

/** ms from just before another device signs until the session is in the list main answers */
async function onScreen(samples: number): Promise<number[]> {
  const times: number[] = [];
  const schema = await app.core.connection!.schema();
  for (let i = 0; i < samples; i += 1) {
    // a random moment against the watch's round
    await sleep(Math.random() * walletPeriodMs(wallets.length));
    const wallet = wallets[i % Math.min(5, wallets.length)]!;
    const start = performance.now();
    const engineNow = BigInt((await fetch(`${devnet.baseUrl}/timestamp`).then((r) => r.json())) as number);
    const sessionId = await sessionFromElsewhere({
      baseUrl: devnet.baseUrl,
      schema,
      wallet,
      nowSeconds: engineNow,
    });
    for (;;) {
      if (heard.some((e) => e.at >= start && e.payload.strangers.some((s) => s.sessionId === sessionId)))
        break;
      if (performance.now() - start > 120_000) throw new Error(`session #${sessionId} was never told of`);
      await sleep(5);
    }
    const listed = await app.ok('sessions.list');
    if (!listed.some((s) => s.sessionId === sessionId && !s.createdHere && s.noticed))
      throw new Error(`session #${sessionId} is not listed as made elsewhere`);
    times.push(performance.now() - start);
  }
  return times;
}

const rows: GoalRow[] = [];
const figures: Record<string, unknown> = {};
try {
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  for (const [size, add, funded] of [
    [1, 1, true],
    [5, 4, true],
    [30, 25, false],
  ] as const) {
    await addWallets(add, funded);
    const cost = await idle();
    // the watch's own share of the idle budget (60 a minute with 30 wallets, the whole app)
    const budget = Math.ceil((60_000 / walletPeriodMs(size)) * size);
    rows.push({
      measure: `${size} wallet${size === 1 ? '' : 's'}: GET /user reads a minute, idle`,
      value: cost.perMinute,
      unit: '/min',
      goal: `<= ${budget}`,
      met: cost.perMinute <= budget * 1.05,
    });
    figures[`wallets${size}`] = { ...cost, periodMs: walletPeriodMs(size) };
    if (size === 5)
      rows.push({
        measure: '5 wallets: longest gap between reads of one wallet',
        value: cost.longestGapMs,
        unit: 'ms',
        goal: '<= 4500',
        met: cost.longestGapMs <= 4_500,
      });
    if (size === 30) continue;
    const times = await onScreen(SAMPLES);
    figures[`wallets${size}`] = { ...(figures[`wallets${size}`] as object), onScreenMs: times };
    for (const [name, p] of [
      ['p50', 0.5],
      ['p95', 0.95],
    ] as const)
      rows.push({
        measure: `${size} wallet${size === 1 ? '' : 's'}: made elsewhere → listed, ${name} of ${times.length}`,
        value: percentile(times, p),
        unit: 'ms',
        goal: name === 'p95' ? `<= ${ON_SCREEN_GOAL_MS}` : '—',
        met: name === 'p95' ? percentile(times, p) <= ON_SCREEN_GOAL_MS : true,
      });
  }
  reportGoals('unknown-sessions', rows, figures);
} finally {
  await app.close();
  await devnet.close();
}
