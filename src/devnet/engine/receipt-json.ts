// A receipt as JSON (bigints as decimal strings, bytes as base58), as the action log and vault history keep it.
import bs58 from 'bs58';
import type { Receipt } from '../../protocol/types';

export function receiptToJson(receipt: Receipt): unknown {
  return JSON.parse(
    JSON.stringify(
      receipt,
      (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : Buffer.isBuffer(v) ? bs58.encode(v) : v),
      0,
    ),
  );
}
