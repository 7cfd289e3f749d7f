// The health and liquidation price of an account as collateral leaves it, in bigint: worked by hand on one
// market with a 10% maintenance fraction (equity at price P against 0.1·P per unit held).
import { describe, expect, it } from 'vitest';
import { healthAfterBps, liquidationPrice } from '../../../src/shared/liquidation-price';

const WHOLE = { priceDecimals: 0, sizeDecimals: 0, mmfBps: 1_000 };

describe('health after collateral leaves', () => {
  it('is equity over the maintenance requirement in basis points, rounded down', () => {
    expect(healthAfterBps(200n, 100n, 50n)).toBe(15_000);
    expect(healthAfterBps(100n, 3n, 0n)).toBe(333_333);
  });

  it('is null while nothing is required', () => {
    expect(healthAfterBps(200n, 0n, 50n)).toBeNull();
  });
});

/** one whole unit long at 100 with 50 of equity, 10 of it required: the cases below change one thing each */
const position = (over: Partial<Parameters<typeof liquidationPrice>[0]> = {}) => ({
  size: 1n,
  markPrice: 100n,
  equity: 50n,
  maintenance: 10n,
  market: WHOLE,
  quoteDecimals: 0,
  ...over,
});

describe('the liquidation price of a position', () => {
  it('of a long: where equity P − 50 meets 0.1·P, 55.5…, toward zero', () => {
    expect(liquidationPrice(position())).toBe(55n);
  });

  it('of a short: where equity 150 − P meets 0.1·P, 136.3…', () => {
    expect(liquidationPrice(position({ size: -1n }))).toBe(136n);
  });

  it('is the same in the units of a real market: prices to 0.1, sizes to 0.0001, USDC to 6 places', () => {
    const market = { priceDecimals: 1, sizeDecimals: 4, mmfBps: 1_000 };
    const long = { size: 10_000n, markPrice: 1_000n, equity: 50_000_000n, maintenance: 10_000_000n };
    expect(liquidationPrice(position({ ...long, market, quoteDecimals: 6 }))).toBe(555n);
  });

  it('is null with no position, no mark price, or when no positive price gets there', () => {
    expect(liquidationPrice(position({ size: 0n }))).toBeNull();
    expect(liquidationPrice(position({ markPrice: 0n }))).toBeNull();
    expect(liquidationPrice(position({ equity: 1_000n }))).toBeNull();
  });
});
