// The exchange client keeps within the exchange's rate limits: a read refused with 429 is sent again after
// its Retry-After and answers (nobody sees THROTTLED for a read), a POST /action refused so is never sent
// again on its own, and after a refusal the client sends at the pace the exchange allows, with the devnet's
// own rate limiter on loopback.
import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TimestampSchema } from '../../../../src/shared/exchange/info';
import { createHttpClient } from '../../../../src/main/exchange/http-client';
import { RequestPacer, bucketOf, type PacerClock } from '../../../../src/main/exchange/pacing';
import { AppFailure } from '../../../../src/shared/result';
import { startDevnet, type RunningDevnet } from '../../../../src/devnet/server';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A loopback server answering each request with `answer(index)`: [status, headers]. */
async function serve(answer: (req: http.IncomingMessage, index: number) => [number, Record<string, string>]) {
  const seen: { method: string; url: string }[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const [status, headers] = answer(req, seen.length);
      seen.push({ method: req.method ?? '', url: req.url ?? '' });
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(status === 200 ? '42' : 'null');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const noJitter = { retryJitterMs: () => 0 };

describe('reads refused for the rate', () => {
  it('are sent again after the Retry-After the exchange named, and answer', async () => {
    const server = await serve((_req, i) => (i < 2 ? [429, { 'retry-after': '1' }] : [200, {}]));
    const client = createHttpClient({ baseUrl: server.url, ...noJitter });
    const started = performance.now();
    await expect(client.getJson('/timestamp', TimestampSchema)).resolves.toBe(42);
    expect(server.seen).toHaveLength(3);
    // the second try waited out the first refusal's second; the third, the second's
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
  });

  it('reach the person as THROTTLED only after the exchange refused every retry', async () => {
    const server = await serve(() => [429, { 'retry-after': '1' }]);
    const client = createHttpClient({ baseUrl: server.url, ...noJitter, pacer: pausedFor(0) });
    const error = await client.getJson('/timestamp', TimestampSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppFailure);
    expect((error as AppFailure).code).toBe('THROTTLED');
    expect(server.seen).toHaveLength(9);
  });
});

describe('POST /action refused for the rate', () => {
  it('is not sent again: THROTTLED with its Retry-After, and the exchange saw it once', async () => {
    const server = await serve(() => [429, { 'retry-after': '3' }]);
    const client = createHttpClient({ baseUrl: server.url, ...noJitter });
    const error = await client.postBytes('/action', new Uint8Array([1, 2, 3])).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'THROTTLED', details: { retryAfterSeconds: 3 } });
    expect(server.seen).toEqual([{ method: 'POST', url: '/action' }]);
  });

  it('draws on its own bucket: a refused read does not hold an action back', async () => {
    expect(bucketOf('POST', '/action')).toBe('action');
    expect(bucketOf('GET', '/action')).toBe('other');
    const pacer = new RequestPacer();
    pacer.refused('other', 60_000);
    const sent = await Promise.race([
      pacer.take('action').then(() => 'sent'),
      new Promise((resolve) => setTimeout(() => resolve('held'), 200)),
    ]);
    expect(sent).toBe('sent');
  });
});

describe('a hostile Retry-After', () => {
  it('is read as at most a minute, and an unreadable one as a second', async () => {
    for (const [header, seconds] of [
      ['86400', 60],
      ['soon', 1],
      ['-5', 1],
    ] as const) {
      const server = await serve(() => [429, { 'retry-after': header }]);
      const client = createHttpClient({ baseUrl: server.url });
      await expect(client.postBytes('/action', new Uint8Array([1]))).rejects.toMatchObject({
        details: { retryAfterSeconds: seconds },
      });
    }
  });
});

/** A pacer on a clock the test moves. */
function fakeClock() {
  let now = 0;
  const timers: { at: number; fn: () => void }[] = [];
  const clock: PacerClock = {
    now: () => now,
    setTimeout: (fn, ms) => timers.push({ at: now + ms, fn }),
  };
  return {
    clock,
    /** moves the clock by `ms`, firing what falls due */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > until) break;
        timers.shift();
        now = next.at;
        next.fn();
      }
      now = until;
    },
  };
}

/** A real-clock pacer whose bucket for reads is held back `ms` now (0: a pacer that has learnt nothing). */
function pausedFor(ms: number): RequestPacer {
  const pacer = new RequestPacer();
  if (ms > 0) pacer.refused('other', ms);
  return pacer;
}

describe('the pace learnt from refusals', () => {
  it('is unlimited until the first 429, then half of what the exchange accepted over the second before', async () => {
    const { clock, advance } = fakeClock();
    const pacer = new RequestPacer(clock);
    expect(pacer.perSecond('other')).toBe(Infinity);
    for (let i = 0; i < 40; i += 1) {
      await pacer.take('other');
      pacer.answered('other');
    }
    pacer.refused('other', 1_000);
    expect(pacer.perSecond('other')).toBe(20);
    // the others refused in the same episode do not halve it again
    pacer.refused('other', 1_000);
    expect(pacer.perSecond('other')).toBe(20);

    let admitted = 0;
    for (let i = 0; i < 100; i += 1) void pacer.take('other').then(() => (admitted += 1));
    const flush = () => new Promise((resolve) => setImmediate(resolve));
    advance(999);
    await flush();
    expect(admitted).toBe(0); // Retry-After holds the bucket
    advance(1_001);
    await flush();
    // a second at 20/s after the pause (the first token needs its own 50 ms)
    expect(admitted).toBeGreaterThanOrEqual(19);
    expect(admitted).toBeLessThanOrEqual(21);
  });

  it('grows again by about one request per second each second nothing is refused', async () => {
    const { clock } = fakeClock();
    const pacer = new RequestPacer(clock);
    for (let i = 0; i < 20; i += 1) pacer.answered('other');
    pacer.refused('other', 1_000);
    expect(pacer.perSecond('other')).toBe(10);
    for (let i = 0; i < 10; i += 1) pacer.answered('other');
    expect(pacer.perSecond('other')).toBeCloseTo(11, 0);
  });
});

describe('against the devnet limiting reads to 20/s with a burst of 40', () => {
  let devnet: RunningDevnet;
  it('a burst of 150 reads all answer, the refusals confined to the first burst and a few probes', async () => {
    devnet = await startDevnet({
      config: { rateLimits: { action: { perSecond: 10, burst: 20 }, other: { perSecond: 20, burst: 40 } } },
    });
    closers.push(() => devnet.close());
    let refused = 0;
    const client = createHttpClient({
      baseUrl: devnet.baseUrl,
      fetchImpl: async (url, init) => {
        const response = await fetch(url, init);
        if (response.status === 429) refused += 1;
        return response;
      },
    });
    const answers = await Promise.all(
      Array.from({ length: 150 }, () => client.getJson('/timestamp', TimestampSchema)),
    );
    expect(answers.every((t) => t > 0)).toBe(true);
    // fetch sends all 150 at once: the 110 beyond the burst are refused once; after that the pace holds
    // within the exchange's, with an occasional probe above it (additive increase)
    expect(refused).toBeLessThan(110 + 20);
  }, 30_000);
});
