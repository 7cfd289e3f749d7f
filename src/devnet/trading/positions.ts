// Positions and the money arithmetic of perpetuals, all in bigint. Sizes are scaled by the market's
// sizeDecimals (signed: long > 0), prices by priceDecimals, PnL and notional in quote-token units.
import type { MarketInfo } from '../../shared/exchange/info';
import type { PositionState } from './state';

/** Adds a funding payment (negative: paid) to the position's running totals. */
export function addFunding(position: PositionState, payment: bigint): void {
  position.fundingPnl += payment;
  position.fundingSinceOpen += payment;
  position.fundingSinceChange += payment;
}

/** price x size in quote units: scaled by 10^quoteDecimals / 10^(priceDecimals + sizeDecimals), toward zero. */
export function notional(market: MarketInfo, price: bigint, size: bigint, quoteDecimals: number): bigint {
  return (
    (price * size * 10n ** BigInt(quoteDecimals)) / 10n ** BigInt(market.priceDecimals + market.sizeDecimals)
  );
}

/** Applies a fill (signed size delta at a price) and returns the PnL it realised, in quote units. */
export function applyFill(
  position: PositionState,
  market: MarketInfo,
  delta: bigint,
  price: bigint,
  quoteDecimals: number,
): bigint {
  const { size } = position;
  position.fundingSinceChange = 0n;
  position.realizedSinceChange = 0n;
  if (size === 0n) {
    position.realizedSinceOpen = 0n;
    position.fundingSinceOpen = 0n;
  }
  if (size === 0n || size > 0n === delta > 0n) {
    // opening or adding: the entry becomes the size-weighted average
    const total = size + delta;
    position.entryPrice = (position.entryPrice * abs(size) + price * abs(delta)) / abs(total);
    position.size = total;
    return 0n;
  }
  // reducing, closing or flipping
  const closing = abs(delta) < abs(size) ? delta : -size;
  const pnl = notional(market, price - position.entryPrice, -closing, quoteDecimals);
  position.realizedPnl += pnl;
  position.realizedSinceOpen += pnl;
  position.realizedSinceChange = pnl;
  position.size = size + delta;
  if (position.size === 0n) position.entryPrice = 0n;
  else if (position.size > 0n !== size > 0n) position.entryPrice = price; // flipped: the rest opens at this price
  return pnl;
}

export function unrealizedPnl(
  position: PositionState,
  market: MarketInfo,
  mark: bigint,
  quoteDecimals: number,
): bigint {
  return position.size === 0n
    ? 0n
    : notional(market, mark - position.entryPrice, position.size, quoteDecimals);
}

export const abs = (v: bigint): bigint => (v < 0n ? -v : v);
