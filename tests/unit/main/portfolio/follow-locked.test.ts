// A locked app follows its accounts from the lock screen on; at launch the exchange may still be starting,
// so a follow that failed is tried again, later each time, and not at all once the app is unlocked (the
// screens follow then) or another exchange is connected.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followWhileLocked } from '../../../../src/main/portfolio/follow-locked';

afterEach(() => void vi.useRealTimers());

function setup(failures: number) {
  const state = { locked: true, current: true, calls: 0 };
  const follow = async () => {
    state.calls += 1;
    if (state.calls <= failures) throw new Error('the exchange is not reachable yet');
  };
  followWhileLocked({ follow, locked: () => state.locked, current: () => state.current, retryMs: 100 });
  return state;
}

/** lets the failed follow's rejection be handled, then moves the clock */
const after = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(0);
  await vi.advanceTimersByTimeAsync(ms);
};

describe('following the accounts while locked', () => {
  it('follows at once, and once only when that works', async () => {
    vi.useFakeTimers();
    const state = setup(0);
    expect(state.calls).toBe(1);
    await after(10_000);
    expect(state.calls).toBe(1);
  });

  it('tries again after a failure, waiting twice as long each time', async () => {
    vi.useFakeTimers();
    const state = setup(3);
    await after(99);
    expect(state.calls).toBe(1);
    await after(1); // 100 ms
    expect(state.calls).toBe(2);
    await after(199);
    expect(state.calls).toBe(2);
    await after(1); // 200 ms more
    expect(state.calls).toBe(3);
    await after(400); // 400 ms more: the fourth works
    expect(state.calls).toBe(4);
    await after(10_000);
    expect(state.calls).toBe(4);
  });

  it('stops trying once unlocked, or once another exchange is connected', async () => {
    vi.useFakeTimers();
    const unlocked = setup(10);
    unlocked.locked = false;
    const replaced = setup(10);
    replaced.current = false;
    await after(60_000);
    expect(unlocked.calls).toBe(1);
    expect(replaced.calls).toBe(1);
  });

  it('does not follow at all when the app is not locked', () => {
    const state = { calls: 0 };
    followWhileLocked({
      follow: async () => void (state.calls += 1),
      locked: () => false,
      current: () => true,
    });
    expect(state.calls).toBe(0);
  });
});
