// An account's margin: equity is its balances valued in quote units plus unrealised PnL; initial and
// maintenance requirements are the markets' fractions of each position's notional at the mark price.
import type { DevnetConfig } from '../config';
import type { AccountState, EngineState } from '../engine/state';
import { abs, notional, unrealizedPnl, type PositionState } from './positions';

export interface Margin {
  equity: bigint;
  initialRequirement: bigint;
  maintenanceRequirement: bigint;
  freeCollateral: bigint;
  /** equity over maintenance requirement in basis points; null with nothing required */
  healthBps: number | null;
}

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

/** Margin as it would be with `override` positions (for checking an order before it is placed). */
export function accountMargin(
  state: EngineState,
  config: DevnetConfig,
  account: AccountState,
  override?: Record<number, bigint>,
): Margin {
  const qd = quoteDecimals(config);
  let equity = 0n;
  for (const [tokenId, amount] of Object.entries(account.balances))
    equity += tokenValue(state, config, Number(tokenId), amount);
  let initial = 0n;
  let maintenance = 0n;
  const sizes = new Map(positionsOf(state, account.id).map(([m, p]) => [m, p.size]));
  for (const [m, size] of Object.entries(override ?? {})) sizes.set(Number(m), size);
  for (const [marketId, size] of sizes) {
    const market = config.markets.find((x) => x.marketId === marketId);
    const mark = state.oracle?.markets[marketId]?.mark;
    if (!market || mark === undefined || size === 0n) continue;
    const position = state.positions[account.id]?.[marketId];
    if (position && position.size !== 0n) equity += unrealizedPnl(position, market, mark, qd);
    const value = notional(market, mark, abs(size), qd);
    initial += (value * BigInt(market.imfBps) + 9_999n) / 10_000n;
    maintenance += (value * BigInt(market.mmfBps) + 9_999n) / 10_000n;
  }
  return {
    equity,
    initialRequirement: initial,
    maintenanceRequirement: maintenance,
    freeCollateral: equity - initial,
    healthBps: maintenance === 0n ? null : Number((equity * 10_000n) / maintenance),
  };
}

/**
 * The mark price of `marketId` at which the account would fall to its maintenance requirement, other
 * markets held where they are; null when no price gets there (no position, or collateral covers any move).
 */
export function liquidationPrice(
  state: EngineState,
  config: DevnetConfig,
  account: AccountState,
  marketId: number,
): bigint | null {
  const market = config.markets.find((m) => m.marketId === marketId);
  const position = state.positions[account.id]?.[marketId];
  const mark = state.oracle?.markets[marketId]?.mark;
  if (!market || !position || position.size === 0n || mark === undefined) return null;
  const qd = quoteDecimals(config);
  const margin = accountMargin(state, config, account);
  const size = position.size;
  const ownMaintenance = (notional(market, mark, abs(size), qd) * BigInt(market.mmfBps) + 9_999n) / 10_000n;
  // Equity and requirement are linear in this market's price P:
  //   slack + size·(P − mark) = |size|·P·mmf   (in price·size units), solved for P.
  const slack = margin.equity - margin.maintenanceRequirement + ownMaintenance;
  const slackInPriceSize =
    (slack * 10n ** BigInt(market.priceDecimals + market.sizeDecimals)) / 10n ** BigInt(qd);
  const numerator = (slackInPriceSize - size * mark) * 10_000n;
  const denominator = abs(size) * BigInt(market.mmfBps) - size * 10_000n;
  if (denominator === 0n) return null;
  const price = numerator / denominator;
  return price > 0n ? price : null;
}
