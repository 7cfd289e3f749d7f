// Soak: the app unlocked on its home screen with 3 wallets x 10 accounts, each holding a position, while
// other people's wallets send BENCH_SOAK_EVENTS_PER_SECOND (20) transfers a second into those accounts,
// each an account event the app follows on its streams and the page redraws, for BENCH_SOAK_MINUTES (10).
// The devnet runs as its own process (its records grow with every event, as an exchange's do: that is not
// the app's); the app's core and the browser host run in this process, as main; the page in Chromium.
// Every BENCH_SOAK_SAMPLE_SECONDS (30) it samples main's RSS and JS heap after a GC, its open sockets, file
// descriptors and the app's timers that stay (bench/support/timer-census.ts), the page's JS heap after a GC,
// its DOM nodes and event listeners, and the time from a transfer executing to the page's Accounts table
// changing (10 timed transfers a sample). Goal: each
// grows by less than 5% from five minutes in to the end (the line fitted to those samples, not two samples of
// a figure that moves from sample to sample), and the latency p95 of the last minute's
// timed transfers is within 20% of the first minute's (pooled by the minute: the p95 of one sample's ten is
// its slowest but one, which one busy moment of the machine moves by seconds). BENCH_SOAK_PROFILE=<file> writes
// a CPU profile of the page (10 s, after 20 s of load) for Chrome's DevTools, before the samples start. `scripts/with-keyring.sh npx tsx bench/soak.ts` (npm run bench does this).
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PASSPHRASE, startApp } from '../tests/integration/support/app';
import { Trader } from '../tests/e2e/support/trader';
import { killHard, startDevnetProcess } from '../scripts/crash-campaign/processes';
import { percentile, reportGoals, trendGrowth } from './report';
import { serveLocked } from './support/locked-app-page';
import { appTimersThatStay, ownTimers } from './support/timer-census';
import { pageHeapAfterGc } from './support/page-heap';

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const SAMPLE_SECONDS = Number(process.env.BENCH_SOAK_SAMPLE_SECONDS ?? 30);
const EVENTS_PER_SECOND = Number(process.env.BENCH_SOAK_EVENTS_PER_SECOND ?? 20);
const WALLETS = 3;
const ACCOUNTS_PER_WALLET = 10;
/** growth is judged from this sample on: the first minutes fill caches and pools */
const SETTLED_MINUTES = Math.min(5, MINUTES / 2);
const GROWTH_GOAL = 0.05;
const LATENCY_GOAL = 0.2;
const TIMED_PER_SAMPLE = 10;
const USDC = 0;
const usdc = (n: number) => BigInt(n) * 1_000_000n;
const wallClock = () => performance.timeOrigin + performance.now();
/** the bench's own waits, told apart from the app's timers (timer-census.ts) */
const own = ownTimers();
const sleep = (ms: number) => own.sleep(ms);

// a GC on demand, for heap figures that are what is kept rather than what awaits collection
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const devnetDir = mkdtempSync(join(tmpdir(), 'perpetua-soak-devnet-'));
const devnet = await startDevnetProcess({ dataDir: devnetDir, port: 0, rpcPort: 0 }, process.env);

// the person's wallets, each with ten accounts holding a position, set up from outside as another device would
const owners: Trader[] = [];
const accounts: number[] = [];
for (let w = 0; w < WALLETS; w += 1) {
  const owner = new Trader(devnet.baseUrl, `soak-owner-${w}-${Date.now()}`, devnet.rpcUrl);
  const first = await owner.deposit(USDC, usdc(10_000 * ACCOUNTS_PER_WALLET));
  await owner.createSession();
  const mine = [first];
  while (mine.length < ACCOUNTS_PER_WALLET)
    mine.push(await owner.transfer({ fromAccountId: first, tokenId: USDC, amount: usdc(5_000) }));
  for (const accountId of mine) await owner.order({ accountId, marketId: 0, side: 'BID', size: 10n });
  owners.push(owner);
  accounts.push(...mine);
}
// other people's wallets, each sending one transfer at a time (a session's nonces must arrive in order)
const SENDERS = 4;
const senders: { trader: Trader; account: number }[] = [];
for (let i = 0; i < SENDERS; i += 1) {
  const trader = new Trader(devnet.baseUrl, `soak-sender-${i}-${Date.now()}`, devnet.rpcUrl);
  const account = await trader.deposit(USDC, usdc(1_000_000));
  await trader.createSession();
  senders.push({ trader, account });
}
const [sender, senderAccount] = [senders[0]!.trader, senders[0]!.account];
/** A sender's session lasts an hour: renewed at 50 minutes, so that a run of an hour or more keeps sending. */
const SESSION_RENEW_MS = 50 * 60_000;
const sessionMade = new Map<Trader, number>(senders.map(({ trader }) => [trader, performance.now()]));
const withSession = async (trader: Trader): Promise<Trader> => {
  if (performance.now() - sessionMade.get(trader)! > SESSION_RENEW_MS) {
    await trader.createSession();
    sessionMade.set(trader, performance.now());
  }
  return trader;
};

