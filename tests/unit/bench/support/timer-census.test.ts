// The soak's timer figure: the app's timers that stay, not the bench's own nor those that pass within a second.
import { afterEach, describe, expect, it } from 'vitest';
import {
  isAppSite,
  startTimerCensus,
  timerSite,
  type TimerCensus,
} from '../../../../bench/support/timer-census';

const ROOT = '/work/repo';
const SELF = '/work/repo/bench/support/timer-census.ts';

/** a stack frame as V8 gives it */
const frame = (file: string | null, fn: string | null = null, type: string | null = null) => ({
  getFileName: () => file,
  getFunctionName: () => fn,
  getTypeName: () => type,
});

describe('where a timer was set', () => {
  it("is the innermost frame outside Node and the census, relative to the repository, with its function's name", () => {
    const frames = [
      frame(SELF, 'init', 'AsyncHook'),
      frame('node:internal/async_hooks', 'emitInitNative'),
      frame('node:internal/timers', 'Timeout', 'Timeout'),
      frame('node:timers', 'setTimeout'),
      frame('file:///work/repo/src/main/exchange/stream-client.ts', 'alive', 'StreamClient'),
      frame('/work/repo/src/main/exchange/stream-client.ts', null, 'WebSocket'),
    ];
    expect(timerSite(frames, ROOT, SELF)).toBe('src/main/exchange/stream-client.ts StreamClient.alive');
    expect(timerSite([frame('/work/repo/bench/soak.ts', 'sleep', 'Object')], ROOT, SELF)).toBe(
      'bench/soak.ts sleep',
    );
    expect(timerSite([frame('/work/repo/bench/soak.ts')], ROOT, SELF)).toBe('bench/soak.ts');
  });

  it('is unknown when only Node set it', () => {
    const frames = [
      frame(SELF, 'init', 'AsyncHook'),
      frame('node:internal/timers', 'listOnTimeout'),
      frame(null),
    ];
    expect(timerSite(frames, ROOT, SELF)).toBeNull();
  });

  it("counts the bench's, its test support's and Playwright's timers out, and everything else in", () => {
    expect(isAppSite('bench/soak.ts:40')).toBe(false);
    expect(isAppSite('tests/e2e/support/trader.ts:49')).toBe(false);
    expect(isAppSite('node_modules/playwright-core/lib/server/helper.js:12')).toBe(false);
    expect(isAppSite('src/main/core.ts:302')).toBe(true);
    expect(isAppSite('node_modules/ws/lib/websocket.js:1059')).toBe(true);
    expect(isAppSite(null)).toBe(true);
  });
});

describe('the census', () => {
  let census: TimerCensus | undefined;
  const pending: NodeJS.Timeout[] = [];
  afterEach(() => {
    census?.stop();
    pending.splice(0).forEach(clearTimeout);
  });

  // this test file stands in for the app: only bench/ is the bench's here
  const start = () => (census = startTimerCensus(process.cwd(), [/^bench\//]));

  it('counts a timer that stays, and no longer once it is cleared', async () => {
    const c = start();
    const before = (await c.read(3, 60)).app;
    const stays = setTimeout(() => {}, 60_000);
    pending.push(stays);
    const reading = await c.read(3, 60);
    expect(reading.app).toBe(before + 1);
    expect(
      Object.keys(reading.sites).some((site) =>
        site.startsWith('tests/unit/bench/support/timer-census.test.ts'),
      ),
    ).toBe(true);
    clearTimeout(stays);
    expect((await c.read(3, 60)).app).toBe(before);
  });

  it('leaves out timers that pass within the reads, and those that do not keep the process alive', async () => {
    const c = start();
    const before = (await c.read(3, 60)).app;
    pending.push(setTimeout(() => {}, 60_000).unref());
    // a short timer alive at the first read only
    pending.push(setTimeout(() => {}, 10));
    expect((await c.read(5, 200)).app).toBe(before);
  });

  it('counts a timer set again and again (a chain) as one that stays', async () => {
    const c = start();
    const before = (await c.read(3, 60)).app;
    let stop = false;
    const again = () => {
      if (!stop) pending.push(setTimeout(again, 20));
    };
    again();
    const reading = await c.read(5, 200);
    stop = true;
    expect(reading.app).toBe(before + 1);
  });
});
