// src/shared/money.ts: the one module that turns scaled bigint amounts into text and back. What a person
// types is read exactly or refused with a reason; nothing goes through floating point.
import { describe, expect, it } from 'vitest';
import {
  MoneyFormatError,
  decimalFromScaled,
  formatAmount,
  parseAmount,
  scaledFromDecimal,
} from '../../../src/shared/money';

const MAX_U64 = 2n ** 64n - 1n;

describe('parseAmount (what a person typed)', () => {
  it('reads whole and fractional amounts into scaled units', () => {
    expect(parseAmount('25', 6)).toBe(25_000_000n);
    expect(parseAmount('25.5', 6)).toBe(25_500_000n);
    expect(parseAmount('0.000001', 6)).toBe(1n);
    expect(parseAmount('1.', 6)).toBe(1_000_000n);
    expect(parseAmount('007', 0)).toBe(7n);
  });

  it('reads zero in every spelling as 0', () => {
    for (const zero of ['0', '0.0', '0.000000', '000']) expect(parseAmount(zero, 6)).toBe(0n);
  });

  it('reads the largest u64 exactly, and the text formatAmount writes for it', () => {
    expect(parseAmount('18446744073709.551615', 6)).toBe(MAX_U64);
    expect(parseAmount(formatAmount(MAX_U64, 6), 6)).toBe(MAX_U64);
    expect(parseAmount('18446744073709551615', 0)).toBe(MAX_U64);
  });

  it('ignores spaces around the amount only', () => {
    expect(parseAmount('  25.5\n', 6)).toBe(25_500_000n);
    expect(() => parseAmount('25 000', 6)).toThrow(MoneyFormatError);
  });

  it('refuses more fraction digits than the token has, rather than rounding', () => {
    expect(() => parseAmount('0.0000001', 6)).toThrow('"0.0000001" has more than 6 decimal places');
    expect(() => parseAmount('1.0', 0)).toThrow('"1.0" has decimals, but this amount must be a whole number');
  });

  it.each(['-1', '+1', '-0.5'])('refuses a sign: %s', (text) => {
    expect(() => parseAmount(text, 6)).toThrow(`"${text}" is not an amount`);
  });

  it.each(['1e6', '1E6', '2.5e-3', 'Infinity', 'NaN'])(
    'refuses exponent notation and non-numbers: %s',
    (text) => {
      expect(() => parseAmount(text, 6)).toThrow(MoneyFormatError);
    },
  );

  it.each(['25abc', 'abc25', '$25', '25 USDC', '1,000', '1.2.3', '.5', '', ' ', '٢٥', '0x10'])(
    'refuses leading or trailing garbage and anything but digits and one point: %j',
    (text) => {
      expect(() => parseAmount(text, 6)).toThrow(MoneyFormatError);
    },
  );

  it.each([-1, 37, 1.5, Number.NaN])('refuses decimals that no token has: %s', (decimals) => {
    expect(() => parseAmount('1', decimals)).toThrow('decimals must be a whole number from 0 to 36');
  });
});

describe('formatAmount (scaled units as text)', () => {
  it('writes whole and fractional values without trailing zeros', () => {
    expect(formatAmount(25_500_000n, 6)).toBe('25.5');
    expect(formatAmount(1n, 6)).toBe('0.000001');
    expect(formatAmount(25_000_000n, 6)).toBe('25');
    expect(formatAmount(7n, 0)).toBe('7');
  });

  it('writes zero as 0, with the fraction digits asked for, and never signed', () => {
    expect(formatAmount(0n, 6)).toBe('0');
    expect(formatAmount(0n, 6, { minFractionDigits: 2 })).toBe('0.00');
    expect(formatAmount(0n, 6, { signed: true })).toBe('0');
  });

  it('writes negatives with a minus, grouped and signed alike', () => {
    expect(formatAmount(-1_500_000n, 6)).toBe('-1.5');
    expect(formatAmount(-1_234_567_500_000n, 6, { group: true })).toBe('-1,234,567.5');
    expect(formatAmount(-1_500_000n, 6, { signed: true })).toBe('-1.5');
    expect(formatAmount(1_500_000n, 6, { signed: true })).toBe('+1.5');
  });

  it('writes the largest u64 exactly, grouped or not', () => {
    expect(formatAmount(MAX_U64, 6)).toBe('18446744073709.551615');
    expect(formatAmount(MAX_U64, 6, { group: true })).toBe('18,446,744,073,709.551615');
    expect(formatAmount(MAX_U64, 0)).toBe('18446744073709551615');
    expect(formatAmount(-MAX_U64, 6)).toBe('-18446744073709.551615');
  });

  it('cuts extra fraction digits toward zero for display, and keeps the asked-for minimum', () => {
    expect(formatAmount(1_999_999n, 6, { maxFractionDigits: 2 })).toBe('1.99');
    expect(formatAmount(-1_999_999n, 6, { maxFractionDigits: 2 })).toBe('-1.99');
    expect(formatAmount(1_000_000n, 6, { maxFractionDigits: 2, minFractionDigits: 2 })).toBe('1.00');
  });

  it('writes a negative amount that display cuts to nothing as 0, not -0', () => {
    expect(formatAmount(-1n, 6, { maxFractionDigits: 2 })).toBe('0');
    expect(formatAmount(-1n, 6, { maxFractionDigits: 2, minFractionDigits: 2 })).toBe('0.00');
    expect(formatAmount(-1n, 6, { maxFractionDigits: 0 })).toBe('0');
  });

  it('refuses decimals that no token has', () => {
    expect(() => formatAmount(1n, 40)).toThrow(MoneyFormatError);
  });
});

describe('scaledFromDecimal and decimalFromScaled (JSON numbers on the wire)', () => {
  it('reads the exact text of a JSON number, exponents included', () => {
    expect(scaledFromDecimal('72433.6', 1)).toBe(724_336n);
    expect(scaledFromDecimal('-0.5', 6)).toBe(-500_000n);
    expect(scaledFromDecimal('1e-6', 6)).toBe(1n);
    expect(scaledFromDecimal('1.5E3', 6)).toBe(1_500_000_000n);
    expect(scaledFromDecimal('0', 6)).toBe(0n);
    expect(scaledFromDecimal('-0', 6)).toBe(0n);
    expect(scaledFromDecimal('18446744073709.551615', 6)).toBe(MAX_U64);
  });

  it('refuses a value finer than the decimals allow: the answer is malformed, not rounded', () => {
    expect(() => scaledFromDecimal('1e-7', 6)).toThrow(MoneyFormatError);
    expect(() => scaledFromDecimal('0.1234567', 6)).toThrow(MoneyFormatError);
  });

  it.each(['', '1.', '.5', '1e', '0x10', '1,5', ' 1', 'NaN', '1e999', '9'.repeat(65)])(
    'refuses %j',
    (text) => {
      expect(() => scaledFromDecimal(text, 6)).toThrow(MoneyFormatError);
    },
  );

  it('writes what it reads back', () => {
    for (const value of [0n, 1n, -1n, 724_336n, MAX_U64, -MAX_U64])
      expect(scaledFromDecimal(decimalFromScaled(value, 6), 6)).toBe(value);
  });
});
