// The vault account trading through the book like any user: an IMMEDIATE_OR_CANCEL order placed with the
// ordinary placeOrder rule on the vault owner's behalf, bounded by a slippage limit around the index.
import { type RuleContext, Rejection } from '../engine/rule';
import { orderRules } from '../orders/rules';
import { abs } from '../trading/positions';
import type { ReceiptKind } from '../../protocol/types';
import type { VaultState } from './state';
import { BPS, bpsOf } from '../engine/bps';

/** the furthest from the index a vault order may fill, so a thin book cannot cost it more */
const SLIPPAGE_BPS = 100n;

/** Trades `delta` (signed size: > 0 buys) in the market; a rule's rejection comes back as an err receipt. */
export function vaultOrder(
  ctx: RuleContext,
  vault: VaultState,
  marketId: number,
  delta: bigint,
  reduceOnly: boolean,
): ReceiptKind {
  const index = ctx.state.oracle?.markets[marketId]?.index;
  if (index === undefined) return { type: 'err', error: 'MARKET_NOT_FOUND' };
  const side = delta > 0n ? 'BID' : 'ASK';
  const price = bpsOf(index, side === 'BID' ? BPS + SLIPPAGE_BPS : BPS - SLIPPAGE_BPS, 'down');
  try {
    return orderRules.placeOrder!(
      {
        type: 'placeOrder',
        sessionId: 0n,
        marketId,
        side,
        fillMode: 'IMMEDIATE_OR_CANCEL',
        isReduceOnly: reduceOnly,
        price,
        size: abs(delta),
        senderAccountId: vault.accountId,
      },
      { ...ctx, user: vault.owner },
    );
  } catch (error) {
    // placeOrder checks before it changes anything, so a rejection left the book and the vault as they were
    if (error instanceof Rejection) return { type: 'err', error: error.error };
    throw error;
  }
}
