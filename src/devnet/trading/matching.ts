// Matching: price-time matching of a taker against the book, with maker and taker fees by tier, positions
// and balances updated on both sides, the trading history and the account events, and reduce-only orders
// kept able to only reduce as positions change. Placing an order (orders/rules.ts), a liquidation
// (liquidation.ts) and the market maker's quotes (maker.ts) all trade through match.
import type { RuleContext } from '../engine/rule';
import type { DevnetConfig } from '../config';
import type { MarketInfo } from '../../shared/exchange/info';
import { crossable, removeOrder, restingIds } from './book';
import { abs, applyFill, notional } from './positions';
import { accountMargin, quoteDecimals } from './margin';
import { recordFill } from './history';
import { bpsOf } from '../engine/bps';
import type { EngineState } from '../state';
import {
  emptyBook,
  type AccountState,
  type BookSide,
  type OrderRecord,
  type RestingOrder,
  emptyPosition,
  type PositionState,
} from './state';

function feeBps(
  state: EngineState,
  config: DevnetConfig,
  accountId: number,
  role: 'maker' | 'taker',
): number {
  const tier =
    config.feeTiers.find((t) => t.tierId === (state.feeTiers[accountId] ?? 0)) ?? config.feeTiers[0]!;
  return role === 'maker' ? tier.makerBps : tier.takerBps;
}

/** Fee on a notional, rounded up so the exchange never undercharges (a rebate's size rounds down). */
const fee = (value: bigint, bps: number): bigint => bpsOf(value, bps, 'up');

export function positionOf(state: EngineState, accountId: number, marketId: number): PositionState {
  const byMarket = (state.positions[accountId] ??= {});
  return (byMarket[marketId] ??= emptyPosition(state.oracle?.markets[marketId]?.cumulativeFunding ?? 0n));
}

export interface Taker {
  account: AccountState;
  market: MarketInfo;
  side: BookSide;
  /** null: no limit (a market order) */
  limit: bigint | null;
  size: bigint;
  orderId: bigint;
  clientOrderId?: bigint;
  /** a reduce-only taker never trades past the opposite position it holds */
  reduceOnly?: boolean;
  /** why the taker trades; a liquidation is recorded as such in the position history */
  reason?: 'trade' | 'liquidation';
}

/** One fill as the engine records it: the maker's order and account, the price and the size. */
export interface Fill {
  makerOrderId: bigint;
  makerAccountId: number;
  price: bigint;
  size: bigint;
}

export const fillKey = (orderId: bigint, makerId: number, price: bigint): string =>
  `${orderId}:${makerId}:${price}`;

/** How much an order on `side` can reduce `position` (signed): the opposite position's size, else 0. */
export function closable(position: bigint, side: BookSide): bigint {
  if (side === 'ASK') return position > 0n ? position : 0n;
  return position < 0n ? -position : 0n;
}

const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** Takes a resting order off the book as the engine's decision, telling its account why. */
function cancelResting(
  state: EngineState,
  order: OrderRecord,
  reason: 'reduceOnly' | 'margin',
  emit: RuleContext['emit'],
): void {
  removeOrder((state.books[order.marketId] ??= emptyBook()), order.orderId);
  order.status = 'cancelled';
  const account = state.accounts[order.accountId]!;
  account.updateId += 1;
  emit(account.id, {
    type: 'orderCancelled',
    marketId: order.marketId,
    orderId: order.orderId.toString(),
    reason,
  });
}

/**
 * Keeps the account's resting reduce-only orders in a market able to do only that, after its position
 * changed: an order on the side that no longer closes anything (the position is flat or on the order's
 * side) is cancelled; one larger than the position is shrunk to its size. Each order is held to the whole
 * position on its own; matching clamps fills so that several of them together cannot flip it either.
 */
