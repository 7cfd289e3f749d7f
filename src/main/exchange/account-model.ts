// The app's model of one exchange account, built from the public `Account` JSON: amounts scaled with the
// /info decimals, sizes signed (long > 0), and the margin figures (health, free collateral, liquidation
// price) computed here from `margins` and the positions rather than read from any devnet-only field.
import type { AccountJson } from '../../shared/exchange/account';
import type { MarketsInfo } from '../../shared/exchange/info';
import { marginFrom } from './risk';
import type { Margin } from '../../shared/risk-levels';
import { liquidationPrice } from '../../shared/liquidation-price';
import { scalerFor } from './scale';

export interface Position {
  marketId: number;
  /** signed: positive long, negative short */
  size: bigint;
  entryPrice: bigint;
  markPrice: bigint;
  unrealizedPnl: bigint;
  fundingPnl: bigint;
  liquidationPrice: bigint | null;
}

export interface OpenOrder {
  orderId: string;
  clientOrderId: string | null;
  marketId: number;
  side: 'ASK' | 'BID';
  price: bigint;
  remainingSize: bigint;
}

export interface Account {
  accountId: number;
  balances: { tokenId: number; amount: bigint }[];
  positions: Position[];
  openOrders: OpenOrder[];
  margin: Margin;
  /** the account stream's update id this snapshot reflects */
  updateId: number;
}

/**
 * `marks`: the mark price of each market the account holds a position in (from /market/{id}/stats),
 * as the decimal text the exchange wrote.
 */
export function accountFromJson(
  accountId: number,
  json: AccountJson,
  info: MarketsInfo,
  marks: ReadonlyMap<number, string>,
): Account {
  const s = scalerFor(info, `/account/${accountId}`);
  const m = json.margins;
  const margin = marginFrom({
    mf: s.quote(m.mf, 'margins.mf'),
    imf: s.quote(m.imf, 'margins.imf'),
    mmf: s.quote(m.mmf, 'margins.mmf'),
  });
  const quoteDecimals = s.tokenInfo(info.quoteTokenId).decimals;
  const positions: Position[] = [];
  for (const p of json.positions) {
    if (!p.perp) continue;
    const market = s.market(p.marketId);
    const base = s.size(p.perp.baseSize, p.marketId, 'a position size');
    if (base === 0n) continue;
    const size = p.perp.isLong ? base : -base;
    const entryPrice = s.price(p.perp.price, p.marketId, 'a position price');
    const markText = marks.get(p.marketId);
    const markPrice = markText === undefined ? entryPrice : s.price(markText, p.marketId, 'a mark price');
    positions.push({
      marketId: p.marketId,
      size,
      entryPrice,
      markPrice,
      unrealizedPnl: s.quote(p.perp.sizePricePnl, 'a position sizePricePnl'),
      fundingPnl: s.quote(p.perp.fundingPaymentPnl, 'a position fundingPaymentPnl'),
      liquidationPrice: liquidationPrice({
        size,
        markPrice,
        equity: margin.equity,
        maintenance: margin.maintenanceRequirement,
        market,
        quoteDecimals,
      }),
    });
  }
  const updateId = Number(json.updateId);
  return {
    accountId,
    balances: json.balances.map((b) => ({
      tokenId: b.tokenId,
      amount: s.token(b.amount, b.tokenId, `the ${b.token} balance`),
    })),
    positions,
    openOrders: json.orders.map((o) => ({
      orderId: o.orderId,
      clientOrderId: o.clientOrderId ?? null,
      marketId: o.marketId,
      side: o.side === 'ask' ? 'ASK' : 'BID',
      price: s.price(o.price, o.marketId, 'an order price'),
      remainingSize: s.size(o.size, o.marketId, 'an order size'),
    })),
    margin,
    updateId: Number.isSafeInteger(updateId) ? updateId : Number.MAX_SAFE_INTEGER,
  };
}
