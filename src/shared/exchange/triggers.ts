// Triggers (stop-loss / take-profit) in the public engine's style. The public `TriggerInfo` carries
// triggerPrice and limitPrice as integer price mantissas (JSON numbers scaled by the market's price
// decimals, unlike every other price in REST), accountId, marketId, side, kind, actionId and createdAt; the
// interface's FullTriggerOrder adds triggerId, status and the limit sizes (mantissas too: base size scaled
// by sizeDecimals, quote notional by priceDecimals + sizeDecimals). Kinds and statuses take the interface's
// spellings (StopLoss/TakeProfit; Active, Success, cancelled, removed), which win over the public ones.
import { z } from 'zod';
import type { LosslessNumber } from 'lossless-json';
import { isLosslessNumber } from 'lossless-json';
import { SideJson, TimeText, U64Text, UInt, pageOf } from './json';

/** A price or size mantissa: an integer JSON number, read into bigint from its text. */
export const Mantissa = z
  .custom<LosslessNumber | bigint>(
    (v) => typeof v === 'bigint' || isLosslessNumber(v),
    'expected a JSON number',
  )
  .meta({ type: 'integer', format: 'int64' })
  .transform((v, ctx) => {
    const text = typeof v === 'bigint' ? v.toString() : v.value;
    if (!/^-?(0|[1-9]\d{0,38})$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `expected an integer mantissa, got ${text}` });
      return z.NEVER;
    }
    return BigInt(text);
  });

export const TriggerKindSchema = z.enum(['StopLoss', 'TakeProfit']);
export const TriggerStatusSchema = z.enum(['Active', 'Success', 'cancelled', 'removed']);

/** Cursor of placement history: "<actionId>:<subActionId>"; a bare "<actionId>" means sub action 0. */
export const TriggerHistCursorSchema = z.string().regex(/^(0|[1-9]\d{0,19})(:(0|[1-9]\d{0,9}))?$/);

const definition = {
  marketId: UInt(),
  side: SideJson,
  kind: TriggerKindSchema,
  triggerPrice: Mantissa,
  /** null: the exit is a market order (ImmediateOrCancel) */
  limitPrice: Mantissa.nullable(),
  limitBaseSize: Mantissa.nullable(),
  limitQuoteSize: Mantissa.nullable(),
};

/** FullTriggerOrder: TriggerInfo + triggerId, status, limit sizes, updatedAt */
export const FullTriggerOrderSchema = z.object({
  accountId: UInt(),
  ...definition,
  /** the action of the latest placement (the add, or the last edit) */
  actionId: U64Text,
  createdAt: TimeText,
  triggerId: U64Text,
  status: TriggerStatusSchema,
  updatedAt: TimeText,
});

export const TriggerListSchema = z.array(FullTriggerOrderSchema);
/** GET /triggers/active: `PageResult_for_String_and_TriggerInfo` with FullTriggerOrder items */
export const ActiveTriggerPageSchema = pageOf(FullTriggerOrderSchema);

export const PlaceTriggerRowSchema = z.object({
  time: TimeText,
  actionId: U64Text,
  subActionId: UInt(),
  triggerId: U64Text,
  accountId: UInt(),
  type: z.enum(['add', 'edit']),
  ...definition,
  /** pass back as startInclusive to start a page at this row */
  cursor: TriggerHistCursorSchema,
});

export const FinaliseTriggerRowSchema = z.object({
  time: TimeText,
  /** the remove action, or the engine action under which the trigger fired */
  actionId: U64Text,
  triggerId: U64Text,
  accountId: UInt(),
  status: TriggerStatusSchema.exclude(['Active']),
  /** the order a fired trigger placed (status Success) */
  orderId: U64Text.nullable(),
  /** why a fired trigger was cancelled: the Error its order was rejected with */
  reason: z.string().nullable(),
  ...definition,
});

export const PlaceTriggerPageSchema = pageOf(PlaceTriggerRowSchema);
export const FinaliseTriggerPageSchema = pageOf(FinaliseTriggerRowSchema);

export type WireFullTriggerOrder = z.input<typeof FullTriggerOrderSchema>;
export type WirePlaceTriggerRow = z.input<typeof PlaceTriggerRowSchema>;
export type WireFinaliseTriggerRow = z.input<typeof FinaliseTriggerRowSchema>;
