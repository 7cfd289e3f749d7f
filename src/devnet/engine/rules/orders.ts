// PlaceOrder and CancelOrderById: price-time matching against the book, every fill mode, reduce-only,
// a margin check before anything moves, maker and taker fees by tier, and positions updated on both sides.
import { Rejection, type AccountState, type EngineState, type OrderRecord } from '../state';
import type { RuleContext, RuleSet } from '../engine';
import type { DevnetConfig } from '../../config';
import type { MarketInfo } from '../../../shared/exchange/info';
import type { Fill } from '../../../protocol/types';
import { crossable, emptyBook, insertOrder, liquidity, removeOrder, type BookSide } from '../../markets/book';
import { abs, applyFill, emptyPosition, notional, type PositionState } from '../../markets/positions';
import { accountMargin, quoteDecimals } from '../../markets/margin';
import { recordFill } from '../../markets/history';

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

/** Fee on a notional, rounded so the exchange never undercharges (up for charges, down for rebates). */
function fee(value: bigint, bps: number): bigint {
  const product = value * BigInt(bps);
  return product >= 0n ? (product + 9_999n) / 10_000n : product / 10_000n;
}

export function positionOf(state: EngineState, accountId: number, marketId: number): PositionState {
  const byMarket = (state.positions[accountId] ??= {});
  return (byMarket[marketId] ??= emptyPosition(state.oracle?.markets[marketId]?.cumulativeFunding ?? 0n));
}

function ownedAccount(ctx: RuleContext, accountId: number | undefined): AccountState {
  const user = ctx.state.users[ctx.user];
  const id = accountId ?? user?.accountIds[0];
  const account = id === undefined ? undefined : ctx.state.accounts[id];
  if (!account) throw new Rejection('ACCOUNT_NOT_FOUND');
  if (account.owner !== ctx.user) throw new Rejection('ACCOUNT_INVALID_OWNER');
  return account;
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
  /** why the taker trades; a liquidation is recorded as such in the position history */
  reason?: 'trade' | 'liquidation';
}

export const fillKey = (orderId: bigint, makerId: number, price: bigint): string =>
  `${orderId}:${makerId}:${price}`;

/** Trades the taker against the book; returns the fills. Self-trades are skipped, not executed. */
export function match(
  state: EngineState,
  config: DevnetConfig,
  taker: Taker,
  time: number,
  actionId: bigint,
  emit: RuleContext['emit'],
): Fill[] {
  const book = (state.books[taker.market.marketId] ??= emptyBook());
  const qd = quoteDecimals(config);
  const fills: Fill[] = [];
  let remaining = taker.size;
  for (const maker of crossable(book, taker.side, taker.limit)) {
    if (remaining === 0n) break;
    if (maker.accountId === taker.account.id) continue;
    const size = remaining < maker.remaining ? remaining : maker.remaining;
    const value = notional(taker.market, maker.price, size, qd);
    const takerFee = fee(value, feeBps(state, config, taker.account.id, 'taker'));
    const makerFee = fee(value, feeBps(state, config, maker.accountId, 'maker'));
    const makerAccount = state.accounts[maker.accountId]!;
    const signed = taker.side === 'BID' ? size : -size;
    const subActionId = fills.length;
    const side = (accountId: number, delta: bigint, fee: bigint): bigint => {
      const position = positionOf(state, accountId, taker.market.marketId);
      const sizeBefore = position.size;
      const pnl = applyFill(position, taker.market, delta, maker.price, qd);
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
    remaining -= size;
    const makerOrder = state.orders[maker.orderId.toString()]!;
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
  }
  return fills;
}

export const orderRules: RuleSet = {
  placeOrder(kind, ctx) {
    const { state, config } = ctx;
    const market = config.markets.find((m) => m.marketId === kind.marketId);
    if (!market) throw new Rejection('MARKET_NOT_FOUND');
    const account = ownedAccount(ctx, kind.senderAccountId);
    const resting = kind.fillMode === 'LIMIT' || kind.fillMode === 'POST_ONLY';
    if (kind.size <= 0n || (resting && kind.price <= 0n)) throw new Rejection('ORDER_INVALID');
    const limit = kind.price > 0n ? kind.price : null;
    const book = (state.books[market.marketId] ??= emptyBook());
    const position = state.positions[account.id]?.[market.marketId]?.size ?? 0n;
    const signed = kind.side === 'BID' ? kind.size : -kind.size;
    let size = kind.size;
    if (kind.isReduceOnly) {
      // reduce-only may only shrink a position on the other side, and never past zero
      if (position === 0n || position > 0n === signed > 0n) throw new Rejection('ORDER_INVALID');
      if (size > abs(position)) size = abs(position);
    }
    if (
      kind.fillMode === 'POST_ONLY' &&
      crossable(book, kind.side, limit).some((o) => o.accountId !== account.id)
    )
      throw new Rejection('ORDER_WOULD_CROSS');
    if (kind.fillMode === 'FILL_OR_KILL' && liquidity(book, kind.side, limit, account.id) < size)
      throw new Rejection('ORDER_NOT_FILLED');
    const after = position + (kind.side === 'BID' ? size : -size);
    if (abs(after) > abs(position)) {
      // opening or growing: the whole order, filled, must fit the initial margin
      const margin = accountMargin(state, config, account, { [market.marketId]: after });
      if (margin.freeCollateral < 0n) throw new Rejection('RISK');
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
        ...(kind.clientOrderId !== undefined ? { clientOrderId: kind.clientOrderId } : {}),
      },
      ctx.now,
      ctx.actionId,
      ctx.emit,
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
    return {
      type: 'placeOrderResult',
      orderId,
      filledSize: order.filled,
      remainingSize: order.status === 'open' ? remaining : 0n,
      fills,
      ...(kind.clientOrderId !== undefined ? { clientOrderId: kind.clientOrderId } : {}),
    };
  },

  cancelOrderById(kind, ctx) {
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
    return { type: 'cancelOrderResult', orderId: order.orderId, cancelledSize: resting?.remaining ?? 0n };
  },
};
