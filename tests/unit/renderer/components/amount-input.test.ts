// The amount fields' text (issue 29, items 6 and 7): Max fills in the very text the Available line shows, and
// that text reads back exactly.
import { describe, expect, it } from 'vitest';
import { amountText, readAmount } from '../../../../src/renderer/src/components/amount-input';

const USDC = 6;

describe('amountText: what Available shows and Max fills in', () => {
  it('shows every place that is not zero, grouped, never rounded', () => {
    expect(amountText(22_490_497_497n, USDC)).toBe('22,490.497497');
    expect(amountText(1_000_000_000n, USDC)).toBe('1,000.00');
    expect(amountText(10_000n, USDC)).toBe('0.01');
  });

  it('reads back exactly as the amount it shows', () => {
    for (const v of [22_490_497_497n, 1_000_000_000n, 1n, 999_999n, 123_456_789_012_345n])
      expect(readAmount(amountText(v, USDC), USDC)).toEqual({ value: v, error: null });
  });

  it('still refuses a comma that is not a thousands group', () => {
    for (const bad of ['1,5', '12,34.5', '1,0000', ',100'])
      expect(readAmount(bad, USDC).value, bad).toBeNull();
  });
});
