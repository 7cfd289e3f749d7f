// The public market streams: trades@<symbol>, deltas@<symbol> and candle@<symbol>:<resolution>. They are
// published after every change (an action, a tick), from the state itself, so what a client sees on a stream
// always agrees with what REST answers at the same moment.
import type { DevnetConfig } from './config';
import type { EngineState, TradeRecord } from './engine/state';
import { emptyBook, levels } from './markets/book';
import type { StreamHub } from './streams';

export const CANDLE_RESOLUTIONS: Record<string, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '1h': 3600,
  '4h': 14_400,
  '1d': 86_400,
};

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

  constructor(
    private readonly hub: StreamHub,
    private readonly config: DevnetConfig,
    private readonly state: () => EngineState,
  ) {
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
        if (!(resolution in CANDLE_RESOLUTIONS))
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
    for (const trade of fresh) this.publishTrade(trade);
    for (const market of this.config.markets) {
      this.publishDelta(market.marketId, market.symbol);
      const mark = state.oracle?.markets[market.marketId]?.mark;
      if (mark !== undefined)
        this.updateCandles(
          market.symbol,
          now,
          mark,
          fresh.filter((t) => t.marketId === market.marketId),
        );
    }
  }

  private publishTrade(t: TradeRecord): void {
    const market = this.config.markets.find((m) => m.marketId === t.marketId)!;
    const takerOrder = this.state().orders[t.takerOrderId.toString()];
    const updateId = (this.tradeCounts.get(t.marketId) ?? 0) + 1;
    this.tradeCounts.set(t.marketId, updateId);
    this.hub.publish(
      `trades@${market.symbol}`,
      'trades',
      {
        tradeId: t.id.toString(),
        actionId: t.actionId.toString(),
        time: t.time,
        marketId: t.marketId,
        price: t.price.toString(),
        size: t.size.toString(),
        takerSide: t.takerSide,
        takerId: t.takerAccountId,
        makerId: t.makerAccountId,
        takerOrderId: t.takerOrderId.toString(),
        makerOrderId: t.makerOrderId.toString(),
        takerClientOrderId: takerOrder?.clientOrderId?.toString() ?? null,
        marketMode: 'clob',
      },
      updateId,
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
    const diff = (before: Levels, after: Levels): [string, string][] => {
      const changed: [string, string][] = [];
      for (const [price, size] of after)
        if (before.get(price) !== size) changed.push([price, size.toString()]);
      for (const price of before.keys()) if (!after.has(price)) changed.push([price, '0']);
      return changed;
    };
    this.hub.publish(
      `deltas@${symbol}`,
      'delta',
      { marketId, updateId: book.updateId, bids: diff(last.bids, bids), asks: diff(last.asks, asks) },
      book.updateId,
      last.updateId,
    );
  }

  private updateCandles(symbol: string, now: number, mark: bigint, trades: TradeRecord[]): void {
    const volume = trades.reduce((sum, t) => sum + t.size, 0n);
    for (const [resolution, seconds] of Object.entries(CANDLE_RESOLUTIONS)) {
      const key = `${symbol}:${resolution}`;
      const start = now - (now % seconds);
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
      this.hub.publish(
        `candle@${key}`,
        'candle',
        {
          symbol,
          resolution,
          start: candle.start,
          open: candle.open.toString(),
          high: candle.high.toString(),
          low: candle.low.toString(),
          close: candle.close.toString(),
          volume: candle.volume.toString(),
        },
        candle.updateId,
      );
    }
  }
}
