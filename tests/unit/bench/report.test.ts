// The soak's growth figure: a line fitted to the samples, so that a figure swinging from sample to sample
// with no trend reads flat, and a slow leak under the same noise still reads as the growth it is.
import { describe, expect, it } from 'vitest';
import { trendGrowth } from '../../../bench/report';

describe('growth over a run', () => {
  it('reads a sawtooth with no trend as flat, though its first and last samples differ by 17%', () => {
    // the 20-minute soak's main heap after GC (MB), 5.6 to 20 minutes
    const heap = [65.2, 73.4, 75.6, 79, 77.2, 75.1, 80.1, 74.4, 80.9, 76.4, 72.1, 74.4, 78.5, 72.5, 73.7];
    const more = [64.9, 66.4, 73.1, 72.6, 70.2, 73.3, 71.4, 76.6];
    const points = [...heap, ...more].map((y, i) => ({ x: 5.6 + i * 0.63, y }));
    expect(Math.abs(trendGrowth(points))).toBeLessThan(0.05);
  });

  it('reads a leak of 10% over the run as 10%, under noise of the same size', () => {
    const points = Array.from({ length: 60 }, (_, i) => ({
      x: i,
      y: 100 * (1 + (0.1 * i) / 59) + (i % 2 === 0 ? 8 : -8),
    }));
    expect(trendGrowth(points)).toBeCloseTo(0.1, 1);
  });

  it('is 0 for fewer than two samples, or all at one moment', () => {
    expect(trendGrowth([])).toBe(0);
    expect(trendGrowth([{ x: 1, y: 5 }])).toBe(0);
    expect(
      trendGrowth([
        { x: 1, y: 5 },
        { x: 1, y: 9 },
      ]),
    ).toBe(0);
  });
});
