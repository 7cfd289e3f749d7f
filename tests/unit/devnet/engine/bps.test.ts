// The devnet's one basis-point helper: every margin requirement, fee, maker quote and slippage bound goes
// through it, so its rounding is the exchange's rounding.
import { describe, expect, it } from 'vitest';
import { BPS, bpsOf, divide, toBps } from '../../../../src/devnet/engine/bps';

describe('bps rounding', () => {
  it('rounds a share up, down or toward zero as asked', () => {
    // 25 bps of 1000 is 2.5
    expect(bpsOf(1_000n, 25, 'up')).toBe(3n);
    expect(bpsOf(1_000n, 25, 'down')).toBe(2n);
    expect(bpsOf(1_000n, 25, 'towardZero')).toBe(2n);
  });

  it('leaves exact shares alone in every direction', () => {
    for (const rounding of ['up', 'down', 'towardZero'] as const) {
      expect(bpsOf(20_000n, 50, rounding)).toBe(100n);
      expect(bpsOf(-20_000n, 50, rounding)).toBe(-100n);
    }
  });

  it('rounds negative amounts and rebates by direction, not by magnitude', () => {
    // -2.5: up is toward +infinity (a rebate's size shrinks), down toward -infinity
    expect(bpsOf(-1_000n, 25, 'up')).toBe(-2n);
    expect(bpsOf(-1_000n, 25, 'down')).toBe(-3n);
    expect(bpsOf(-1_000n, 25, 'towardZero')).toBe(-2n);
    // a negative rate (a maker rebate) on a positive notional
    expect(bpsOf(1_000n, -25, 'up')).toBe(-2n);
    expect(bpsOf(1_000n, -25, 'down')).toBe(-3n);
  });

  it('answers zero for a zero amount or rate, whatever the direction', () => {
    for (const rounding of ['up', 'down', 'towardZero'] as const) {
      expect(bpsOf(0n, 25, rounding)).toBe(0n);
      expect(bpsOf(123_456n, 0, rounding)).toBe(0n);
      expect(toBps(0n, 7n, rounding)).toBe(0n);
    }
  });

  it('is exact for amounts far beyond a double (no precision lost)', () => {
    const big = 2n ** 64n * 10n ** 12n + 1n;
    expect(bpsOf(big, 1, 'down')).toBe(big / BPS);
    expect(bpsOf(big, 1, 'up')).toBe(big / BPS + 1n);
    expect(bpsOf(big, 10_000, 'up')).toBe(big);
    expect(bpsOf(big, 3n, 'down')).toBe((big * 3n) / BPS);
  });

  it('takes a part as bps of a whole (health, price moves)', () => {
    expect(toBps(1n, 3n, 'down')).toBe(3_333n);
    expect(toBps(1n, 3n, 'up')).toBe(3_334n);
    expect(toBps(-1n, 3n, 'towardZero')).toBe(-3_333n);
    expect(toBps(-1n, 3n, 'down')).toBe(-3_334n);
  });

  it('refuses a whole that is not positive rather than dividing by it', () => {
    expect(() => divide(1n, 0n, 'up')).toThrow(RangeError);
    expect(() => toBps(1n, -5n, 'down')).toThrow(RangeError);
  });
});
