// Fires active triggers whose market's mark price crossed their trigger price: each places its reduce-only
// exit order on the owner's behalf under an engine action of its own, and is finalised exactly once.
import { internalRuleContext, type TickContext } from '../engine/tick';
import { orderRules } from '../orders/rules';
import { abs } from '../trading/positions';
import { finalise, type TriggerRecord } from './state';
import { Rejection } from '../engine/rule';

/** Closing a long (ASK) loses as the price falls; closing a short (BID) as it rises. */
export function crossed(trigger: TriggerRecord, mark: bigint): boolean {
  const fallsTo = mark <= trigger.triggerPrice;
  const risesTo = mark >= trigger.triggerPrice;
  const stop = trigger.kind === 'StopLoss';
  return trigger.side === 'ASK' ? (stop ? fallsTo : risesTo) : stop ? risesTo : fallsTo;
}

/** Base size of the exit: the set size, the quote size at the trigger price, or the whole position. */
function exitSize(tick: TickContext, trigger: TriggerRecord): bigint {
  if (trigger.limitBaseSize !== undefined) return trigger.limitBaseSize;
  // quote notional is scaled by priceDecimals + sizeDecimals, so price × size is already in its units
  if (trigger.limitQuoteSize !== undefined) return trigger.limitQuoteSize / trigger.triggerPrice;
  return abs(tick.state.positions[trigger.accountId]?.[trigger.marketId]?.size ?? 0n);
}

function fire(tick: TickContext, trigger: TriggerRecord): void {
  const triggers = tick.state.triggers;
  const account = tick.state.accounts[trigger.accountId]!;
  // The action log keeps this object; it is completed below once the order's outcome is known.
  const record: Record<string, unknown> = {
    triggerId: trigger.triggerId.toString(),
    accountId: trigger.accountId,
    marketId: trigger.marketId,
  };
  const actionId = tick.recordAction('triggerFired', record);
  const isLimit = trigger.limitPrice !== undefined;
  let orderId: bigint | undefined;
  let reason: string | undefined;
  try {
    const result = orderRules.placeOrder!(
      {
        type: 'placeOrder',
        sessionId: 0n,
        marketId: trigger.marketId,
        side: trigger.side,
        fillMode: isLimit ? 'LIMIT' : 'IMMEDIATE_OR_CANCEL',
        isReduceOnly: true,
        price: trigger.limitPrice ?? 0n,
        size: exitSize(tick, trigger),
        senderAccountId: trigger.accountId,
      },
      internalRuleContext(tick, account.owner, actionId),
    );
    if (result.type === 'placeOrderResult') orderId = result.orderId;
  } catch (error) {
    // A rejected order changed nothing; the trigger ends cancelled and says why.
    if (!(error instanceof Rejection)) throw error;
    reason = error.error;
  }
  const status = orderId !== undefined ? 'Success' : 'cancelled';
  finalise(triggers, trigger, {
    actionId,
    time: tick.now,
    status,
    ...(orderId !== undefined ? { orderId } : {}),
    ...(reason !== undefined ? { reason } : {}),
  });
  record.status = status;
  if (orderId !== undefined) record.orderId = orderId.toString();
  if (reason !== undefined) record.reason = reason;
  account.updateId += 1;
  tick.emit(account.id, { type: 'triggerFired', ...record });
}

export function fireTriggers(tick: TickContext): void {
  const prices = tick.state.oracle?.markets;
  if (!prices) return;
  const triggers = tick.state.triggers;
  // Oldest first, so of two triggers on one position the older closes it and the younger finds it gone.
  const due = Object.values(triggers.triggers)
    .filter((t) => t.status === 'Active')
    .sort((a, b) => (a.triggerId < b.triggerId ? -1 : 1))
    .filter((t) => {
      const mark = prices[t.marketId]?.mark;
      return mark !== undefined && crossed(t, mark);
    });
  for (const trigger of due) fire(tick, trigger);
}
