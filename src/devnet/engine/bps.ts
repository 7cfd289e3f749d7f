// Basis points, one way for the whole devnet: margin requirements, fees, maker quotes, slippage bounds and
// vault leverage all take a share of a bigint amount in bps, and each says which way it rounds.
//   up         toward +infinity: what the exchange asks for (a requirement, a fee; a rebate's size shrinks)
//   down       toward -infinity: what the exchange grants (a bid below the index, a slippage bound)
//   towardZero what bigint division does: a magnitude that must not grow either way (a price move)

/** one whole in basis points */
export const BPS = 10_000n;
/** decimals of a fraction written from bps (1 bps = 0.0001) */
export const BPS_DECIMALS = 4;

export type Rounding = 'up' | 'down' | 'towardZero';

/** numerator / denominator (denominator > 0) rounded as asked. */
export function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator <= 0n) throw new RangeError('the denominator must be positive');
  const quotient = numerator / denominator; // toward zero
  const exact = quotient * denominator === numerator;
  if (exact || rounding === 'towardZero') return quotient;
  if (rounding === 'up') return numerator > 0n ? quotient + 1n : quotient;
  return numerator < 0n ? quotient - 1n : quotient;
}

/** `bps` basis points of `amount`, e.g. bpsOf(1_000n, 25, 'up') = 3 (2.5 rounded up). */
export function bpsOf(amount: bigint, bps: bigint | number, rounding: Rounding): bigint {
  return divide(amount * BigInt(bps), BPS, rounding);
}

/** `part` as basis points of `whole` (whole > 0), e.g. toBps(1n, 3n, 'down') = 3333. */
export function toBps(part: bigint, whole: bigint, rounding: Rounding): bigint {
  return divide(part * BPS, whole, rounding);
}
