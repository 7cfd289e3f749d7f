// PlaceOrder and CancelOrderById: every fill mode, reduce-only at placement, and a margin check before
// anything moves that counts open orders; the trading itself is the trading core's match
// (trading/matching.ts), which keeps reduce-only up at every fill and as positions change.
import { type RuleContext, type RuleSet, Rejection } from '../engine/rule';
import type { QuoteSize, Trade } from '../../protocol/types';
import { crossable, insertOrder, removeOrder } from '../trading/book';
import { abs } from '../trading/positions';
import { accountMargin } from '../trading/margin';
import { fillKey, match, planMatch, positionOf, type Fill } from '../trading/matching';
import {
  emptyBook,
  type AccountState,
  type BookSide,
  type BookState,
  type OrderRecord,
} from '../trading/state';

function ownedAccount(ctx: RuleContext, accountId: number | undefined): AccountState {
  const user = ctx.state.users[ctx.user];
  const id = accountId ?? user?.accountIds[0];
  const account = id === undefined ? undefined : ctx.state.accounts[id];
  if (!account) throw new Rejection('ACCOUNT_NOT_FOUND');
  if (account.owner !== ctx.user) throw new Rejection('ACCOUNT_INVALID_OWNER');
  return account;
}

/** A receipt's fill: the public Receipt.Trade names the maker's order and account. */
const tradeOf = (f: Fill): Trade => ({
  orderId: f.makerOrderId,
  price: f.price,
  size: f.size,
  accountId: f.makerAccountId,
});

/**
 * The size a quote limit allows (public QuoteSize: size x price is the notional, at priceDecimals +
 * sizeDecimals): what crosses at once is taken level by level until the notional is spent, and what is left
 * of it rests at the order's limit price; with a size as well, the smaller of the two wins.
 */
function sizeWithin(
  book: BookState,
  side: BookSide,
  limit: bigint | null,
  size: bigint,
  quote: QuoteSize | undefined,
): bigint {
  if (!quote) return size;
  let budget = quote.size * quote.price;
  let allowed = 0n;
  for (const maker of crossable(book, side, limit)) {
    if (budget === 0n) break;
    const cost = maker.price * maker.remaining;
    if (cost > budget) {
      allowed += budget / maker.price;
      budget = 0n;
    } else {
      allowed += maker.remaining;
      budget -= cost;
    }
  }
  if (budget > 0n && limit !== null) allowed += budget / limit;
  return size > 0n && size < allowed ? size : allowed;
}

