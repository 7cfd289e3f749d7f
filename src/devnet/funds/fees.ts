// The withdrawal fee: one function serves both GET /account/{id}/fees/withdrawal and the withdraw rule, so
// the fee a client is shown is exactly the fee it is charged.
import type { DevnetConfig } from '../config';
import { bpsOf } from '../engine/bps';
import type { EngineState } from '../state';

/** In scaled quote units. Healthy: the flat fee. Unhealthy: plus debtFeeBps of the protocol debt. */
export function withdrawalFeeQuote(config: DevnetConfig, state: EngineState): bigint {
  if (state.protocolDebt <= 0n) return config.withdrawalFee;
  return config.withdrawalFee + bpsOf(state.protocolDebt, config.debtFeeBps, 'up');
}

/** The same fee in the withdrawn token's units, rounded up so a fee is never understated. */
export function withdrawalFeeInToken(config: DevnetConfig, state: EngineState, tokenId: number): bigint {
  const feeQuote = withdrawalFeeQuote(config, state);
  if (tokenId === config.quoteTokenId) return feeQuote;
  const token = config.tokens.find((t) => t.tokenId === tokenId);
  const price = config.referencePrices[tokenId];
  if (!token || !price) return feeQuote;
  const numerator = feeQuote * 10n ** BigInt(token.decimals);
  return (numerator + price - 1n) / price;
}
