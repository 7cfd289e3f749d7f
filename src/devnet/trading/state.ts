// What the trading core keeps in the engine state: users' accounts and their balances (the collateral margin
// is reckoned on), prices (the oracle walk and its candles), the order books, orders and the trades they made,
// positions, and the trading history (fills, position changes, funding, liquidations, fee tiers). Apart from
// the code that changes them, so that the state can name them without importing the writers.

/** A wallet's numbered accounts. */
export interface UserState {
  pubkey: string;
  accountIds: number[];
  createdAt: number;
}

export interface AccountState {
  id: number;
  owner: string;
  balances: Record<number, bigint>;
  updateId: number;
}

export interface PnlRecord {
  actionId: bigint;
  subActionId: number;
  marketId: number;
  accountId: number;
  time: number;
  tradingPnl: bigint;
  fee: bigint;
}

export interface PositionChangeRecord {
  actionId: bigint;
  subActionId: number;
  marketId: number;
  accountId: number;
  time: number;
  sizeBefore: bigint;
  sizeAfter: bigint;
  price: bigint;
  entryPrice: bigint;
  reason: 'trade' | 'liquidation';
}

export interface FundingRecord {
  id: bigint;
  accountId: number;
  time: number;
  marketId: number;
  size: bigint;
  payment: bigint;
  /** the rate (ppm) of the interval settled and how far the market's funding index moved since the
   * position last settled (price units x 1e6) */
  ratePpm: number;
  indexChange: bigint;
}

export interface LiquidationRecord {
  id: bigint;
  actionId: bigint;
  accountId: number;
  time: number;
  marketId: number;
  size: bigint;
  price: bigint;
  /** the public row's margin figures before the liquidation and after this market's close, and the taker
   * fee its closing order paid */
  pre: MarginFigures;
  post: MarginFigures;
  fee: bigint;
}

/** AccountMarginsView's figures in scaled quote units (see funds/account-view.ts). */
export interface MarginFigures {
  omf: bigint;
  mf: bigint;
  imf: bigint;
  cmf: bigint;
  mmf: bigint;
  pon: bigint;
  pn: bigint;
}

export interface FeeTierChangeRecord {
  id: bigint;
  accountId: number;
  time: number;
  fromTier: number;
  toTier: number;
  volume30d: bigint;
}

export interface TradingHistory {
  pnl: PnlRecord[];
  positions: PositionChangeRecord[];
  funding: FundingRecord[];
  liquidations: LiquidationRecord[];
  feeTiers: FeeTierChangeRecord[];
  /** quote notional traded per account per engine day (day = floor(time / 86400)) */
  volumeByDay: Record<number, Record<number, bigint>>;
  nextId: bigint;
}

export const emptyTradingHistory = (): TradingHistory => ({
  pnl: [],
  positions: [],
  funding: [],
  liquidations: [],
  feeTiers: [],
  volumeByDay: {},
  nextId: 1n,
});

export interface Candle {
  /** engine seconds at the start of the hour */
  start: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  /** the market's cumulative funding index and funding rate (ppm) as of the bar's last second; absent in
   * bars from snapshots taken before they were kept */
  fundingIndex?: bigint;
  fundingRatePpm?: number;
}

export interface MarketPriceState {
  index: bigint;
  /** until order books exist, the mark is the index */
  mark: bigint;
  /** funding rate of the current interval in parts per million of notional; positive: longs pay shorts */
  fundingRatePpm: number;
  /** sum of (rate * mark) over past intervals, in price units scaled by 1e6: what a unit position has paid */
  cumulativeFunding: bigint;
  /** the rate (ppm) of the interval that last accrued into cumulativeFunding */
  lastFundingRatePpm?: number;
  nextFundingTime: number;
  candles: Candle[];
  high24h: bigint;
  low24h: bigint;
}

export interface OracleState {
  /** the engine second the walk has reached */
  second: number;
  markets: Record<number, MarketPriceState>;
}

// A price-time priority order book for one market. Resting orders are kept sorted (best price first, then
// arrival), which is plenty for a local exchange and keeps matching obvious.
export type BookSide = 'BID' | 'ASK';

export interface RestingOrder {
  orderId: bigint;
  accountId: number;
  side: BookSide;
  price: bigint;
  size: bigint;
  remaining: bigint;
  clientOrderId?: bigint;
  reduceOnly: boolean;
  time: number;
  /** arrival sequence: time priority within a price */
  seq: number;
}

export interface BookState {
  bids: RestingOrder[];
  asks: RestingOrder[];
  /** bumps on every change of the book; chains the orderbook snapshot to the deltas stream */
  updateId: number;
  seq: number;
  /** resting order ids per account, so an account's open orders are found without scanning the book */
  byAccount?: Record<number, bigint[]>;
}

export const emptyBook = (): BookState => ({ bids: [], asks: [], updateId: 0, seq: 0, byAccount: {} });

export interface PositionState {
  size: bigint;
  /** average entry price of the open size */
  entryPrice: bigint;
  realizedPnl: bigint;
  /** funding paid (negative) or received, in quote units */
  fundingPnl: bigint;
  /** the market's cumulative funding when this position last settled funding */
  fundingIndex: bigint;
  /** realized trading and funding PnL since the position last opened from flat, and since its last change */
  realizedSinceOpen: bigint;
  fundingSinceOpen: bigint;
  realizedSinceChange: bigint;
  fundingSinceChange: bigint;
}

export const emptyPosition = (fundingIndex: bigint): PositionState => ({
  size: 0n,
  entryPrice: 0n,
  realizedPnl: 0n,
  fundingPnl: 0n,
  fundingIndex,
  realizedSinceOpen: 0n,
  fundingSinceOpen: 0n,
  realizedSinceChange: 0n,
  fundingSinceChange: 0n,
});

export interface OrderRecord {
  orderId: bigint;
  accountId: number;
  marketId: number;
  side: 'BID' | 'ASK';
  fillMode: string;
  price: bigint;
  size: bigint;
  filled: bigint;
  status: 'open' | 'filled' | 'cancelled';
  reduceOnly: boolean;
  clientOrderId?: bigint;
  time: number;
  actionId: bigint;
}

export interface TradeRecord {
  id: bigint;
  actionId: bigint;
  time: number;
  marketId: number;
  price: bigint;
  size: bigint;
  takerSide: 'BID' | 'ASK';
  takerAccountId: number;
  makerAccountId: number;
  takerOrderId: bigint;
  makerOrderId: bigint;
  takerFee: bigint;
  makerFee: bigint;
}