export function enforceReduceOnly(
  state: EngineState,
  accountId: number,
  marketId: number,
  emit: RuleContext['emit'],
): void {
  const book = state.books[marketId];
  if (!book) return;
  const position = state.positions[accountId]?.[marketId]?.size ?? 0n;
  for (const id of [...restingIds(book, accountId)]) {
    const order = state.orders[id.toString()];
    if (!order || !order.reduceOnly || order.status !== 'open') continue;
    const remaining = order.size - order.filled;
    const cap = closable(position, order.side);
    if (remaining <= cap) continue;
    if (cap === 0n) {
      cancelResting(state, order, 'reduceOnly', emit);
      continue;
    }
    // a non-fill reduction: the order keeps its place in the book with less left
    const resting = (order.side === 'BID' ? book.bids : book.asks).find((o) => o.orderId === id)!;
    const cut = remaining - cap;
    resting.remaining = cap;
    resting.size -= cut;
    order.size -= cut;
    book.updateId += 1;
    const account = state.accounts[accountId]!;
    account.updateId += 1;
    emit(accountId, {
      type: 'orderReduced',
      marketId,
      orderId: order.orderId.toString(),
      cancelledSize: cut.toString(),
      remainingSize: cap.toString(),
      reason: 'reduceOnly',
    });
  }
}

export type MatchStep =
  | { kind: 'fill'; maker: RestingOrder; size: bigint }
  | { kind: 'cancel'; maker: RestingOrder; reason: 'reduceOnly' | 'margin' };

/**
 * What a taker would do to the book, decided from the state before anything changes, so that FILL_OR_KILL
 * can be refused up front and matching follows exactly this plan. Best price first, then arrival; the
 * taker's own orders are skipped (no self-trade). A resting order trades only what its account may:
 * - reduce-only: at most the opposite position its account holds at that point (earlier fills of the same
 *   plan included); one that can no longer reduce anything is cancelled instead;
 * - any other order whose fill would grow its account's exposure: only while the account's free collateral
 *   (which already counts this order's hold) is not negative; otherwise it is cancelled (reason `margin`).
 *   The check is made once per account, on the state before the taker trades.
 * A reduce-only taker stops where its own position is closed.
 */
export function planMatch(
  state: EngineState,
  config: DevnetConfig,
  taker: {
    accountId: number;
    marketId: number;
    side: BookSide;
    limit: bigint | null;
    size: bigint;
    reduceOnly?: boolean;
  },
): MatchStep[] {
  const book = state.books[taker.marketId] ?? emptyBook();
  const positions = new Map<number, bigint>();
  const position = (id: number) => positions.get(id) ?? state.positions[id]?.[taker.marketId]?.size ?? 0n;
  const carries = new Map<number, boolean>();
  const canCarry = (id: number): boolean => {
    let ok = carries.get(id);
    if (ok === undefined) {
      ok = accountMargin(state, config, state.accounts[id]!).freeCollateral >= 0n;
      carries.set(id, ok);
    }
    return ok;
  };
  const steps: MatchStep[] = [];
  let remaining = taker.size;
  for (const maker of crossable(book, taker.side, taker.limit)) {
    if (remaining === 0n) break;
    if (maker.accountId === taker.accountId) continue;
    let size = min(remaining, maker.remaining);
    if (taker.reduceOnly) {
      const cap = closable(position(taker.accountId), taker.side);
      if (cap === 0n) break;
      size = min(size, cap);
    }
    const held = position(maker.accountId);
    if (maker.reduceOnly) {
      const cap = closable(held, maker.side);
      if (cap === 0n) {
        steps.push({ kind: 'cancel', maker, reason: 'reduceOnly' });
        continue;
      }
      size = min(size, cap);
    } else {
      const after = held + (maker.side === 'BID' ? size : -size);
      if (abs(after) > abs(held) && !canCarry(maker.accountId)) {
        steps.push({ kind: 'cancel', maker, reason: 'margin' });
        continue;
      }
    }
    steps.push({ kind: 'fill', maker, size });
    positions.set(maker.accountId, held + (maker.side === 'BID' ? size : -size));
    positions.set(taker.accountId, position(taker.accountId) + (taker.side === 'BID' ? size : -size));
    remaining -= size;
  }
  return steps;
}

/**
 * Trades the taker against the book as planMatch decides (`plan`: its answer for this taker, computed on
 * the state as it still is); returns the fills. Fills are numbered from `firstSubAction` within the action
 * (an engine action may match several takers in one market).
 */
