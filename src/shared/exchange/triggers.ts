// Triggers (stop-loss / take-profit) as the exchange serves them: GET /account/{id}/triggers and
// /triggers/active (FullTriggerOrder), and the placement and finalisation history pages. Prices and sizes
// are the market's scaled integers, limitQuoteSize a quote notional scaled by priceDecimals + sizeDecimals;
// trigger, action and order ids are u64 strings. Absent limit fields are null.
import { z } from 'zod';
import { AccountIdNumber, ScaledString, Seconds, U64String, pageOf } from './wire';
import { SideSchema } from './orders';

export const TriggerKindSchema = z.enum(['StopLoss', 'TakeProfit']);
export const TriggerStatusSchema = z.enum(['Active', 'Success', 'cancelled', 'removed']);

/** Cursor of placement history: "<actionId>:<subActionId>"; a bare "<actionId>" means sub action 0. */
export const TriggerHistCursorSchema = z.string().regex(/^(0|[1-9]\d{0,19})(:(0|[1-9]\d{0,9}))?$/);
/** Cursor of finalisation history: a trigger id as the interface defines it. */
export const TriggerIdCursorSchema = z
  .string()
  .min(1)
  .max(19)
  .regex(/^(?:0|[1-9][0-9]*)$/);

const definition = {
  marketId: z.number().int().min(0),
  side: SideSchema,
  kind: TriggerKindSchema,
  triggerPrice: ScaledString,
  /** null: the exit is a market order (IMMEDIATE_OR_CANCEL) */
  limitPrice: ScaledString.nullable(),
  limitBaseSize: ScaledString.nullable(),
  limitQuoteSize: ScaledString.nullable(),
};

export const FullTriggerOrderSchema = z.object({
  triggerId: U64String,
  accountId: AccountIdNumber,
  ...definition,
  status: TriggerStatusSchema,
  createdAt: Seconds,
  /** the action of the latest placement (the add, or the last edit) */
  actionId: U64String,
  updatedAt: Seconds,
});

export const TriggerListSchema = z.array(FullTriggerOrderSchema);

export const PlaceTriggerRowSchema = z.object({
  /** pass back as startInclusive to start a page at this row */
  cursor: TriggerHistCursorSchema,
  actionId: U64String,
  subActionId: z.number().int().min(0),
  time: Seconds,
  triggerId: U64String,
  accountId: AccountIdNumber,
  type: z.enum(['add', 'edit']),
  ...definition,
});

export const FinaliseTriggerRowSchema = z.object({
  triggerId: U64String,
  accountId: AccountIdNumber,
  /** the remove action, or the engine action under which the trigger fired */
  actionId: U64String,
  time: Seconds,
  status: TriggerStatusSchema.exclude(['Active']),
  /** the order a fired trigger placed (status Success) */
  orderId: U64String.nullable(),
  /** why a fired trigger was cancelled: the Error its order was rejected with */
  reason: z.string().nullable(),
  ...definition,
});

export const PlaceTriggerPageSchema = pageOf(PlaceTriggerRowSchema);
export const FinaliseTriggerPageSchema = pageOf(FinaliseTriggerRowSchema);

export type FullTriggerOrder = z.infer<typeof FullTriggerOrderSchema>;
export type PlaceTriggerRow = z.infer<typeof PlaceTriggerRowSchema>;
export type FinaliseTriggerRow = z.infer<typeof FinaliseTriggerRowSchema>;
export type WireFullTriggerOrder = z.input<typeof FullTriggerOrderSchema>;
export type WirePlaceTriggerRow = z.input<typeof PlaceTriggerRowSchema>;
export type WireFinaliseTriggerRow = z.input<typeof FinaliseTriggerRowSchema>;
