// The Withdraw and Transfer forms' amount check while typing (issue 29, items 6 and 7): an amount not above the
// fee or above what is available is said with the reason before any review.
import { describe, expect, it } from 'vitest';
import { amountText } from '../../../../../src/renderer/src/components/amount-input';
import { amountProblem } from '../../../../../src/renderer/src/features/transfers/amount-check';
import type { FreeToMove } from '../../../../../src/renderer/src/components/free-to-move';

const USDC = 6;
const show = (v: bigint) => `${amountText(v, USDC)} USDC`;
const free = (balance: bigint): FreeToMove => ({
  balance,
  max: balance,
  safeMax: balance,
  limitedByMargin: false,
});

describe('amountProblem', () => {
  it('refuses more than is available, naming it in the Available text', () => {
    const move = free(22_490_497_497n);
    expect(amountProblem(22_490_497_497n, move, 'transferred', show)).toBeNull();
    expect(amountProblem(22_490_497_498n, move, 'transferred', show)).toBe(
      'More than the available 22,490.497497 USDC.',
    );
  });

  it('refuses a withdrawal at or below its fee, and takes one just above it', () => {
    const move = free(50_000_000n);
    const fee = 100_000n;
    expect(amountProblem(fee, move, 'withdrawn', show, fee)).toBe(
      'The amount must be more than the fee (0.10 USDC).',
    );
    expect(amountProblem(1n, move, 'withdrawn', show, fee)).toBe(
      'The amount must be more than the fee (0.10 USDC).',
    );
    expect(amountProblem(fee + 1n, move, 'withdrawn', show, fee)).toBeNull();
    // a transfer has no fee
    expect(amountProblem(fee, move, 'transferred', show)).toBeNull();
  });

  it('says what open positions keep when their margin is the limit', () => {
    const move = { balance: 1_000_000_000n, max: 400_000_000n, safeMax: 396_000_000n, limitedByMargin: true };
    expect(amountProblem(500_000_000n, move, 'withdrawn', show)).toBe(
      'More than your open positions leave free: up to 400.00 USDC can be withdrawn now.',
    );
    expect(amountProblem(2_000_000_000n, move, 'withdrawn', show)).toBe(
      'More than the account holds (1,000.00 USDC).',
    );
  });
});