export const orderRules: RuleSet = {
  placeOrder(kind, ctx) {
    const { state, config } = ctx;
    const market = config.markets.find((m) => m.marketId === kind.marketId);
    if (!market) throw new Rejection('MARKET_NOT_FOUND');
    // delegation by delegator_account_id was replaced by the atomic target_account_id (interface v19)
    if (kind.delegatorAccountId !== undefined) throw new Rejection('ACTION_NOT_ALLOWED');
    const account = ownedAccount(ctx, kind.senderAccountId);
    const resting = kind.fillMode === 'LIMIT' || kind.fillMode === 'POST_ONLY';
    const position = state.positions[account.id]?.[market.marketId]?.size ?? 0n;
    // reduce-only may only shrink a position on the other side, and never past zero
    if (kind.isReduceOnly && (position === 0n || position > 0n === (kind.side === 'BID')))
      throw new Rejection('ORDER_INVALID');
    if (kind.size === 0n && kind.price === 0n && !kind.quoteSize)
      throw new Rejection('ORDER_EXECUTION_MISSING_LIMITS');
    if (resting && kind.price === 0n) throw new Rejection('ORDER_EXECUTION_MISSING_PRICE');
    const limit = kind.price > 0n ? kind.price : null;
    const book = (state.books[market.marketId] ??= emptyBook());
    let size = sizeWithin(book, kind.side, limit, kind.size, kind.quoteSize);
    if (size === 0n) throw new Rejection('ORDER_SIZE_ZERO');
    if (kind.isReduceOnly && size > abs(position)) size = abs(position);
    if (
      kind.fillMode === 'POST_ONLY' &&
      crossable(book, kind.side, limit).some((o) => o.accountId !== account.id)
    )
      throw new Rejection('POST_ONLY_MUST_NOT_FILL_ANY_OPPOSITE_ORDERS');
    // what the order will do at once is known before anything changes (matching follows this plan)
    const steps = planMatch(state, config, {
      accountId: account.id,
      marketId: market.marketId,
      side: kind.side,
      limit,
      size,
      reduceOnly: kind.isReduceOnly,
    });
    const immediate = steps.reduce((sum, s) => sum + (s.kind === 'fill' ? s.size : 0n), 0n);
    if (kind.fillMode === 'FILL_OR_KILL' && immediate < size)
      throw new Rejection('ORDER_EXECUTION_FILL_OR_KILL');
    // an immediate order that would trade nothing is refused, as the public engine does (133), not
    // accepted and cancelled at once
    if (kind.fillMode === 'IMMEDIATE_OR_CANCEL' && immediate === 0n)
      throw new Rejection('IMMEDIATE_ORDER_GOT_NO_FILLS');
    // Margin, checked as the order will execute: what fills at once counts as position (at the mark), what
    // rests holds initial margin at its limit price (trading/margin.ts). An order that adds to the initial
    // requirement must leave the free collateral non-negative; one that only reduces is always allowed.
    const rests = resting && !kind.isReduceOnly ? size - immediate : 0n;
    if (immediate > 0n || rests > 0n) {
      const after = accountMargin(state, config, account, {
        ...(immediate > 0n
          ? { positions: { [market.marketId]: position + (kind.side === 'BID' ? immediate : -immediate) } }
          : {}),
        ...(rests > 0n
          ? { order: { marketId: market.marketId, side: kind.side, price: kind.price, size: rests } }
          : {}),
      });
      if (
        after.freeCollateral < 0n &&
        after.initialRequirement > accountMargin(state, config, account).initialRequirement
      )
        throw new Rejection('RISK');
    }

    const orderId = state.nextOrderId++;
    const order: OrderRecord = {
      orderId,
      accountId: account.id,
      marketId: market.marketId,
      side: kind.side,
      fillMode: kind.fillMode,
      price: kind.price,
      size,
      filled: 0n,
      status: 'open',
      reduceOnly: kind.isReduceOnly,
      time: ctx.now,
      actionId: ctx.actionId,
      ...(kind.clientOrderId !== undefined ? { clientOrderId: kind.clientOrderId } : {}),
    };
    state.orders[orderId.toString()] = order;
    const fills = match(
      state,
      config,
      {
        account,
        market,
        side: kind.side,
        limit,
        size,
        orderId,
        ...(kind.isReduceOnly ? { reduceOnly: true } : {}),
        ...(kind.clientOrderId !== undefined ? { clientOrderId: kind.clientOrderId } : {}),
      },
      ctx.now,
      ctx.actionId,
      ctx.emit,
      0,
      steps,
    );
    order.filled = fills.reduce((sum, f) => sum + f.size, 0n);
    const remaining = size - order.filled;
    if (remaining > 0n && resting) {
      insertOrder(book, {
        orderId,
        accountId: account.id,
        side: kind.side,
        price: kind.price,
        size,
        remaining,
        reduceOnly: kind.isReduceOnly,
        time: ctx.now,
        ...(kind.clientOrderId !== undefined ? { clientOrderId: kind.clientOrderId } : {}),
      });
    } else order.status = remaining === 0n ? 'filled' : 'cancelled';
    account.updateId += 1;
    const nowHeld = positionOf(state, account.id, market.marketId);
    ctx.emit(account.id, {
      type: 'orderPlaced',
      marketId: market.marketId,
      orderId: orderId.toString(),
      status: order.status,
      filled: order.filled.toString(),
      remaining: remaining.toString(),
      fills: Object.fromEntries(
        fills.map((f) => [
          fillKey(f.makerOrderId, f.makerAccountId, f.price),
          { price: f.price.toString(), size: f.size.toString(), makerId: f.makerAccountId },
        ]),
      ),
      position: { size: nowHeld.size.toString(), entryPrice: nowHeld.entryPrice.toString() },
      ...(kind.clientOrderId !== undefined ? { clientOrderId: kind.clientOrderId.toString() } : {}),
    });
    const onBook = order.status === 'open' ? remaining : 0n;
    return {
      type: 'placeOrderResult',
      ...(onBook > 0n
        ? {
            posted: {
              side: kind.side,
              marketId: market.marketId,
              price: kind.price,
              size: onBook,
              orderId,
              accountId: account.id,
            },
          }
        : {}),
      fills: fills.map(tradeOf),
      ...(kind.clientOrderId !== undefined ? { clientOrderId: kind.clientOrderId } : {}),
      ...(kind.senderTrackingId !== undefined ? { senderTrackingId: kind.senderTrackingId } : {}),
      orderId,
      filledSize: order.filled,
      remainingSize: onBook,
    };
  },

  cancelOrderById(kind, ctx) {
    if (kind.delegatorAccountId !== undefined) throw new Rejection('ACTION_NOT_ALLOWED');
    const order = ctx.state.orders[kind.orderId.toString()];
    if (!order || order.status !== 'open') throw new Rejection('ORDER_NOT_FOUND');
    const account = ctx.state.accounts[order.accountId]!;
    if (
      account.owner !== ctx.user ||
      (kind.senderAccountId !== undefined && kind.senderAccountId !== order.accountId)
    )
      throw new Rejection('ACCOUNT_INVALID_OWNER');
    const resting = removeOrder((ctx.state.books[order.marketId] ??= emptyBook()), order.orderId);
    order.status = 'cancelled';
    account.updateId += 1;
    ctx.emit(account.id, {
      type: 'orderCancelled',
      marketId: order.marketId,
      orderId: order.orderId.toString(),
    });
    return {
      type: 'cancelOrderResult',
      orderId: order.orderId,
      accountId: order.accountId,
      cancelledSize: resting?.remaining ?? 0n,
    };
  },
};
