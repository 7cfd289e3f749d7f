// Liquidation: an account whose equity falls below its maintenance requirement has its resting orders
// cancelled and every position closed at market against the book, under one engine action. What the
// closing cannot cover (a negative quote balance with nothing left open) becomes protocol debt, which is
// what makes the withdrawal fee grow while the protocol is unhealthy.
import type { TickContext } from '../engine/tick';
import { match } from './matching';
import { removeOrder } from './book';
import { accountMargin, accountMargins, marginFigures, positionsOf } from './margin';
import { abs } from './positions';
import { recordLiquidation } from './history';
import type { TradeRecord } from './state';

/** What the taker order paid in fees over its trades (the newest trades are searched first). */
function takerFees(trades: readonly TradeRecord[], orderId: bigint): bigint {
  let fee = 0n;
  for (let i = trades.length - 1; i >= 0 && trades[i]!.takerOrderId >= orderId; i -= 1)
    if (trades[i]!.takerOrderId === orderId) fee += trades[i]!.takerFee;
  return fee;
}

export function liquidateUnhealthy(tick: TickContext): number[] {
  const { state, config } = tick;
  if (!state.oracle) return [];
  const liquidated: number[] = [];
  for (const accountIdText of Object.keys(state.positions)) {
    const accountId = Number(accountIdText);
    const account = state.accounts[accountId];
    if (!account || accountId === state.marketMakerAccount) continue;
    const open = positionsOf(state, accountId);
    if (open.length === 0) continue;
    // open orders add to the initial requirement only: maintenance decides
    const before = accountMargin(state, config, account, { orders: false });
    if (before.equity >= before.maintenanceRequirement) continue;

    const pre = marginFigures(accountMargins(state, config, account));
    const actionId = tick.recordAction('liquidation', {
      accountId,
      equity: before.equity.toString(),
      maintenanceRequirement: before.maintenanceRequirement.toString(),
    });
    for (const [orderId, order] of Object.entries(state.orders)) {
      if (order.accountId !== accountId || order.status !== 'open') continue;
      removeOrder(state.books[order.marketId]!, order.orderId);
      order.status = 'cancelled';
      tick.emit(accountId, {
        type: 'orderCancelled',
        marketId: order.marketId,
        orderId,
        reason: 'liquidation',
      });
    }
    for (const [marketId, position] of open) {
      const market = config.markets.find((m) => m.marketId === marketId)!;
      const size = position.size;
      // the closing order is a real order, so its trades can be looked up like any other
      const orderId = state.nextOrderId++;
      const order = {
        orderId,
        accountId,
        marketId,
        side: size > 0n ? ('ASK' as const) : ('BID' as const),
        fillMode: 'IMMEDIATE_OR_CANCEL',
        price: 0n,
        size: abs(size),
        filled: 0n,
        status: 'cancelled' as 'open' | 'filled' | 'cancelled',
        reduceOnly: true,
        time: tick.now,
        actionId,
      };
      state.orders[orderId.toString()] = order;
      const fills = match(
        state,
        config,
        {
          account,
          market,
          side: size > 0n ? 'ASK' : 'BID',
          limit: null,
          size: abs(size),
          orderId,
          reason: 'liquidation',
        },
        tick.now,
        actionId,
        tick.emit,
      );
      const closed = fills.reduce((sum, f) => sum + f.size, 0n);
      order.filled = closed;
      if (closed === abs(size)) order.status = 'filled';
      if (closed === 0n) continue;
      const value = fills.reduce((sum, f) => sum + f.price * f.size, 0n);
      recordLiquidation(state, {
        actionId,
        accountId,
        time: tick.now,
        marketId,
        size: size > 0n ? closed : -closed,
        price: value / closed,
        pre,
        post: marginFigures(accountMargins(state, config, account)),
        fee: takerFees(state.trades, orderId),
      });
    }
    const quote = account.balances[config.quoteTokenId] ?? 0n;
    if (quote < 0n && positionsOf(state, accountId).length === 0) {
      state.protocolDebt += -quote;
      account.balances[config.quoteTokenId] = 0n;
    }
    account.updateId += 1;
    tick.emit(accountId, { type: 'liquidated', actionId: actionId.toString() });
    liquidated.push(accountId);
  }
  return liquidated;
}
