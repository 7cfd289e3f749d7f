// The soak's timer figure: the app's timers that stay, not the bench's own nor those that pass within a second.
import { describe, expect, it } from 'vitest';
import { appTimersThatStay, ownTimers, timersNow } from '../../../../bench/support/timer-census';

describe("the bench's own timers", () => {
  it('are counted while they wait, and are timers Node counts', async () => {
    const own = ownTimers();
    const before = timersNow();
    const waits = [own.sleep(50), own.sleep(50), own.sleep(50)];
    expect(own.pending).toBe(3);
    expect(timersNow()).toBe(before + 3);
    await Promise.all(waits);
    expect(own.pending).toBe(0);
  });
});

describe("the app's timers that stay", () => {
  /** a bench whose waits between reads are instant, and `waiting` of its own timers set at each read */
  const bench = (waiting: number[]) => {
    let read = 0;
    return {
      get pending() {
        return waiting[read] ?? 0;
      },
      sleep: () => {
        read += 1;
        return Promise.resolve();
      },
    };
  };
  const reads = (counts: number[]) => () => counts.shift()!;

  it("leaves out the bench's own timers waiting at each read", async () => {
    // 4 of the app's, with 3, 0, 2, 1 and 3 of the senders' pacing waits set at the five reads
    expect(await appTimersThatStay(bench([3, 0, 2, 1, 3]), 5, 1_000, reads([7, 4, 6, 5, 7]))).toBe(4);
  });

  it('leaves out a timer that passes within the reads (the fewest of the reads)', async () => {
    // a stream's pong timeout, set at the second and third read only
    expect(await appTimersThatStay(bench([]), 5, 1_000, reads([4, 5, 5, 4, 4]))).toBe(4);
  });

  it('counts timers that stay, so a growing number of them reads as growth', async () => {
    expect(await appTimersThatStay(bench([]), 5, 1_000, reads([6, 6, 7, 6, 6]))).toBe(6);
  });

  it('reads as often as asked, its own waits between the reads', async () => {
    const own = ownTimers();
    let counted = 0;
    const started = performance.now();
    await appTimersThatStay(own, 3, 100, () => {
      counted += 1;
      return timersNow();
    });
    expect(counted).toBe(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(own.pending).toBe(0);
  });
});
