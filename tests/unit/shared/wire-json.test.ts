import { describe, expect, it } from 'vitest';
import {
  MAX_WIRE_BIGINT_DIGITS,
  WireJsonError,
  parseWire,
  stringifyWire,
} from '../../../src/shared/wire-json';

describe('parseWire', () => {
  it('round-trips bigint money and plain values', () => {
    const value = { amount: -(10n ** 38n) + 7n, id: 3, label: 'x', list: [1n, 2n] };
    expect(parseWire(stringifyWire(value))).toEqual(value);
  });

  it('refuses a tagged bigint of 1 MiB of digits with a clear error instead of converting it', () => {
    const frame = JSON.stringify({ id: 1, arg: { amount: { $bigint: '9'.repeat(1 << 20) } } });
    expect(() => parseWire(frame)).toThrow(WireJsonError);
    expect(() => parseWire(frame)).toThrow(/at most 78 digits/);
  });

  it('accepts the longest allowed bigint and refuses one digit more', () => {
    const longest = '9'.repeat(MAX_WIRE_BIGINT_DIGITS);
    expect(parseWire(JSON.stringify({ $bigint: `-${longest}` }))).toBe(-BigInt(longest));
    expect(() => parseWire(JSON.stringify({ $bigint: `${longest}9` }))).toThrow(WireJsonError);
  });

  it('refuses a tag whose digits are followed by anything else', () => {
    expect(() => parseWire(JSON.stringify({ $bigint: '12e5' }))).toThrow(WireJsonError);
  });
});
