// Trigger (stop-loss / take-profit) state kept in the engine snapshot.
//
// How the devnet's triggers work (where the interface says "not shown", this is the project's decision):
// - A trigger belongs to one account (the AddTrigger's accountId, or the signer's first account) and one
//   market, both fixed for its life. Like RemoveTrigger, EditTrigger names the trigger by marketId and
//   triggerId: an edit naming another market is TRIGGER_NOT_FOUND (moving a trigger is remove + add), and an
//   accountId, when given, must be the trigger's own account (ACCOUNT_INVALID_OWNER otherwise).
// - An edit replaces the whole definition: a limit field the edit leaves out is cleared, not kept.
// - Firing compares the market's mark price on every tick: an ASK (closing a long) StopLoss fires at
//   mark <= triggerPrice and TakeProfit at mark >= triggerPrice; a BID (closing a short) the other way
//   round. A trigger already past its price when placed fires on the next tick.
// - The fired order is reduce-only: LIMIT at limitPrice, or IMMEDIATE_OR_CANCEL at price 0 (market) when
//   there is no limitPrice. Its size is limitBaseSize, else limitQuoteSize / triggerPrice (quote notional
//   is scaled by priceDecimals + sizeDecimals), else the whole position at that moment.
// - One Active trigger per account and public TriggerKey (market, kind, side): placing one under a held key
//   (add or edit) replaces the holder, which ends removed with reason "replaced".
// - Fired: Success with the order id when the order was accepted; cancelled with the Error name when the
//   order was rejected (e.g. no position left to reduce). Either way, like a removal, one finalisation row.
// - History: placement rows (add and every edit) page by "<actionId>:<subActionId>"; finalisation rows
//   page by triggerId. Both oldest first, like every other history read.
import type { SideName } from '../../protocol/types';

export type TriggerKind = 'StopLoss' | 'TakeProfit';
export type TriggerStatus = 'Active' | 'Success' | 'cancelled' | 'removed';

/** What AddTrigger sets and EditTrigger replaces. */
export interface TriggerDefinition {
  marketId: number;
  side: SideName;
  kind: TriggerKind;
  triggerPrice: bigint;
  limitPrice?: bigint;
  limitBaseSize?: bigint;
  limitQuoteSize?: bigint;
}

export interface TriggerRecord extends TriggerDefinition {
  triggerId: bigint;
  accountId: number;
  status: TriggerStatus;
  /** engine time (seconds) of the AddTrigger */
  createdAt: number;
  /** the action of the latest placement (add or edit) */
  actionId: bigint;
  updatedAt: number;
}

export interface PlacementRow extends TriggerDefinition {
  actionId: bigint;
  /** the subaction's index inside an atomic action; 0 otherwise */
  subActionId: number;
  time: number;
  triggerId: bigint;
  accountId: number;
  type: 'add' | 'edit';
}

export interface FinalisationRow extends TriggerDefinition {
  triggerId: bigint;
  accountId: number;
  actionId: bigint;
  time: number;
  status: Exclude<TriggerStatus, 'Active'>;
  /** the order a fired trigger placed */
  orderId?: bigint;
  /** why a fired trigger was cancelled: the Error name its order got */
  reason?: string;
}

export interface TriggersState {
  nextTriggerId: bigint;
  /** by triggerId (decimal string) */
  triggers: Record<string, TriggerRecord>;
  placements: PlacementRow[];
  finalisations: FinalisationRow[];
}

export const emptyTriggersState = (): TriggersState => ({
  nextTriggerId: 1n,
  triggers: {},
  placements: [],
  finalisations: [],
});

export const definitionOf = (t: TriggerDefinition): TriggerDefinition => ({
  marketId: t.marketId,
  side: t.side,
  kind: t.kind,
  triggerPrice: t.triggerPrice,
  ...(t.limitPrice !== undefined ? { limitPrice: t.limitPrice } : {}),
  ...(t.limitBaseSize !== undefined ? { limitBaseSize: t.limitBaseSize } : {}),
  ...(t.limitQuoteSize !== undefined ? { limitQuoteSize: t.limitQuoteSize } : {}),
});

/** Moves an Active trigger to its final state and records the finalisation row. */
export function finalise(
  triggers: TriggersState,
  trigger: TriggerRecord,
  row: {
    actionId: bigint;
    time: number;
    status: FinalisationRow['status'];
    orderId?: bigint;
    reason?: string;
  },
): FinalisationRow {
  trigger.status = row.status;
  trigger.updatedAt = row.time;
  const finalRow: FinalisationRow = {
    ...definitionOf(trigger),
    triggerId: trigger.triggerId,
    accountId: trigger.accountId,
    ...row,
  };
  triggers.finalisations.push(finalRow);
  return finalRow;
}
