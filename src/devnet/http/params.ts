// Path and query parameters shared by the route tables, each with the bounds the interface gives and a
// 400 that says what was expected.
import { HttpError } from './errors';

/** a uint64 in decimal without leading zeros (the range is checked separately); the validators test with
 * it and contract.ts documents it, so the described pattern is the enforced one */
export const U64_PATTERN = /^(0|[1-9]\d{0,19})$/;

export function marketIdParam(raw: string | undefined | null, name = 'market id'): number {
  if (raw == null || !/^\d{1,10}$/.test(raw) || Number(raw) > 2147483647)
    throw new HttpError('BadRequest', `"${raw ?? ''}" is not a ${name} (0 to 2147483647)`);
  return Number(raw);
}

export function accountIdValue(raw: string | undefined | null, name = 'account id'): number {
  if (raw == null || !/^\d{1,10}$/.test(raw) || Number(raw) > 0xffffffff)
    throw new HttpError('BadRequest', `"${raw ?? ''}" is not an ${name}`);
  return Number(raw);
}

export function u64Value(raw: string | undefined | null, name: string): bigint {
  if (raw == null || !U64_PATTERN.test(raw) || BigInt(raw) >= 1n << 64n)
    throw new HttpError('BadRequest', `${name} must be an unsigned 64-bit integer, got "${raw ?? ''}"`);
  return BigInt(raw);
}

/** An optional query parameter through a parser; absent stays undefined. */
/** What optionalQuery reads: a request's query view (only the route's declared names are readable). */
interface WithQuery {
  query: { get(name: string): string | null };
}

export function optionalQuery<T>(req: WithQuery, name: string, parse: (raw: string) => T): T | undefined {
  const raw = req.query.get(name);
  return raw === null ? undefined : parse(raw);
}
