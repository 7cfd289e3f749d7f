// The app's model of one exchange account, built from the public `Account` JSON: amounts scaled with the
// /info decimals, sizes signed (long > 0), and the margin figures (health, free collateral, liquidation
// price) computed here from `margins` and the positions rather than read from any devnet-only field.
// An account read at one mark is shown at a later one by moving its figures with the price: PnL by size ×
// the move, each requirement by its fraction of the notional's move (the rule the liquidation price already
// rests on), so a portfolio of many positions follows the mark without reading every account again.
import type { AccountJson } from '../../shared/exchange/account';
import type { MarketsInfo } from '../../shared/exchange/info';
import { marginFrom } from './risk';
import type { Margin } from '../../shared/risk-levels';
import { liquidationPrice, notional, requirement } from '../../shared/liquidation-price';
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
 * as the decimal text the exchange wrote. `kept`: `json` was read earlier, at the exchange's mark then, which
 * its own figures tell (a position's PnL is the notional of mark - entry): they are moved from that mark to
 * `marks`. Not the market's stats read beside it, which may be seconds older or newer than the account's read.
 */
export function accountFromJson(
  accountId: number,
  json: AccountJson,
  info: MarketsInfo,
  marks: ReadonlyMap<number, string>,
  kept = false,
): Account {
  const s = scalerFor(info, `/account/${accountId}`);
  const quoteDecimals = s.tokenInfo(info.quoteTokenId).decimals;
  const m = json.margins;
  const read = {
    mf: s.quote(m.mf, 'margins.mf'),
    imf: s.quote(m.imf, 'margins.imf'),
    mmf: s.quote(m.mmf, 'margins.mmf'),
  };
  const held: Omit<Position, 'liquidationPrice'>[] = [];
  for (const p of json.positions) {
    if (!p.perp) continue;
    const market = s.market(p.marketId);
    const base = s.size(p.perp.baseSize, p.marketId, 'a position size');
    if (base === 0n) continue;
    const size = p.perp.isLong ? base : -base;
    const entryPrice = s.price(p.perp.price, p.marketId, 'a position price');
    const markText = marks.get(p.marketId);
    const markNow = markText === undefined ? undefined : s.price(markText, p.marketId, 'a mark price');
    let unrealizedPnl = s.quote(p.perp.sizePricePnl, 'a position sizePricePnl');
    const markThen = kept ? markOfPnl(market, size, entryPrice, unrealizedPnl, quoteDecimals) : markNow;
    if (markNow !== undefined && markThen !== undefined && markNow !== markThen) {
      const moved = atMark(market, size, entryPrice, markThen, markNow, quoteDecimals);
      unrealizedPnl += moved.pnl;
      read.mf += moved.pnl;
      read.imf += moved.initial;
      read.mmf += moved.maintenance;
    }
    held.push({
      marketId: p.marketId,
      size,
      entryPrice,
      markPrice: markNow ?? entryPrice,
      unrealizedPnl,
      fundingPnl: s.quote(p.perp.fundingPaymentPnl, 'a position fundingPaymentPnl'),
    });
  }
  const margin = marginFrom(read);
  const positions: Position[] = held.map((p) => ({
    ...p,
    liquidationPrice: liquidationPrice({
      size: p.size,
      markPrice: p.markPrice,
      equity: margin.equity,
      maintenance: margin.maintenanceRequirement,
      market: s.market(p.marketId),
      quoteDecimals,
    }),
  }));
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

/**
 * How a position's PnL and the account's requirements change as its market's mark moves from `from` to
 * `to`: the PnL is the exchange's notional of (mark - entry), toward zero; each requirement its fraction of
 * the notional at the mark, rounded up, as the exchange states them.
 */
function atMark(
  market: MarketsInfo['markets'][number],
  size: bigint,
  entryPrice: bigint,
  from: bigint,
  to: bigint,
  quoteDecimals: number,
): { pnl: bigint; initial: bigint; maintenance: bigint } {
  const abs = size < 0n ? -size : size;
  const pnlAt = (mark: bigint) => notional(mark - entryPrice, size, market, quoteDecimals);
  const valueAt = (mark: bigint) => notional(mark, abs, market, quoteDecimals);
  return {
    pnl: pnlAt(to) - pnlAt(from),
    initial: requirement(valueAt(to), market.imfBps) - requirement(valueAt(from), market.imfBps),
    maintenance: requirement(valueAt(to), market.mmfBps) - requirement(valueAt(from), market.mmfBps),
  };
}

/**
 * The mark at which the exchange stated a position's PnL: the price whose notional of (mark - entry) × size,
 * toward zero, is that PnL (the nearest one when the rounding leaves a choice).
 */
function markOfPnl(
  market: MarketsInfo['markets'][number],
  size: bigint,
  entryPrice: bigint,
  pnl: bigint,
  quoteDecimals: number,
): bigint {
  const scale = 10n ** BigInt(market.priceDecimals + market.sizeDecimals);
  const move = (pnl * scale) / (size * 10n ** BigInt(quoteDecimals));
  for (const candidate of [move, move + 1n, move - 1n])
    if (notional(candidate, size, market, quoteDecimals) === pnl) return entryPrice + candidate;
  return entryPrice + move;
}
