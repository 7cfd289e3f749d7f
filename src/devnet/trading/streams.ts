// The public market streams: trades@<symbol>, deltas@<symbol> and candle@<symbol>:<resolution>. They are
// published after every change (an action, a tick), from the state itself, so what a client sees on a stream
// always agrees with what REST answers at the same moment. Payloads as websocket.md: one trades message per
// market per change with every new trade in it, delta levels as { price, size } (size 0: the level is
// gone), candles as bare { res, mid, t, o, h, l, c, v } objects; numbers in human units.
import type { DevnetConfig } from '../config';
import { levels } from './book';
import type { StreamHub } from '../streams';
import { sideJson, unitsOf, whole } from '../json';
import type { EngineState } from '../state';
import type { TradeRecord } from './state';
import { emptyBook } from './state';

/** The public resolutions and the length of their bars (a month is the calendar month, UTC). */
export const CANDLE_RESOLUTIONS: Record<string, number> = {
  '1': 60,
  '5': 300,
  '15': 900,
  '30': 1800,
  '60': 3600,
  '1D': 86_400,
  '1W': 604_800,
  '1M': 0,
};

/** Start of the bar holding `now`: weeks start Monday 00:00 UTC, months on the 1st. */
export function barStart(resolution: string, now: number): number {
  if (resolution === '1M') {
    const d = new Date(now * 1000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  }
  const seconds = CANDLE_RESOLUTIONS[resolution]!;
  // 1970-01-01 was a Thursday: shift so weeks begin on Mondays
  const offset = resolution === '1W' ? 4 * 86_400 : 0;
  return now - ((now - offset) % seconds);
}

interface LiveCandle {
  start: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  updateId: number;
}

type Levels = Map<string, bigint>;

export class MarketStreams {
  private publishedTrades: number;
  /**
   * per market: how many of its trades there are so far. trades@<symbol> numbers its messages with it (the
   * market's n-th trade has update_id n, last_update_id n − 1), so each symbol's stream chains without gaps
   * whatever the other markets trade; the exchange-wide trade id stays in the payload.
   */
  private readonly tradeCounts = new Map<number, number>();
  /** per market: the book version last published and its levels, to diff the next change against */
  private readonly books = new Map<number, { updateId: number; bids: Levels; asks: Levels }>();
  private readonly candles = new Map<string, LiveCandle>();
  /** per market: the second and mark its candles were last brought to */
  private readonly candlesAt = new Map<number, { now: number; mark: bigint }>();

  private readonly units;

  constructor(
    private readonly hub: StreamHub,
    private readonly config: DevnetConfig,
    private readonly state: () => EngineState,
  ) {
    this.units = unitsOf(config);
    this.publishedTrades = state().trades.length;
    for (const t of state().trades)
      this.tradeCounts.set(t.marketId, (this.tradeCounts.get(t.marketId) ?? 0) + 1);
    const symbolError = (symbol: string) =>
      config.markets.some((m) => m.symbol === symbol) ? null : `market ${symbol} does not exist`;
    hub.register({ prefix: 'trades', form: 'trades@<symbol>', validate: symbolError });
    hub.register({
      prefix: 'deltas',
      form: 'deltas@<symbol>',
      validate: symbolError,
      // Diffing a book costs a pass over it, so it is done only while someone listens. The first listener's
      // base is the book right now, before any other request runs; its REST snapshot cannot be older.
      onFirstSubscriber: (symbol) => {
        const market = config.markets.find((m) => m.symbol === symbol);
        if (market) this.remember(market.marketId);
      },
    });
    hub.register({
      prefix: 'candle',
      form: `candle@<symbol>:<resolution> (${Object.keys(CANDLE_RESOLUTIONS).join(', ')})`,
      validate: (arg) => {
        const [symbol = '', resolution = ''] = arg.split(':');
        if (!Object.hasOwn(CANDLE_RESOLUTIONS, resolution))
          return `resolution must be one of ${Object.keys(CANDLE_RESOLUTIONS).join(', ')}`;
        return symbolError(symbol);
      },
    });
  }

  /** The book version a delta chain starts from: what GET /market/{id}/orderbook reports right now. */
  publish(now: number): void {
    const state = this.state();
    const fresh = state.trades.slice(this.publishedTrades);
    this.publishedTrades = state.trades.length;
    for (const market of this.config.markets) {
      const trades = fresh.filter((t) => t.marketId === market.marketId);
      if (trades.length) this.publishTrades(market.marketId, market.symbol, trades);
    }
    for (const market of this.config.markets) {
      this.publishDelta(market.marketId, market.symbol);
      const mark = state.oracle?.markets[market.marketId]?.mark;
      if (mark === undefined) continue;
      const trades = fresh.filter((t) => t.marketId === market.marketId);
      // Within the same second, at the same mark and without a trade, no bar can change: skip the pass over
      // every resolution (a change that is not a trade, like a transfer, paid for it on every action).
      const at = this.candlesAt.get(market.marketId);
      if (at && at.now === now && at.mark === mark && trades.length === 0) continue;
      this.candlesAt.set(market.marketId, { now, mark });
      this.updateCandles(market.marketId, market.symbol, now, mark, trades);
    }
  }

  /** One message for the market's new trades; its update ids count the market's trades. */
  private publishTrades(marketId: number, symbol: string, trades: TradeRecord[]): void {
    const before = this.tradeCounts.get(marketId) ?? 0;
    const after = before + trades.length;
    this.tradeCounts.set(marketId, after);
    const u = this.units;
    this.hub.publish(
      `trades@${symbol}`,
      'trades',
      {
        market_symbol: symbol,
        trades: trades.map((t) => ({
          side: sideJson(t.takerSide),
          price: u.price(t.price, marketId),
          size: u.size(t.size, marketId),
          order_id: t.takerOrderId.toString(),
          // interface additions: the taker's client order id (a numeric string) and the trade's ids
          taker_client_order_id:
            this.state().orders[t.takerOrderId.toString()]?.clientOrderId?.toString() ?? null,
          trade_id: t.id.toString(),
          action_id: t.actionId.toString(),
          maker_order_id: t.makerOrderId.toString(),
          taker_id: t.takerAccountId,
          maker_id: t.makerAccountId,
          market_mode: 'clob',
        })),
      },
      after,
      before,
    );
  }

  /** Records the book as it is now: the version the next delta chains from. */
  private remember(marketId: number): { updateId: number; bids: Levels; asks: Levels } {
    const book = this.state().books[marketId] ?? emptyBook();
    const all = levels(book, Number.MAX_SAFE_INTEGER);
    const seen = {
      updateId: book.updateId,
      bids: new Map(all.bids.map(([p, s]) => [p.toString(), s])),
      asks: new Map(all.asks.map(([p, s]) => [p.toString(), s])),
    };
    this.books.set(marketId, seen);
    return seen;
  }

  private publishDelta(marketId: number, symbol: string): void {
    if (!this.hub.hasSubscribers(`deltas@${symbol}`)) {
      this.books.delete(marketId);
      return;
    }
    const book = this.state().books[marketId] ?? emptyBook();
    const last = this.books.get(marketId) ?? this.remember(marketId);
    if (last.updateId === book.updateId) return;
    const { bids, asks } = this.remember(marketId);
    const u = this.units;
    const level = (price: string, size: bigint) => ({
      price: u.price(BigInt(price), marketId),
      size: u.size(size, marketId),
    });
    const diff = (before: Levels, after: Levels) => {
      const changed: ReturnType<typeof level>[] = [];
      for (const [price, size] of after) if (before.get(price) !== size) changed.push(level(price, size));
      for (const price of before.keys()) if (!after.has(price)) changed.push(level(price, 0n));
      return changed;
    };
    this.hub.publish(
      `deltas@${symbol}`,
      'delta',
      {
        e: 'delta',
        market_symbol: symbol,
        asks: diff(last.asks, asks),
        bids: diff(last.bids, bids),
        timestamp: this.state().oracle?.second ?? 0,
      },
      book.updateId,
      last.updateId,
    );
  }

  private updateCandles(
    marketId: number,
    symbol: string,
    now: number,
    mark: bigint,
    trades: TradeRecord[],
  ): void {
    const volume = trades.reduce((sum, t) => sum + t.size, 0n);
    for (const resolution of Object.keys(CANDLE_RESOLUTIONS)) {
      const key = `${symbol}:${resolution}`;
      const start = barStart(resolution, now);
      let candle = this.candles.get(key);
      if (!candle || candle.start !== start) {
        candle = {
          start,
          open: mark,
          high: mark,
          low: mark,
          close: mark,
          volume: 0n,
          updateId: candle?.updateId ?? 0,
        };
        this.candles.set(key, candle);
      }
      const before = `${candle.high}/${candle.low}/${candle.close}/${candle.volume}`;
      if (mark > candle.high) candle.high = mark;
      if (mark < candle.low) candle.low = mark;
      candle.close = mark;
      candle.volume += volume;
      if (`${candle.high}/${candle.low}/${candle.close}/${candle.volume}` === before && candle.updateId > 0)
        continue;
      candle.updateId += 1;
      const u = this.units;
      this.hub.send(`candle@${key}`, {
        res: resolution,
        mid: marketId,
        t: whole(candle.start),
        o: u.price(candle.open, marketId),
        h: u.price(candle.high, marketId),
        l: u.price(candle.low, marketId),
        c: u.price(candle.close, marketId),
        v: u.size(candle.volume, marketId),
      });
    }
  }
}
