// An account's margin: equity is its balances valued in quote units plus unrealised PnL; initial and
// maintenance requirements are the markets' fractions of each position's notional at the mark price, and the
// initial requirement also counts what open orders would add to the exposure (see heldNotional).
import type { DevnetConfig } from '../config';
import type { Margin } from '../../shared/risk-levels';
import type { MarketInfo } from '../../shared/exchange/info';
import { abs, notional, unrealizedPnl } from './positions';
import { restingIds } from './book';
import { bpsOf, toBps } from '../engine/bps';
import type { EngineState } from '../state';
import type { AccountState, PositionState, BookSide, MarginFigures } from './state';

export function quoteDecimals(config: DevnetConfig): number {
  return config.tokens.find((t) => t.tokenId === config.quoteTokenId)?.decimals ?? 6;
}

/** Quote units per whole token: the quote token is 1, others at their market's index (or reference price). */
export function tokenValue(
  state: EngineState,
  config: DevnetConfig,
  tokenId: number,
  amount: bigint,
): bigint {
  if (tokenId === config.quoteTokenId) return amount;
  const token = config.tokens.find((t) => t.tokenId === tokenId);
  if (!token) return 0n;
  const market = config.markets.find((m) => m.baseTokenId === tokenId);
  const index = market ? state.oracle?.markets[market.marketId]?.index : undefined;
  const qd = quoteDecimals(config);
  const pricePerWhole =
    market && index !== undefined
      ? (index * 10n ** BigInt(qd)) / 10n ** BigInt(market.priceDecimals)
      : (config.referencePrices[tokenId] ?? 0n);
  return (amount * pricePerWhole) / 10n ** BigInt(token.decimals);
}

export function positionsOf(state: EngineState, accountId: number): [number, PositionState][] {
  return Object.entries(state.positions[accountId] ?? {})
    .map(([m, p]) => [Number(m), p] as [number, PositionState])
    .filter(([, p]) => p.size !== 0n);
}

/** An order not in the book yet, counted as if it rested there (for checking it before it is placed). */
export interface HypotheticalOrder {
  marketId: number;
  side: BookSide;
  price: bigint;
  size: bigint;
}

/**
 * Quote notional the account's open orders in one market hold margin for (`extra`: an order not placed yet,
 * counted as if it rested behind the orders at its price). Each side is walked in book priority (best price
 * first, then arrival): an order first uses up what is left of the position it would close (that part holds
 * nothing), the rest would open or grow exposure and holds its notional at its own limit price. Bids and asks
 * cannot both grow exposure to the end (each fill turns the other side into closing orders), so the market
 * holds the larger side. Reduce-only orders hold nothing: they can only ever shrink the position.
 */
function heldNotional(
  state: EngineState,
  accountId: number,
  market: MarketInfo,
  position: bigint,
  extra: HypotheticalOrder | undefined,
  qd: number,
): bigint {
  const book = state.books[market.marketId];
  const ids = book ? restingIds(book, accountId) : [];
  const withExtra = extra !== undefined && extra.marketId === market.marketId;
  if (ids.length === 0 && !withExtra) return 0n;
  // rank: arrival (order ids grow with time); the order not placed yet comes after every resting one
  type Held = { price: bigint; remaining: bigint; rank: bigint };
  const sides: Record<BookSide, Held[]> = { BID: [], ASK: [] };
  for (const id of ids) {
    const o = state.orders[id.toString()];
    if (!o || o.reduceOnly || o.status !== 'open') continue;
    sides[o.side].push({ price: o.price, remaining: o.size - o.filled, rank: o.orderId });
  }
  if (withExtra) sides[extra.side].push({ price: extra.price, remaining: extra.size, rank: 1n << 64n });
  let held = 0n;
  for (const side of ['BID', 'ASK'] as const) {
    const orders = sides[side];
    // price × size in market units, converted to quote units once
    let raw = 0n;
    for (const o of orders) raw += o.price * o.remaining;
    // the orders first in line close what there is to close: that part holds nothing
    let closing = side === 'BID' ? (position < 0n ? -position : 0n) : position > 0n ? position : 0n;
    const ahead = (a: Held, b: Held) =>
      a.price !== b.price ? (side === 'BID' ? a.price > b.price : a.price < b.price) : a.rank < b.rank;
    const cover = (o: Held) => {
      const covered = o.remaining < closing ? o.remaining : closing;
      closing -= covered;
      raw -= o.price * covered;
    };
    // usually one or two orders close the position: pick them out without sorting the side
    const used = new Set<Held>();
    while (closing > 0n && used.size < orders.length && used.size < 8) {
      let first: Held | undefined;
      for (const o of orders) if (!used.has(o) && (!first || ahead(o, first))) first = o;
      used.add(first!);
      cover(first!);
    }
    if (closing > 0n)
      for (const o of orders.filter((x) => !used.has(x)).sort((a, b) => (ahead(a, b) ? -1 : 1))) {
        if (closing === 0n) break;
        cover(o);
      }
    if (raw > held) held = raw;
  }
  return held === 0n ? 0n : notional(market, held, 1n, qd);
}

