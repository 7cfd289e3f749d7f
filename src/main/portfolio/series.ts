// Time series for the portfolio chart, all bigint. Each series is a step function: its value holds from one
// point until the next. Summing accounts means, at every moment any of them changes, adding each one's
// latest value (an account contributes nothing before its first point: no PnL yet, or not yet observed).
export interface Point {
  /** unix seconds */
  time: number;
  value: bigint;
}

/** The step functions added together, one point per distinct time, oldest first. */
export function sumSteps(series: Point[][]): Point[] {
  const events = series
    .flatMap((points, index) => points.map((p) => ({ ...p, index })))
    .sort((a, b) => a.time - b.time);
  const latest = new Map<number, bigint>();
  let total = 0n;
  const out: Point[] = [];
  for (const e of events) {
    total += e.value - (latest.get(e.index) ?? 0n);
    latest.set(e.index, e.value);
    const last = out[out.length - 1];
    if (last && last.time === e.time) last.value = total;
    else out.push({ time: e.time, value: total });
  }
  return out;
}

export interface ChartPoint {
  time: number;
  equity: bigint | null;
  pnl: bigint | null;
}

/** Both series on one time axis (null before a series starts), extended to `now`, thinned to maxPoints. */
export function zipSeries(equity: Point[], pnl: Point[], now: number, maxPoints = 1000): ChartPoint[] {
  const times = [...new Set([...equity, ...pnl].map((p) => p.time))].sort((a, b) => a - b);
  if (times.length > 0 && times[times.length - 1]! < now) times.push(now);
  const out: ChartPoint[] = [];
  let e = -1;
  let p = -1;
  for (const time of times) {
    while (e + 1 < equity.length && equity[e + 1]!.time <= time) e += 1;
    while (p + 1 < pnl.length && pnl[p + 1]!.time <= time) p += 1;
    out.push({ time, equity: e >= 0 ? equity[e]!.value : null, pnl: p >= 0 ? pnl[p]!.value : null });
  }
  if (out.length <= maxPoints) return out;
  // keep the shape and always the latest point: every step-th point, then the last one
  const step = Math.ceil(out.length / (maxPoints - 1));
  return out.filter((_, i) => i % step === 0 || i === out.length - 1);
}
