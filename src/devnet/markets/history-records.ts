// The trading history the engine state holds: its record types and its empty value. Apart from the code that
// writes it (history.ts), so that the state can name it without importing the writers, which take the state.
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
   * position last settled (price units x 1e6); absent in rows from older snapshots */
  ratePpm?: number;
  indexChange?: bigint;
}

export interface LiquidationRecord {
  id: bigint;
  actionId: bigint;
  accountId: number;
  time: number;
  marketId: number;
  size: bigint;
  price: bigint;
  equityBefore: bigint;
  maintenanceBefore: bigint;
  /** the public row's margin figures before the liquidation and after this market's close, and the taker
   * fee its closing order paid; absent in rows from older snapshots */
  pre?: MarginFigures;
  post?: MarginFigures;
  fee?: bigint;
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
