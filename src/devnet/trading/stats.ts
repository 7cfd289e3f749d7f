import type { EngineState } from '../state';
// Market-wide figures the market reads serve: open interest and the last day's volume.

/** long size across all accounts (equal to the short size) */
export function openInterest(state: EngineState, marketId: number): bigint {
  return Object.values(state.positions).reduce((sum, byMarket) => {
    const size = byMarket[marketId]?.size ?? 0n;
    return size > 0n ? sum + size : sum;
  }, 0n);
}

/** base size and price × size (market units) traded since `since` (seconds), newest trades first */
export function volumeSince(
  state: EngineState,
  marketId: number,
  since: number,
): { base: bigint; quote: bigint } {
  let base = 0n;
  let quote = 0n;
  const trades = state.trades;
  for (let i = trades.length - 1; i >= 0 && trades[i]!.time >= since; i -= 1)
    if (trades[i]!.marketId === marketId) {
      base += trades[i]!.size;
      quote += trades[i]!.size * trades[i]!.price;
    }
  return { base, quote };
}

/** The price at or before `at` (seconds) from hourly bars: a bar's close once it ended, else its open. */
export function priceAtOrBefore(
  candles: readonly { start: number; open: bigint; close: bigint }[],
  at: number,
): bigint | null {
  const bar = [...candles].reverse().find((c) => c.start <= at);
  return bar === undefined ? null : at >= bar.start + 3600 ? bar.close : bar.open;
}

/** The fee tier of an account (tier 0 unless it moved). */
export const feeTierOf = (state: EngineState, accountId: number): number => state.feeTiers[accountId] ?? 0;
