// u128 values travel as a { lo, hi } pair of u64 halves.
import { ProtocolError } from './errors';

const U64 = (1n << 64n) - 1n;
const U128_MAX = (1n << 128n) - 1n;

export function toU128(value: bigint): { lo: bigint; hi: bigint } {
  if (value < 0n || value > U128_MAX)
    throw new ProtocolError('OUT_OF_RANGE', `${value} does not fit in a u128`);
  return { lo: value & U64, hi: value >> 64n };
}

export function fromU128(parts: { lo: bigint; hi: bigint }): bigint {
  if (parts.lo < 0n || parts.lo > U64 || parts.hi < 0n || parts.hi > U64) {
    throw new ProtocolError('OUT_OF_RANGE', 'a u128 half is outside 0..2^64-1');
  }
  return (parts.hi << 64n) | parts.lo;
}
