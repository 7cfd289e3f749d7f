// Margin health and distance to liquidation as levels: the thresholds the portfolio's colours follow, and the
// distance in bigint basis points of the mark (rounded down, so room is never overstated).
import { describe, expect, it } from 'vitest';
import { liquidationDistanceBps } from '../../../../src/main/exchange/risk';
import { closeToLiquidation, distanceLevel, healthLevel } from '../../../../src/shared/risk-levels';

describe('margin health levels', () => {
  it.each([
    [null, 'none'],
    [1_000_000, 'safe'],
    [20_001, 'safe'],
    [20_000, 'warning'],
    [12_001, 'warning'],
    [12_000, 'danger'],
    [9_000, 'danger'],
  ] as const)('%s bps is %s', (bps, level) => {
    expect(healthLevel(bps)).toBe(level);
  });

  it('calls exactly 120.00% close to liquidation, as the badge does, and 120.01% not', () => {
    expect(closeToLiquidation(12_000)).toBe(true);
    expect(healthLevel(12_000)).toBe('danger');
    expect(closeToLiquidation(12_001)).toBe(false);
  });
});

describe('distance to liquidation', () => {
  it('is the room between mark and liquidation price in basis points of the mark, rounded down', () => {
    // a long at a mark of 65,000.0 liquidated at 56,530.4: 13.03% of room
    expect(liquidationDistanceBps(1_000n, 650_000n, 565_304n)).toBe(1_303n);
    // a short is liquidated when the price rises: 150.000 to 784.604 is 423.06%
    expect(liquidationDistanceBps(-40n, 150_000n, 784_604n)).toBe(42_306n);
    // exact beyond 2^53
    const mark = 2n ** 80n;
    expect(liquidationDistanceBps(1n, mark, mark / 2n)).toBe(5_000n);
  });

  it('is 0 once the mark has reached or passed it, and unknown without a liquidation price', () => {
    expect(liquidationDistanceBps(1n, 100n, 100n)).toBe(0n);
    expect(liquidationDistanceBps(1n, 100n, 120n)).toBe(0n);
    expect(liquidationDistanceBps(-1n, 100n, 90n)).toBe(0n);
    expect(liquidationDistanceBps(1n, 100n, null)).toBeNull();
    expect(liquidationDistanceBps(0n, 100n, 50n)).toBeNull();
    expect(liquidationDistanceBps(1n, 0n, 50n)).toBeNull();
  });

  it.each([
    [null, 'none'],
    [5_000n, 'safe'],
    [2_000n, 'safe'],
    [1_999n, 'warning'],
    [1_000n, 'warning'],
    [999n, 'danger'],
    [0n, 'danger'],
  ] as const)('%s bps of room is %s', (bps, level) => {
    expect(distanceLevel(bps)).toBe(level);
  });
});
