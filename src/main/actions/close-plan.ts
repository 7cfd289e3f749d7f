// What closing a position at once would do, worked out from the book before anything is signed: a
// reduce-only immediate-or-cancel order on the other side, taking the best resting orders level by level.
// Each level is one fill, as the exchange settles it: its realized PnL against the entry price and its taker
// fee, both rounded as the exchange rounds them (PnL toward zero, the fee up), so the review's figures are
// the ones the account will see if the book does not move. The order's limit is the worst level taken,
// moved a little further (CLOSE_SLIPPAGE_BPS) so a book that moves between review and signing still fills;
// being reduce-only, the order can never open or flip a position, whatever it meets.
import { AppFailure } from '../../shared/result';
import type { MarketInfo } from '../../shared/exchange/info';

export interface BookLevel {
  price: bigint;
  size: bigint;
}

/** How far past the worst level the review took the order's limit may go, in basis points. */
export const CLOSE_SLIPPAGE_BPS = 100n;
/** Fee rates are in hundred-millionths of the notional (exchange-client's takerFeeRate). */
const FEE_RATE_ONE = 100_000_000n;

export interface ClosePlanInput {
  /** signed: positive long, negative short */
  size: bigint;
  entryPrice: bigint;
  market: Pick<MarketInfo, 'priceDecimals' | 'sizeDecimals' | 'symbol'>;
  quoteDecimals: number;
  book: { asks: readonly BookLevel[]; bids: readonly BookLevel[] };
  /** charged as a positive rate, in hundred-millionths (5 bps: 50,000) */
  takerFeeRate: bigint;
}

export interface ClosePlan {
  side: 'ASK' | 'BID';
  /** the whole position, what the order asks for */
  size: bigint;
  /** what the book can take now (less than size: the rest stays open) */
  fillable: bigint;
  /** the size-weighted price of the levels taken */
  estimatedPrice: bigint;
  /** the order's limit: no fill worse than this */
  limitPrice: bigint;
  /** in quote units, what the fills would charge */
  fee: bigint;
  /** in quote units, before the fee */
  realizedPnl: bigint;
}

const abs = (v: bigint): bigint => (v < 0n ? -v : v);

/** price × size in quote units, truncated toward zero as the exchange truncates it. */
const notional = (input: ClosePlanInput, price: bigint, size: bigint): bigint =>
  (price * size * 10n ** BigInt(input.quoteDecimals)) /
  10n ** BigInt(input.market.priceDecimals + input.market.sizeDecimals);

export function closePlan(input: ClosePlanInput): ClosePlan {
  if (input.size === 0n) throw new AppFailure('NOT_FOUND', `There is no ${input.market.symbol} position.`);
  const long = input.size > 0n;
  const side = long ? 'ASK' : 'BID';
  // a long sells into the bids (dearest first), a short buys from the asks (cheapest first)
  const levels = long ? input.book.bids : input.book.asks;
  const size = abs(input.size);
  let left = size;
  let weighted = 0n;
  let fee = 0n;
  let realizedPnl = 0n;
  let worst = 0n;
  for (const level of levels) {
    if (left === 0n) break;
    if (level.size <= 0n || level.price <= 0n) continue;
    const take = level.size < left ? level.size : left;
    left -= take;
    weighted += level.price * take;
    worst = level.price;
    fee += ceilDiv(notional(input, level.price, take) * input.takerFeeRate, FEE_RATE_ONE);
    realizedPnl += notional(input, level.price - input.entryPrice, long ? take : -take);
  }
  const fillable = size - left;
  if (fillable === 0n)
    throw new AppFailure(
      'CONFLICT',
      `No one is ${long ? 'buying' : 'selling'} ${input.market.symbol} on the exchange now, so the position cannot be closed at once. Try again shortly.`,
    );
  const slip = (worst * CLOSE_SLIPPAGE_BPS) / 10_000n;
  return {
    side,
    size,
    fillable,
    estimatedPrice: weighted / fillable,
    limitPrice: long ? (worst - slip > 0n ? worst - slip : 1n) : worst + slip,
    fee,
    realizedPnl,
  };
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a <= 0n ? a / b : (a + b - 1n) / b);
