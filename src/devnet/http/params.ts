// Path and query parameters shared by the route tables, each with the bounds the interface gives and a
// 400 that says what was expected.
import { HttpError } from './errors';
import type { HttpRequest } from './router';

const U64 = /^(0|[1-9]\d{0,19})$/;

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
  if (raw == null || !U64.test(raw) || BigInt(raw) >= 1n << 64n)
    throw new HttpError('BadRequest', `${name} must be an unsigned 64-bit integer, got "${raw ?? ''}"`);
  return BigInt(raw);
}

/** An optional query parameter through a parser; absent stays undefined. */
export function optionalQuery<T>(req: HttpRequest, name: string, parse: (raw: string) => T): T | undefined {
  const raw = req.query.get(name);
  return raw === null ? undefined : parse(raw);
}
