// Building blocks of the settlement routes' JSON (/settlement/..., the project's own addition beside the
// public interface), which carries scaled integers as decimal strings. The exchange's own JSON follows the
// public engine (json.ts).
import { z } from 'zod';
import { UInt } from './json';

export const ScaledString = z
  .string()
  .regex(/^-?(0|[1-9]\d{0,38})$/, 'expected a scaled integer as a decimal string')
  .transform((s) => BigInt(s));

export { Base58Key } from './json';

export const TokenIdNumber = UInt();