// BENCH_SOAK_PREFILL transfers sent before the app starts, as fast as the exchange takes them: the history an
// hour of the soak leaves (72,000 at 20 a second), so that a few minutes show what the hour's end does
const PREFILL = Number(process.env.BENCH_SOAK_PREFILL ?? 0);
if (PREFILL > 0) {
  const started = performance.now();
  await Promise.all(
    senders.map(async ({ trader, account }, s) => {
      for (let i = s; i < PREFILL; i += SENDERS)
        await trader.transfer({
          fromAccountId: account,
          tokenId: USDC,
          amount: 10_000n,
          toAccountId: accounts[i % accounts.length]!,
        });
    }),
  );
  console.log(`prefilled ${PREFILL} transfers in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const app = await startApp({ baseUrl: devnet.baseUrl, rpcUrl: devnet.rpcUrl });
await app.ok('lock.setup', { passphrase: PASSPHRASE });
for (const [i, owner] of owners.entries())
  await app.ok('wallets.import', { label: `Soak ${i + 1}`, secret: owner.secret, passphrase: PASSPHRASE });
// the person is at the screen, not away: the app stays unlocked for the whole soak (its default locks after 10 idle minutes)
await app.ok('lock.setAutoLock', { minutes: 240 });
const { host, browser } = await serveLocked(app);

interface Sample {
  minute: number;
  mainRssMb: number;
  mainHeapMb: number;
  sockets: number;
  fds: number;
  /** the app's timers that stay: the fewest alive, less the bench's own, at any of five reads over a second */
  timers: number;
  /** every timer keeping main alive at one instant, the bench's own included (the figure judged before) */
  allTimers: number;
  /** the page's JS heap after GC, less its compiled code: what the page's data holds (judged) */
  pageHeapMb: number;
  /** the page's compiled code and its metadata after GC: V8's code and trusted spaces (the engine's, not judged) */
  pageCodeMb: number;
  /** the two together: the page's whole JS heap after GC, as Runtime.getHeapUsage reads it (judged before) */
  pageHeapAllMb: number;
  domNodes: number;
  listeners: number;
  p95Ms: number;
  /** the same transfers' time until main heard of them on the account stream, p95 */
  toMainP95Ms: number;
  /** every timed transfer's event to DOM, ms */
  latencies: number[];
  /** what the page shows (its heading) and the lock's state: a sample of a locked app measures nothing */
  shows: string;
}
const samples: Sample[] = [];
let sent = 0;
let failed = 0;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(host.url);
  await page.getByLabel('Passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('table', { name: 'Accounts' }).getByRole('row').nth(1).waitFor();
  const cdp = await page.context().newCDPSession(page);

  // the stream of events, at a steady rate, into every account in turn; the first sender is kept for the
  // timed transfers
  let stopped = false;
  const load = Promise.all(
    senders.slice(1).map(async ({ trader, account }, s) => {
      const gap = (1000 * (SENDERS - 1)) / EVENTS_PER_SECOND;
      let next = performance.now() + (gap * s) / (SENDERS - 1);
      for (let i = s; !stopped; i += SENDERS - 1) {
        await sleep(Math.max(0, next - performance.now()));
        next += gap;
        await (
          await withSession(trader)
        )
          .transfer({
            fromAccountId: account,
            tokenId: USDC,
            // a cent: each event changes a figure the page shows
            amount: 10_000n,
            toAccountId: accounts[i % accounts.length]!,
          })
          .then(() => (sent += 1))
          .catch(() => (failed += 1));
      }
    }),
  );

  /** the page's document, as far as this bench reads it (this file is compiled without the DOM's types) */
  type PageDocument = {
    document: {
      querySelector(
        selector: string,
      ): { closest(selector: string): { textContent: string | null } | null } | null;
    };
  };
  /** An account's row on the home screen's Accounts table (by its link), as text. */
  const rowText = (id: number) =>
    page.evaluate((id) => {
      return (
        (globalThis as unknown as PageDocument).document
          .querySelector(`table[aria-label="Accounts"] a[href="#/account/${id}"]`)
          ?.closest('tr')?.textContent ?? null
      );
    }, id);
  /** A timed transfer that did not show within this long counts as this long (the page fell behind). */
  const GAVE_UP_MS = 30_000;
  /** transfers into the first account, each timed from its execution to that account's row changing */
  const timedTransfers = async (): Promise<{ ms: number[]; toMain: number[] }> => {
    const ms: number[] = [];
    const toMain: number[] = [];
    for (let i = 0; i < TIMED_PER_SAMPLE; i += 1) {
      const before = await rowText(accounts[0]!);
      // when main heard of it: the part of the time before the app's own work (the exchange's stream)
      let heard = 0;
      const stopListening = app.core.events.subscribe((name, payload) => {
        if (
          name === 'accountUpdate' &&
          !heard &&
          (payload as { accountId: number }).accountId === accounts[0]
        )
          heard = wallClock();
      });
      await (
        await withSession(sender)
      ).transfer({
        fromAccountId: senderAccount,
        tokenId: USDC,
        // a whole USDC: the row shows cents, so a smaller amount may change nothing the page draws
        amount: 1_000_000n,
        toAccountId: accounts[0]!,
      });
      const executed = wallClock();
      const changed = await page
        .waitForFunction(
          ({ id, before }) => {
            const text = (globalThis as unknown as PageDocument).document
              .querySelector(`table[aria-label="Accounts"] a[href="#/account/${id}"]`)
              ?.closest('tr')?.textContent;
            return text !== before && text !== undefined ? performance.timeOrigin + performance.now() : false;
          },
          { id: accounts[0]!, before },
          { timeout: GAVE_UP_MS, polling: 20 },
        )
        .then(async (handle) => (await handle.jsonValue()) as number)
        .catch(() => executed + GAVE_UP_MS);
      stopListening();
      ms.push(Math.max(0, changed - executed));
      toMain.push(heard ? Math.max(0, heard - executed) : changed - executed);
    }
    return { ms, toMain };
  };

  const sample = async (minute: number): Promise<Sample> => {
    gc();
    const pageHeap = await pageHeapAfterGc(cdp);
    const dom = (await cdp.send('Memory.getDOMCounters')) as { nodes: number; jsEventListeners: number };
    const resources = process.getActiveResourcesInfo();
    const appTimers = await appTimersThatStay(own);
    const shows = `${
      (await page
        .locator('h1')
        .first()
        .textContent()
        .catch(() => '?')) ?? '?'
    }, ${(await app.ok('lock.state')).status}`;
    const { ms: latencies, toMain } = await timedTransfers();
    return {
      minute,
      mainRssMb: process.memoryUsage().rss / 2 ** 20,
      mainHeapMb: process.memoryUsage().heapUsed / 2 ** 20,
      sockets: resources.filter((r) => r === 'TCPSocketWrap').length,
      fds: readdirSync('/proc/self/fd').length,
      timers: appTimers,
      allTimers: resources.filter((r) => r === 'Timeout').length,
      pageHeapMb: (pageHeap.used - pageHeap.code) / 2 ** 20,
      pageCodeMb: pageHeap.code / 2 ** 20,
      pageHeapAllMb: pageHeap.used / 2 ** 20,
      domNodes: dom.nodes,
      listeners: dom.jsEventListeners,
      p95Ms: percentile(latencies, 0.95),
      toMainP95Ms: percentile(toMain, 0.95),
      latencies,
      shows,
    };
  };

  if (process.env.BENCH_SOAK_PROFILE) {
    await sleep(20_000);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
    await sleep(10_000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
    writeFileSync(process.env.BENCH_SOAK_PROFILE, JSON.stringify(profile));
  }
  const started = performance.now();
  for (;;) {
    const minute = (performance.now() - started) / 60_000;
    const s = await sample(Number(minute.toFixed(1)));
    samples.push(s);
    console.log(
      `  ${s.minute.toFixed(1)} min: main ${s.mainRssMb.toFixed(1)} MB RSS, ${s.mainHeapMb.toFixed(1)} MB heap, ${s.sockets} sockets, ${s.fds} fds, ${s.timers} app timers (${s.allTimers} at one instant); page ${s.pageHeapMb.toFixed(1)} MB heap less ${s.pageCodeMb.toFixed(1)} MB code, ${s.domNodes} nodes, ${s.listeners} listeners; p95 ${s.p95Ms.toFixed(0)} ms (of which until main heard of it ${s.toMainP95Ms.toFixed(0)}); ${sent} events sent; showing ${s.shows}`,
    );
    if (minute >= MINUTES) break;
    await sleep(Math.min(SAMPLE_SECONDS * 1000, MINUTES * 60_000 - (performance.now() - started)) || 1);
  }
  stopped = true;
  await load;
} finally {
  await browser.close();
  await host.close();
  await app.close();
  await killHard(devnet);
  rmSync(devnetDir, { recursive: true, force: true });
}

const settled = samples.find((s) => s.minute >= SETTLED_MINUTES) ?? samples[0]!;
const last = samples.at(-1)!;
const judged = samples.filter((s) => s.minute >= settled.minute);
/** the growth of the line fitted to every sample from the settled one on (see trendGrowth) */
const growth = (key: Figure) => trendGrowth(judged.map((s) => ({ x: s.minute, y: s[key] })));
type Figure = keyof Omit<Sample, 'minute' | 'p95Ms' | 'toMainP95Ms' | 'latencies' | 'shows'>;
const FIGURES: [Figure, string][] = [
  ['mainRssMb', "main's RSS"],
  ['mainHeapMb', "main's JS heap after GC"],
  ['sockets', "main's open sockets"],
  ['fds', "main's file descriptors"],
  ['timers', "main's timers that stay (the app's)"],
  ['pageHeapMb', "the page's JS heap after GC, less compiled code"],
  ['domNodes', "the page's DOM nodes"],
  ['listeners', "the page's event listeners"],
];
/** Figures shown beside the judged ones, and why each is not judged. */
const SHOWN: [Figure, string][] = [
  [
    'allTimers',
    "main's timers at one instant, the bench's own and passing ones included (what was judged before)",
  ],
  ['pageCodeMb', "the page's compiled code (V8 compiling more of the page's functions at higher tiers)"],
  ['pageHeapAllMb', "the page's whole JS heap after GC, compiled code included (what was judged before)"],
];
/** The p95 of the timed transfers of the samples in a stretch of the run (a whole minute where the run is long enough). */
const pooledP95 = (from: number, to: number) => {
  const within = samples.filter((s) => s.minute >= from && s.minute < to);
  return percentile(
    (within.length > 0 ? within : [samples[0]!]).flatMap((s) => s.latencies),
    0.95,
  );
};
const stretch = Math.min(1, MINUTES / 3);
const firstP95 = pooledP95(0, stretch);
const lastP95 = pooledP95(last.minute - stretch + 1e-9, Infinity);
const latencyChange = (lastP95 - firstP95) / Math.max(firstP95, 1);
reportGoals(
  'soak',
  [
    ...FIGURES.map(([key, name]) => ({
      measure: `${name}: growth from ${settled.minute} to ${last.minute} min, fitted to ${judged.length} samples (sampled ${settled[key].toFixed(1)} -> ${last[key].toFixed(1)})`,
      value: Number((growth(key) * 100).toFixed(1)),
      unit: '%',
      goal: `< ${GROWTH_GOAL * 100}`,
      met: growth(key) < GROWTH_GOAL,
    })),
    ...SHOWN.map(([key, name]) => ({
      measure: `${name}: growth, fitted as above (sampled ${settled[key].toFixed(1)} -> ${last[key].toFixed(1)}); shown, not judged`,
      value: Number((growth(key) * 100).toFixed(1)),
      unit: '%',
      goal: '-',
      met: true,
    })),
    {
      measure: `event to DOM p95, last ${stretch.toFixed(1)} min against first (${firstP95.toFixed(0)} -> ${lastP95.toFixed(0)} ms)`,
      value: Number((latencyChange * 100).toFixed(1)),
      unit: '%',
      goal: `<= ${LATENCY_GOAL * 100}`,
      met: latencyChange <= LATENCY_GOAL,
    },
    {
      measure: `account events sent (${EVENTS_PER_SECOND}/s asked), ${failed} refused`,
      value: sent,
      unit: 'events',
      goal: '-',
      met: failed === 0,
    },
  ],
  { minutes: MINUTES, samples },
);
writeFileSync(join(tmpdir(), 'perpetua-soak-samples.json'), JSON.stringify(samples, null, 2));
