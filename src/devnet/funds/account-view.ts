// GET /account/{id} as rest.md's `Account`. The margins view (AccountMarginsView, USD): mf and omf are the
// equity (balances valued in quote units plus unrealized PnL at the mark), imf and mmf the initial and
// maintenance requirements, cmf the cancel requirement (halfway between them, by the market's cmf); pn is
// the notional of the positions at the mark and pon adds what open orders would open. Figures a client
// derives (health, free collateral, liquidation price) are not served: the client computes them.
import type { DevnetConfig } from '../config';
import type { WireAccount } from '../../shared/exchange/account';
import { accountMargins, positionsOf, quoteDecimals } from '../trading/margin';
import { abs, unrealizedPnl } from '../trading/positions';
import { restingIds } from '../trading/book';
import { human, sideJson, unitsOf, whole } from '../json';
import type { AccountState } from '../trading/state';
import type { EngineState } from '../state';

export function accountJson(state: EngineState, config: DevnetConfig, a: AccountState): WireAccount {
  const u = unitsOf(config);
  const qd = quoteDecimals(config);
  const margin = accountMargins(state, config, a);
  const lastAction = state.nextActionId - 1n;
  const open = Object.values(state.books).flatMap((book) =>
    restingIds(book, a.id).map((id) => state.orders[id.toString()]!),
  );
  const positions = new Map(positionsOf(state, a.id));
  const marketIds = [...new Set([...positions.keys(), ...open.map((o) => o.marketId)])].sort((x, y) => x - y);
  return {
    updateId: BigInt(a.updateId),
    orders: open.map((o) => ({
      orderId: o.orderId.toString(),
      marketId: o.marketId,
      side: sideJson(o.side),
      size: u.size(o.size - o.filled, o.marketId),
      price: u.price(o.price, o.marketId),
      originalOrderSize: u.size(o.size, o.marketId),
      clientOrderId: o.clientOrderId === undefined ? null : o.clientOrderId.toString(),
    })),
    positions: marketIds.map((marketId) => {
      const p = positions.get(marketId);
      const market = config.markets.find((m) => m.marketId === marketId)!;
      const mark = state.oracle?.markets[marketId]?.mark ?? p?.entryPrice ?? 0n;
      return {
        marketId,
        openOrders: open.filter((o) => o.marketId === marketId).length,
        perp: p
          ? {
              baseSize: u.size(abs(p.size), marketId),
              price: u.price(p.entryPrice, marketId),
              updatedFundingRateIndex: whole(p.fundingIndex),
              fundingPaymentPnl: u.quote(p.fundingPnl),
              sizePricePnl: u.quote(unrealizedPnl(p, market, mark, qd)),
              isLong: p.size > 0n,
            }
          : null,
        actionId: lastAction,
      };
    }),
    balances: Object.entries(a.balances).map(([tokenId, amount]) => ({
      tokenId: Number(tokenId),
      token: u.tokenSymbol(Number(tokenId)),
      amount: u.token(amount, Number(tokenId)),
    })),
    margins: {
      omf: human(margin.equity, qd),
      mf: human(margin.equity, qd),
      imf: human(margin.initialRequirement, qd),
      cmf: human(margin.cancelRequirement, qd),
      mmf: human(margin.maintenanceRequirement, qd),
      pon: human(margin.openNotional, qd),
      pn: human(margin.positionNotional, qd),
      bankruptcy: margin.equity < 0n,
    },
  };
}
