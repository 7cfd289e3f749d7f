// Settles funding into quote balances: a position pays (or receives) the change of its market's cumulative
// funding since it last settled, times its size. Positive rates: longs pay shorts.
import type { DevnetConfig } from '../config';
import { addFunding, notional } from './positions';
import { recordFunding } from './history';
import { quoteDecimals } from './margin';
import type { EngineState } from '../state';

/** Returns the accounts whose balance changed. */
export function settleFunding(state: EngineState, config: DevnetConfig, now: number): number[] {
  if (!state.oracle) return [];
  const qd = quoteDecimals(config);
  const changed: number[] = [];
  for (const [accountId, byMarket] of Object.entries(state.positions)) {
    let paid = 0n;
    for (const [marketId, position] of Object.entries(byMarket)) {
      const market = config.markets.find((m) => m.marketId === Number(marketId));
      const price = state.oracle.markets[Number(marketId)];
      const cumulative = price?.cumulativeFunding;
      if (!market || cumulative === undefined || cumulative === position.fundingIndex) continue;
      // cumulativeFunding is in price units x 1e6 (rates are ppm)
      const payment =
        position.size === 0n
          ? 0n
          : notional(market, cumulative - position.fundingIndex, position.size, qd) / 1_000_000n;
      const indexChange = cumulative - position.fundingIndex;
      position.fundingIndex = cumulative;
      if (payment === 0n) continue;
      addFunding(position, -payment);
      recordFunding(state, {
        accountId: Number(accountId),
        time: now,
        marketId: Number(marketId),
        size: position.size,
        payment: -payment,
        ratePpm: price?.lastFundingRatePpm ?? 0,
        indexChange,
      });
      paid += payment;
    }
    if (paid !== 0n) {
      const account = state.accounts[Number(accountId)]!;
      account.balances[config.quoteTokenId] = (account.balances[config.quoteTokenId] ?? 0n) - paid;
      account.updateId += 1;
      changed.push(account.id);
    }
  }
  return changed;
}
