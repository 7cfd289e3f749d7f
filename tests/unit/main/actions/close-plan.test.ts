// The close of one position worked out from the book: the other side, the whole size, reduce-only's limit a
// little past the worst level taken, and per level the fill's realized PnL and taker fee as the exchange
// settles them. BTC-PERP units: prices in tenths of a USDC, sizes in ten-thousandths of a BTC, USDC in
// millionths.
import { describe, expect, it } from 'vitest';
import { closePlan, type ClosePlanInput } from '../../../../src/main/actions/close-plan';
import { AppFailure } from '../../../../src/shared/result';

const market = { symbol: 'BTC-PERP', priceDecimals: 1, sizeDecimals: 4 };
/** 5 bps, in hundred-millionths */
const FIVE_BPS = 50_000n;
const book = {
  asks: [
    { price: 60_010_0n, size: 5_000n },
    { price: 60_020_0n, size: 10_000n },
  ],
  bids: [
    { price: 59_990_0n, size: 5_000n },
    { price: 59_980_0n, size: 10_000n },
  ],
};
const input = (size: bigint, entryPrice: bigint, over: Partial<ClosePlanInput> = {}): ClosePlanInput => ({
  size,
  entryPrice,
  market,
  quoteDecimals: 6,
  book,
  takerFeeRate: FIVE_BPS,
  ...over,
});

describe('closePlan', () => {
  it('sells a long into the bids, best first, with PnL and fee per fill', () => {
    // 1 BTC long from 59,000: 0.5 at 59,990 and 0.5 at 59,980
    const plan = closePlan(input(10_000n, 59_000_0n));
    expect(plan.side).toBe('ASK');
    expect(plan.size).toBe(10_000n);
    expect(plan.fillable).toBe(10_000n);
    expect(plan.estimatedPrice).toBe(59_985_0n);
    // (990 + 980) × 0.5 = 985 USDC
    expect(plan.realizedPnl).toBe(985_000_000n);
    // 5 bps of 29,995 + 29,990 = 29.9925 USDC
    expect(plan.fee).toBe(29_992_500n);
    // 1% below the worst bid taken: it cannot fill worse than that
    expect(plan.limitPrice).toBe(59_980_0n - 599_8n);
  });

  it('buys a short back from the asks, with a loss when the price rose', () => {
    // 0.25 BTC short from 60,000: all at 60,010
    const plan = closePlan(input(-2_500n, 60_000_0n));
    expect(plan.side).toBe('BID');
    expect(plan.estimatedPrice).toBe(60_010_0n);
    expect(plan.realizedPnl).toBe(-2_500_000n);
    // 5 bps of 15,002.50 = 7.50125, rounded up as the exchange charges it
    expect(plan.fee).toBe(7_501_250n);
    expect(plan.limitPrice).toBe(60_010_0n + 600_1n);
  });

  it('says how much the book can take when it is thinner than the position', () => {
    const plan = closePlan(input(20_000n, 59_000_0n));
    expect(plan.size).toBe(20_000n);
    expect(plan.fillable).toBe(15_000n);
  });

  it('refuses in words when nobody is on the other side', () => {
    let failure: unknown;
    try {
      closePlan(input(10_000n, 59_000_0n, { book: { asks: book.asks, bids: [] } }));
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(AppFailure);
    expect((failure as AppFailure).code).toBe('CONFLICT');
    expect((failure as AppFailure).message).toMatch(/^No one is buying BTC-PERP on the exchange now/);
  });
});