// requirements round up: the exchange never asks for less than the fraction says
const imf = (value: bigint, market: MarketInfo) => bpsOf(value, market.imfBps, 'up');
const mmf = (value: bigint, market: MarketInfo) => bpsOf(value, market.mmfBps, 'up');

/** The market's cancel margin fraction in basis points: halfway between initial and maintenance. */
export const cmfBps = (m: { imfBps: number; mmfBps: number }) => Math.floor((m.imfBps + m.mmfBps) / 2);

/** How accountMargin should see the account: as it would be after an order, or without its orders. */
export interface MarginView {
  /** position sizes replacing the held ones (an order counted as filled) */
  positions?: Record<number, bigint>;
  /** an order counted as resting */
  order?: HypotheticalOrder;
  /**
   * false: skip what open orders hold, for a caller that reads only equity and maintenance (liquidation):
   * the initial requirement and free collateral it returns then leave the orders out
   */
  orders?: boolean;
}

/**
 * The account's margin. Equity: balances plus unrealised PnL at the mark. Maintenance: mmf of each
 * position's notional at the mark. Initial: imf of each position's notional at the mark plus imf of what its
 * open orders hold (see heldNotional); free collateral is equity less the initial requirement.
 */
export function accountMargin(
  state: EngineState,
  config: DevnetConfig,
  account: AccountState,
  view: MarginView = {},
): Margin {
  const { positions: override, order: extra } = view;
  const qd = quoteDecimals(config);
  let equity = 0n;
  for (const [tokenId, amount] of Object.entries(account.balances))
    equity += tokenValue(state, config, Number(tokenId), amount);
  let initial = 0n;
  let maintenance = 0n;
  const sizes = new Map(positionsOf(state, account.id).map(([m, p]) => [m, p.size]));
  for (const [m, size] of Object.entries(override ?? {})) sizes.set(Number(m), size);
  for (const market of config.markets) {
    const marketId = market.marketId;
    const size = sizes.get(marketId) ?? 0n;
    const mark = state.oracle?.markets[marketId]?.mark;
    if (size !== 0n && mark !== undefined) {
      const position = state.positions[account.id]?.[marketId];
      if (position && position.size !== 0n) equity += unrealizedPnl(position, market, mark, qd);
      const value = notional(market, mark, abs(size), qd);
      initial += imf(value, market);
      maintenance += mmf(value, market);
    }
    if (view.orders === false) continue;
    const held = heldNotional(state, account.id, market, size, extra, qd);
    if (held > 0n) initial += imf(held, market);
  }
  return {
    equity,
    initialRequirement: initial,
    maintenanceRequirement: maintenance,
    freeCollateral: equity - initial,
    healthBps: maintenance === 0n ? null : Number(toBps(equity, maintenance, 'towardZero')),
  };
}

/** The public AccountMarginsView's figures in scaled quote units, beyond what accountMargin gives: the
 * cancel requirement (cmf of each position's notional at the mark), the positions' notional at the mark
 * (pn) and that plus what open non-reduce-only orders would open (pon). */
export interface MarginsView extends Margin {
  cancelRequirement: bigint;
  positionNotional: bigint;
  openNotional: bigint;
}

/** The margins view as the public row names its figures (liquidation history keeps them). */
export function marginFigures(m: MarginsView): MarginFigures {
  return {
    omf: m.equity,
    mf: m.equity,
    imf: m.initialRequirement,
    cmf: m.cancelRequirement,
    mmf: m.maintenanceRequirement,
    pon: m.openNotional,
    pn: m.positionNotional,
  };
}

export function accountMargins(state: EngineState, config: DevnetConfig, account: AccountState): MarginsView {
  const qd = quoteDecimals(config);
  const market = (id: number) => config.markets.find((m) => m.marketId === id)!;
  let positionNotional = 0n;
  let cancelRequirement = 0n;
  for (const [marketId, p] of positionsOf(state, account.id)) {
    const mark = state.oracle?.markets[marketId]?.mark ?? p.entryPrice;
    const value = notional(market(marketId), mark, abs(p.size), qd);
    positionNotional += value;
    cancelRequirement += bpsOf(value, cmfBps(market(marketId)), 'up');
  }
  let orderNotional = 0n;
  for (const book of Object.values(state.books))
    for (const id of restingIds(book, account.id)) {
      const o = state.orders[id.toString()]!;
      if (!o.reduceOnly) orderNotional += notional(market(o.marketId), o.price, o.size - o.filled, qd);
    }
  return {
    ...accountMargin(state, config, account),
    cancelRequirement,
    positionNotional,
    openNotional: positionNotional + orderNotional,
  };
}
