import type { EngineState } from '../state';
// An account's realized results over a time window: trading PnL, funding and fees with the running total as
// a chart series, and the volume it traded per market.

const SERIES_POINTS = 500;

export interface PnlSummary {
  trading: bigint;
  funding: bigint;
  fees: bigint;
  /** the running total (trading + funding - fees) at each time something changed, at most 500 points */
  series: { time: number; total: bigint }[];
}

export interface AccountWindow {
  accountId: number;
  /** only this market when given */
  marketId?: number;
  since: number;
  until: number;
}

export function pnlSummary(state: EngineState, w: AccountWindow): PnlSummary {
  const inWindow = (r: { accountId: number; marketId: number; time: number }) =>
    r.accountId === w.accountId &&
    (w.marketId === undefined || r.marketId === w.marketId) &&
    r.time >= w.since &&
    r.time <= w.until;
  const changes: { time: number; trading: bigint; funding: bigint; fee: bigint }[] = [
    ...state.history.pnl
      .filter(inWindow)
      .map((r) => ({ time: r.time, trading: r.tradingPnl, funding: 0n, fee: r.fee })),
    ...state.history.funding
      .filter(inWindow)
      .map((r) => ({ time: r.time, trading: 0n, funding: r.payment, fee: 0n })),
  ].sort((a, b) => a.time - b.time);
  let trading = 0n;
  let funding = 0n;
  let fees = 0n;
  const series: { time: number; total: bigint }[] = [];
  for (const c of changes) {
    trading += c.trading;
    funding += c.funding;
    fees += c.fee;
    const total = trading + funding - fees;
    const last = series[series.length - 1];
    if (last && last.time === c.time) last.total = total;
    else series.push({ time: c.time, total });
  }
  // keep the chart light: thin evenly to at most SERIES_POINTS, always keeping the last point
  const step = Math.ceil(series.length / SERIES_POINTS);
  const thinned = step > 1 ? series.filter((_, i) => i % step === 0 || i === series.length - 1) : series;
  return { trading, funding, fees, series: thinned.slice(-SERIES_POINTS) };
}

/** Base size and price × size (raw market units) the account traded, as taker or maker, per market;
 * `markets` lists the markets to answer (empty: every market traded is counted, none listed). */
export function accountVolume(
  state: EngineState,
  w: Omit<AccountWindow, 'marketId'>,
  markets: ReadonlySet<number>,
): Map<number, { base: bigint; quote: bigint }> {
  const volume = new Map<number, { base: bigint; quote: bigint }>();
  for (const t of state.trades) {
    if (t.time < w.since || t.time > w.until) continue;
    if (t.takerAccountId !== w.accountId && t.makerAccountId !== w.accountId) continue;
    if (markets.size > 0 && !markets.has(t.marketId)) continue;
    const v = volume.get(t.marketId) ?? { base: 0n, quote: 0n };
    volume.set(t.marketId, { base: v.base + t.size, quote: v.quote + t.size * t.price });
  }
  return volume;
}
