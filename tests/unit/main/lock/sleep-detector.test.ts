// The browser host has no OS suspend event: a gap in wall-clock time between timer ticks stands in for one.
import { describe, expect, it } from 'vitest';
import { watchForSleep } from '../../../../src/main/lock/sleep-detector';

function harness(toleranceMs = 60_000) {
  let wall = 1_700_000_000_000;
  let tick: (() => void) | null = null;
  let sleeps = 0;
  const stop = watchForSleep({
    onSleep: () => (sleeps += 1),
    now: () => wall,
    setInterval: (fn) => ((tick = fn), 'handle'),
    clearInterval: () => (tick = null),
    everyMs: 5_000,
    toleranceMs,
  });
  return {
    /** the wall clock moves by ms, then the next tick runs */
    tickAfter(ms: number) {
      wall += ms;
      tick?.();
    },
    sleeps: () => sleeps,
    stop,
    running: () => tick !== null,
  };
}

describe('sleep detector', () => {
  it('stays quiet while ticks arrive on time, or merely late from a busy process', () => {
    const h = harness();
    for (let i = 0; i < 100; i += 1) h.tickAfter(5_000);
    h.tickAfter(40_000); // a long garbage collection or a throttled process
    expect(h.sleeps()).toBe(0);
  });

  it('reports one sleep when the wall clock jumped far past the tick (the process was frozen)', () => {
    const h = harness();
    h.tickAfter(5_000);
    h.tickAfter(8 * 3600_000); // a night asleep
    expect(h.sleeps()).toBe(1);
    h.tickAfter(5_000);
    expect(h.sleeps()).toBe(1);
  });

  it('does not count a wall clock set backwards as sleep, and stops when asked', () => {
    const h = harness();
    h.tickAfter(-3600_000);
    expect(h.sleeps()).toBe(0);
    h.stop();
    expect(h.running()).toBe(false);
  });
});
