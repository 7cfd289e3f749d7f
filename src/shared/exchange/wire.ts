// Building blocks for the exchange's JSON. Scaled integers and u64 ids travel as decimal strings; the
// schemas read them into bigint, and `Wire*` types describe what the devnet writes.
import { z } from 'zod';

export const ScaledString = z
  .string()
  .regex(/^-?(0|[1-9]\d{0,38})$/, 'expected a scaled integer as a decimal string')
  .transform((s) => BigInt(s));

export const U64String = z
  .string()
  .regex(/^(0|[1-9]\d{0,19})$/, 'expected a u64 as a decimal string')
  .transform((s) => BigInt(s))
  .refine((v) => v < 1n << 64n, 'u64 out of range');

export const Base58Key = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'expected a base58 key');

export const AccountIdNumber = z.number().int().min(0).max(0xffffffff);
export const TokenIdNumber = z.number().int().min(0).max(0xffffffff);
export const Seconds = z.number().int().min(0);

/** A page: `{ items, nextStartInclusive? }`; no cursor means no more data. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item).max(255), nextStartInclusive: z.string().max(64).optional() });

export type Paged<T> = { items: T[]; nextStartInclusive?: string };

/** The named error body of every non-2xx answer. */
export const ErrorBodySchema = z.object({ error: z.string(), message: z.string() });