export function match(
  state: EngineState,
  config: DevnetConfig,
  taker: Taker,
  time: number,
  actionId: bigint,
  emit: RuleContext['emit'],
  firstSubAction = 0,
  plan?: MatchStep[],
): Fill[] {
  const book = (state.books[taker.market.marketId] ??= emptyBook());
  const qd = quoteDecimals(config);
  const fills: Fill[] = [];
  const steps =
    plan ??
    planMatch(state, config, {
      accountId: taker.account.id,
      marketId: taker.market.marketId,
      side: taker.side,
      limit: taker.limit,
      size: taker.size,
      ...(taker.reduceOnly ? { reduceOnly: true } : {}),
    });
  for (const step of steps) {
    const maker = step.maker;
    const makerOrder = state.orders[maker.orderId.toString()]!;
    // an earlier fill's reduce-only upkeep may have cancelled it already
    if (makerOrder.status !== 'open') continue;
    if (step.kind === 'cancel') {
      cancelResting(state, makerOrder, step.reason, emit);
      continue;
    }
    const size = min(step.size, maker.remaining);
    if (size <= 0n) continue;
    const value = notional(taker.market, maker.price, size, qd);
    const takerFee = fee(value, feeBps(state, config, taker.account.id, 'taker'));
    const makerFee = fee(value, feeBps(state, config, maker.accountId, 'maker'));
    const makerAccount = state.accounts[maker.accountId]!;
    const signed = taker.side === 'BID' ? size : -size;
    const subActionId = firstSubAction + fills.length;
    // accounts whose position shrank, closed or flipped: their reduce-only orders may need upkeep
    const reduced: number[] = [];
    const side = (accountId: number, delta: bigint, fee: bigint): bigint => {
      const position = positionOf(state, accountId, taker.market.marketId);
      const sizeBefore = position.size;
      const pnl = applyFill(position, taker.market, delta, maker.price, qd);
      if (
        sizeBefore !== 0n &&
        (abs(position.size) < abs(sizeBefore) || position.size > 0n !== sizeBefore > 0n)
      )
        reduced.push(accountId);
      recordFill(state, config, {
        actionId,
        subActionId,
        marketId: taker.market.marketId,
        accountId,
        time,
        tradingPnl: pnl,
        fee,
        sizeBefore,
        sizeAfter: position.size,
        price: maker.price,
        entryPrice: position.entryPrice,
        notional: value,
        reason: taker.reason ?? 'trade',
      });
      return pnl;
    };
    const takerPnl = side(taker.account.id, signed, takerFee);
    const makerPnl = side(maker.accountId, -signed, makerFee);
    taker.account.balances[config.quoteTokenId] =
      (taker.account.balances[config.quoteTokenId] ?? 0n) + takerPnl - takerFee;
    makerAccount.balances[config.quoteTokenId] =
      (makerAccount.balances[config.quoteTokenId] ?? 0n) + makerPnl - makerFee;
    state.feeVault[config.quoteTokenId] = (state.feeVault[config.quoteTokenId] ?? 0n) + takerFee + makerFee;

    maker.remaining -= size;
    makerOrder.filled += size;
    if (maker.remaining === 0n) {
      removeOrder(book, maker.orderId);
      makerOrder.status = 'filled';
    } else book.updateId += 1;
    state.trades.push({
      id: state.nextTradeId++,
      actionId,
      time,
      marketId: taker.market.marketId,
      price: maker.price,
      size,
      takerSide: taker.side,
      takerAccountId: taker.account.id,
      makerAccountId: maker.accountId,
      takerOrderId: taker.orderId,
      makerOrderId: maker.orderId,
      takerFee,
      makerFee,
    });
    fills.push({ makerOrderId: maker.orderId, makerAccountId: maker.accountId, price: maker.price, size });
    makerAccount.updateId += 1;
    const makerPosition = positionOf(state, maker.accountId, taker.market.marketId);
    emit(makerAccount.id, {
      type: 'fill',
      role: 'maker',
      // the interface keys account fills orderId:makerId:rawPrice
      key: fillKey(maker.orderId, maker.accountId, maker.price),
      marketId: taker.market.marketId,
      orderId: maker.orderId.toString(),
      price: maker.price.toString(),
      size: size.toString(),
      fee: makerFee.toString(),
      takerClientOrderId: taker.clientOrderId?.toString() ?? null,
      position: { size: makerPosition.size.toString(), entryPrice: makerPosition.entryPrice.toString() },
    });
    // reduce-only orders that can no longer reduce (all of it) are shrunk or cancelled
    for (const accountId of reduced) enforceReduceOnly(state, accountId, taker.market.marketId, emit);
  }
  return fills;
}
