// Margin and distance to liquidation as the app computes them from the exchange's figures; the levels a
// person reads at a glance are in shared/risk-levels.ts. All arithmetic is bigint basis points.
import type { Margin } from '../../shared/risk-levels';
/**
 * How far the mark price may move against the position before it is liquidated, in basis points of the
 * mark price (rounded down, so it is never overstated); 0 once the mark is at or past it. null when no price
 * would liquidate it or the mark is unknown.
 */
export function liquidationDistanceBps(
  size: bigint,
  markPrice: bigint,
  liquidationPrice: bigint | null,
): bigint | null {
  if (liquidationPrice === null || markPrice <= 0n || size === 0n) return null;
  // a long is liquidated when the price falls to it, a short when it rises to it
  const room = size > 0n ? markPrice - liquidationPrice : liquidationPrice - markPrice;
  return room <= 0n ? 0n : (room * 10_000n) / markPrice;
}

/**
 * From `margins`: mf is the account's equity (collateral plus unrealized PnL), imf and mmf its initial and
 * maintenance requirements, all in quote units. Free collateral is what the initial requirement leaves of
 * the equity (negative when it is not met); health is equity over maintenance in basis points, rounded down.
 */
export function marginFrom(m: { mf: bigint; imf: bigint; mmf: bigint }): Margin {
  return {
    equity: m.mf,
    initialRequirement: m.imf,
    maintenanceRequirement: m.mmf,
    freeCollateral: m.mf - m.imf,
    healthBps: m.mmf <= 0n ? null : Number((m.mf * 10_000n) / m.mmf),
  };
}
