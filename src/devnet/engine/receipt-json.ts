// A receipt as JSON (bigints as decimal strings, bytes as base58), as the action log and vault history keep it.
// One walk over the receipt rather than a JSON text written and read back (it showed in POST /action's
// profile); the value is exactly what JSON.parse(JSON.stringify(receipt, replacer)) made of it before.
import bs58 from 'bs58';
import type { Receipt } from '../../protocol/types';

export function receiptToJson(receipt: Receipt): unknown {
  return jsonValue(receipt, '');
}

/** `value` as JSON.stringify would write it with the replacer (bigint -> string, Buffer -> base58), read back. */
function jsonValue(input: unknown, key: string): unknown {
  let value = input;
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    value = (value as { toJSON(key: string): unknown }).toJSON(key);
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return bs58.encode(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value))
    return value.map((item, i) => {
      const v = jsonValue(item, String(i));
      return v === undefined ? null : v;
    });
  const out: Record<string, unknown> = {};
  for (const [k, item] of Object.entries(value)) {
    const v = jsonValue(item, k);
    if (v !== undefined) out[k] = v;
  }
  return out;
}
