// How the margin of an account changes as collateral leaves it: the health and the liquidation price of each
// position, computed the same way by main (what it reports and reviews) and by the forms (while the person
// types, before anything is prepared). All arithmetic is bigint; health is in basis points.

/**
 * Equity over maintenance requirement once `amount` of collateral has left, in basis points rounded down;
 * null while nothing is required.
 */
export function healthAfterBps(equity: bigint, maintenance: bigint, amount: bigint): number | null {
  if (maintenance <= 0n) return null;
  return Number(((equity - amount) * 10_000n) / maintenance);
}

/** price × size in quote units, toward zero (the exchange's own rounding of a notional). */
export function notional(
  price: bigint,
  size: bigint,
  m: { priceDecimals: number; sizeDecimals: number },
  quoteDecimals: number,
): bigint {
  return (price * size * 10n ** BigInt(quoteDecimals)) / 10n ** BigInt(m.priceDecimals + m.sizeDecimals);
}

/** A margin fraction of a notional, rounded up: the exchange never asks for less than the fraction says. */
export const requirement = (notionalValue: bigint, bps: number): bigint =>
  (notionalValue * BigInt(bps) + 9_999n) / 10_000n;

/**
 * The mark price of one market at which the account would fall to its maintenance requirement, with every
 * other market held where it is; null when no positive price gets there. Equity and requirement are linear
 * in this market's price P: slack + size·(P − mark) = |size|·P·mmf, where slack is the equity above the
 * maintenance requirement of everything else. Prices scaled by the market's priceDecimals, sizes signed.
 */
export function liquidationPrice(input: {
  size: bigint;
  markPrice: bigint;
  equity: bigint;
  maintenance: bigint;
  market: { priceDecimals: number; sizeDecimals: number; mmfBps: number };
  quoteDecimals: number;
}): bigint | null {
  const { size, markPrice: mark, market, quoteDecimals } = input;
  if (size === 0n || mark <= 0n) return null;
  const abs = size < 0n ? -size : size;
  const own = requirement(notional(mark, abs, market, quoteDecimals), market.mmfBps);
  const slack = input.equity - input.maintenance + own;
  const slackInPriceSize =
    (slack * 10n ** BigInt(market.priceDecimals + market.sizeDecimals)) / 10n ** BigInt(quoteDecimals);
  const numerator = (slackInPriceSize - size * mark) * 10_000n;
  const denominator = abs * BigInt(market.mmfBps) - size * 10_000n;
  if (denominator === 0n) return null;
  const price = numerator / denominator;
  return price > 0n ? price : null;
}
