// The exchange's JSON as the public engine writes it: prices, sizes, amounts and margins are JSON numbers
// in human units (PROTOCOL.md), ids are numbers or decimal strings as rest.md types each one. Numbers are
// never read through a double: the text of each number is kept (lossless-json) and converted exactly, to a
// scaled bigint with the /info decimals (shared/money.ts) or to an id after a range check.
import { LosslessNumber, isLosslessNumber, parse } from 'lossless-json';
import { z } from 'zod';
import { BASE58_KEY } from '../base58';

/**
 * The longest number text accepted. A u64 has 20 digits and a human amount a few more; anything longer is a
 * hostile or broken answer, refused before any conversion (a megabyte of digits must not cost a BigInt()).
 */
export const MAX_NUMBER_TEXT = 64;

export class ExchangeJsonError extends Error {
  override readonly name = 'ExchangeJsonError';
}

/** Parses the exchange's JSON with every number kept as its text (a LosslessNumber). */
export function parseExchangeJson(text: string): unknown {
  return parse(text, null, (digits) => {
    if (digits.length > MAX_NUMBER_TEXT)
      throw new ExchangeJsonError(`a number of ${digits.length} characters (at most ${MAX_NUMBER_TEXT})`);
    return new LosslessNumber(digits);
  });
}

/** A JSON number's text: `-12.5`, `0`, `1e-7` (whatever the sender wrote; converted exactly later). */
export type DecimalText = string & { readonly __decimal: unique symbol };

const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d{1,3})?$/;

/** A JSON number in human units; the output is its exact text, for money.ts to scale with /info decimals. */
export const Num = z
  .custom<LosslessNumber>(isLosslessNumber, 'expected a JSON number')
  // what /openapi.json says of it (the devnet renders its responses from these schemas)
  .meta({ type: 'number', format: 'double' })
  .transform((n, ctx) => {
    if (!DECIMAL.test(n.value)) {
      ctx.addIssue({ code: 'custom', message: `"${n.value}" is not a decimal number` });
      return z.NEVER;
    }
    return n.value as DecimalText;
  });

/** The text of a JSON number when the sender is this process (the devnet); LosslessNumber on the wire. */
type NumberIn = LosslessNumber | number;
const isNumberIn = (v: unknown): v is NumberIn => typeof v === 'number' || isLosslessNumber(v);
const textOf = (v: NumberIn) => (typeof v === 'number' ? String(v) : v.value);

/** A whole JSON number from 0 to max (ids, counts, decimals): small enough to be exact as a JS number. */
export const UInt = (max = 0xffffffff) =>
  z
    .custom<NumberIn>(isNumberIn, 'expected a JSON number')
    .meta({ type: 'integer', minimum: 0, maximum: max })
    .transform((v, ctx) => {
      const text = textOf(v);
      if (!/^(0|[1-9]\d{0,15})$/.test(text) || Number(text) > max) {
        ctx.addIssue({ code: 'custom', message: `expected a whole number from 0 to ${max}, got ${text}` });
        return z.NEVER;
      }
      return Number(text);
    });

/** A u64 JSON number (updateId, actionId where typed as a number): read into bigint from its text. */
export const U64Num = z
  .custom<LosslessNumber | bigint>(
    (v) => typeof v === 'bigint' || isLosslessNumber(v),
    'expected a JSON number',
  )
  .meta({ type: 'integer', format: 'uint64', minimum: 0 })
  .transform((v, ctx) => {
    const text = typeof v === 'bigint' ? v.toString() : v.value;
    if (!/^(0|[1-9]\d{0,19})$/.test(text) || BigInt(text) >= 1n << 64n) {
      ctx.addIssue({ code: 'custom', message: `expected a u64, got ${text}` });
      return z.NEVER;
    }
    return BigInt(text);
  });

/** A u64 as a decimal string (order ids, trade ids, action ids in rows, cursors). */
export const U64Text = z
  .string()
  .regex(/^(0|[1-9]\d{0,19})$/, 'expected a u64 as a decimal string')
  .transform((s) => BigInt(s))
  .refine((v) => v < 1n << 64n, 'u64 out of range');

/** A time as the public engine writes it in responses (a string); RFC3339, read as whole seconds. */
export const TimeText = z
  .string()
  .max(40)
  .transform((s, ctx) => {
    const ms = Date.parse(s);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(s) || Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: `"${s}" is not an RFC3339 time` });
      return z.NEVER;
    }
    return Math.floor(ms / 1000);
  });

export const Base58Key = z.string().regex(BASE58_KEY, 'expected a base58 key');

/** `Side` of rest.md. */
export const SideJson = z.enum(['ask', 'bid']);
/** `FillMode` of rest.md. */
export const FillModeJson = z.enum(['Limit', 'PostOnly', 'ImmediateOrCancel', 'FillOrKill']);

/** `PageResult_for_String_and_X`: `{ items, nextStartInclusive? }`; absent or null: no more data. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item).max(255),
    nextStartInclusive: z.string().max(64).nullable().optional(),
  });

// ---- writing (the devnet): numbers as exact text

/** A JSON number written from its exact text (the devnet's human-unit values). */
export function numberText(text: string): LosslessNumber {
  return new LosslessNumber(text);
}

/** Seconds since the epoch as the RFC3339 string the public engine writes times as. */
export function timeText(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}
