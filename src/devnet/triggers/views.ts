// Triggers as the public TriggerInfo rows write them: the trigger itself (FullTriggerOrder) and its history
// rows (PlaceTriggerRow, FinaliseTriggerRow). Prices and sizes are mantissas (integer JSON numbers).
import { sideJson, time } from '../json';
import type { FinalisationRow, PlacementRow, TriggerDefinition, TriggerRecord } from './state';
import type {
  WireFinaliseTriggerRow,
  WireFullTriggerOrder,
  WirePlaceTriggerRow,
} from '../../shared/exchange/triggers';

const wireDefinition = (d: TriggerDefinition) => ({
  marketId: d.marketId,
  side: sideJson(d.side),
  kind: d.kind,
  triggerPrice: d.triggerPrice,
  limitPrice: d.limitPrice ?? null,
  limitBaseSize: d.limitBaseSize ?? null,
  limitQuoteSize: d.limitQuoteSize ?? null,
});

export const wireTrigger = (t: TriggerRecord): WireFullTriggerOrder => ({
  accountId: t.accountId,
  ...wireDefinition(t),
  actionId: t.actionId.toString(),
  createdAt: time(t.createdAt),
  triggerId: t.triggerId.toString(),
  status: t.status,
  updatedAt: time(t.updatedAt),
});

/** where a placement row sits in its history, "actionId:subActionId" (the TriggerHistCursor) */
export const placementCursor = (r: PlacementRow): string => `${r.actionId}:${r.subActionId}`;

export const wirePlacement = (r: PlacementRow): WirePlaceTriggerRow => ({
  time: time(r.time),
  actionId: r.actionId.toString(),
  subActionId: r.subActionId,
  triggerId: r.triggerId.toString(),
  accountId: r.accountId,
  type: r.type,
  ...wireDefinition(r),
  cursor: placementCursor(r),
});

export const wireFinalisation = (r: FinalisationRow): WireFinaliseTriggerRow => ({
  time: time(r.time),
  actionId: r.actionId.toString(),
  triggerId: r.triggerId.toString(),
  accountId: r.accountId,
  status: r.status,
  orderId: r.orderId?.toString() ?? null,
  reason: r.reason ?? null,
  ...wireDefinition(r),
});
