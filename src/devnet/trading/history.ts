// What happened to an account's positions, kept for the history endpoints: every fill's realized PnL and fee,
// every size change, funding payments, liquidations and fee-tier changes, plus daily traded volume for the
// 30-day fee tier. The built-in market maker trades with everyone, so its rows are not kept.
import type { DevnetConfig } from '../config';
import type { EngineState } from '../state';
import type { FundingRecord, LiquidationRecord, PnlRecord, PositionChangeRecord } from './state';

const kept = (state: EngineState, accountId: number) => accountId !== state.marketMakerAccount;

/** One side of a fill: what its pnl row and its position row say, and the notional it traded. */
export type FillEffect = PnlRecord & PositionChangeRecord & { notional: bigint };

/** Records one side of a fill and moves the account's fee tier with its 30-day volume. */
export function recordFill(state: EngineState, config: DevnetConfig, f: FillEffect): void {
  if (!kept(state, f.accountId)) return;
  const h = state.history;
  h.pnl.push({
    actionId: f.actionId,
    subActionId: f.subActionId,
    marketId: f.marketId,
    accountId: f.accountId,
    time: f.time,
    tradingPnl: f.tradingPnl,
    fee: f.fee,
  });
  h.positions.push({
    actionId: f.actionId,
    subActionId: f.subActionId,
    marketId: f.marketId,
    accountId: f.accountId,
    time: f.time,
    sizeBefore: f.sizeBefore,
    sizeAfter: f.sizeAfter,
    price: f.price,
    entryPrice: f.entryPrice,
    reason: f.reason,
  });
  const day = Math.floor(f.time / 86_400);
  const days = (h.volumeByDay[f.accountId] ??= {});
  days[day] = (days[day] ?? 0n) + f.notional;
  for (const old of Object.keys(days)) if (Number(old) <= day - 30) delete days[Number(old)];
  const volume = volume30d(state, f.accountId, f.time);
  const current = state.feeTiers[f.accountId] ?? 0;
  const earned = config.feeTiers
    .filter((t) => t.minVolume <= volume)
    .reduce((best, t) => (t.minVolume >= best.minVolume ? t : best), config.feeTiers[0]!);
  if (earned.tierId !== current) {
    state.feeTiers[f.accountId] = earned.tierId;
    h.feeTiers.push({
      id: h.nextId++,
      accountId: f.accountId,
      time: f.time,
      fromTier: current,
      toTier: earned.tierId,
      volume30d: volume,
    });
  }
}

export function volume30d(state: EngineState, accountId: number, now: number): bigint {
  const today = Math.floor(now / 86_400);
  return Object.entries(state.history.volumeByDay[accountId] ?? {})
    .filter(([day]) => Number(day) > today - 30)
    .reduce((sum, [, v]) => sum + v, 0n);
}

export function recordFunding(state: EngineState, row: Omit<FundingRecord, 'id'>): void {
  if (!kept(state, row.accountId)) return;
  state.history.funding.push({ id: state.history.nextId++, ...row });
}

export function recordLiquidation(state: EngineState, row: Omit<LiquidationRecord, 'id'>): void {
  state.history.liquidations.push({ id: state.history.nextId++, ...row });
}
