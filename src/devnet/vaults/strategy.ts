// The vault's strategy: every intervalSeconds it compares its market's index with the index at its previous
// decision; a move past the threshold sets a target position (with the move for momentum, against it for
// mean reversion) of leverageBps of equity, never above 1x, and the vault trades toward it through the book.
// Prices alone decide, so the trades follow from the oracle seed.
import type { VaultSeed } from '../config';
import { receiptToJson } from '../engine/receipt-json';
import { internalRuleContext, type TickContext } from '../engine/tick';
import { quoteDecimals } from '../trading/margin';
import type { MarketInfo } from '../../shared/exchange/info';
import { vaultEquity } from './ledger';
import type { VaultState } from './state';
import { queueVaultUpdate } from './stream';
import { vaultOrder } from './trade';
import { bpsOf, toBps } from '../engine/bps';

/** Size (market units) worth `value` quote units at `price`, rounded toward zero. */
function sizeFor(market: MarketInfo, price: bigint, value: bigint, qd: number): bigint {
  return (value * 10n ** BigInt(market.priceDecimals + market.sizeDecimals)) / (price * 10n ** BigInt(qd));
}

export function runStrategy(tick: TickContext, vault: VaultState, seed: VaultSeed): void {
  const strategy = seed.strategy;
  const market = tick.config.markets.find((m) => m.marketId === seed.marketId);
  const index = tick.state.oracle?.markets[seed.marketId]?.index;
  if (!strategy || !market || index === undefined || index <= 0n) return;
  const last = vault.strategy.lastPrice;
  if (last !== null && tick.now < vault.strategy.lastDecisionAt + strategy.intervalSeconds) return;
  vault.strategy = { lastDecisionAt: tick.now, lastPrice: index };
  if (last === null || last <= 0n) return;

  const moveBps = toBps(index - last, last, 'towardZero');
  if ((moveBps < 0n ? -moveBps : moveBps) < BigInt(strategy.thresholdBps)) return;
  const long = strategy.kind === 'momentum' ? moveBps > 0n : moveBps < 0n;
  const equity = vaultEquity(tick.state, tick.config, vault);
  if (equity <= 0n) return;
  const qd = quoteDecimals(tick.config);
  const leverageBps = BigInt(Math.min(Math.max(strategy.leverageBps, 0), 10_000));
  const targetSize = sizeFor(market, index, bpsOf(equity, leverageBps, 'down'), qd);
  const current = tick.state.positions[vault.accountId]?.[seed.marketId]?.size ?? 0n;
  let delta = (long ? targetSize : -targetSize) - current;
  const cap = sizeFor(market, index, strategy.maxTradeNotional, qd);
  if (delta > cap) delta = cap;
  if (delta < -cap) delta = -cap;
  if (delta === 0n) return;

  // the receipt is known only after the order; the action log keeps this same object
  const receipt: Record<string, unknown> = {};
  const actionId = tick.recordAction('vaultStrategy', receipt);
  const kind = vaultOrder(
    internalRuleContext(tick, vault.owner, actionId),
    vault,
    seed.marketId,
    delta,
    false,
  );
  Object.assign(receipt, receiptToJson({ actionId, kind }));
  if (kind.type !== 'err') queueVaultUpdate(tick.state, tick.config, vault);
}
