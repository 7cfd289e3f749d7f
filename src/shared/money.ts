// Scaled-integer money. Every amount, price and size is a bigint in the token's or market's smallest unit
// from the wire to the display edge; this module is the only place that turns them into text and back.

export class MoneyFormatError extends Error {
  override readonly name = 'MoneyFormatError';
}

const DECIMAL = /^(\d+)(?:\.(\d*))?$/;

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) {
    throw new MoneyFormatError(`decimals must be a whole number from 0 to 36, got ${decimals}`);
  }
}

/**
 * Parses what a person typed ("25", "25.5", "0.000001") into scaled units. Rejects signs, exponents,
 * separators and more fraction digits than the token has: silently rounding someone's amount is never right.
 */
export function parseAmount(text: string, decimals: number): bigint {
  checkDecimals(decimals);
  const trimmed = text.trim();
  const match = DECIMAL.exec(trimmed);
  if (!match)
    throw new MoneyFormatError(`"${text}" is not an amount: use digits and at most one decimal point`);
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    throw new MoneyFormatError(
      decimals === 0
        ? `"${text}" has decimals, but this amount must be a whole number`
        : `"${text}" has more than ${decimals} decimal places`,
    );
  }
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

export interface FormatOptions {
  /** Show at most this many fraction digits, rounding toward zero (display only). */
  maxFractionDigits?: number;
  /** Keep trailing zeros up to this many fraction digits. */
  minFractionDigits?: number;
  /** Group the whole part in thousands with commas. */
  group?: boolean;
  /** Prefix positive values with '+'. */
  signed?: boolean;
}

/** Formats scaled units as a decimal string. Never goes through floating point. */
export function formatAmount(value: bigint, decimals: number, options: FormatOptions = {}): string {
  checkDecimals(decimals);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  let whole = (abs / scale).toString();
  let fraction = decimals === 0 ? '' : (abs % scale).toString().padStart(decimals, '0');
  if (options.maxFractionDigits !== undefined && fraction.length > options.maxFractionDigits) {
    fraction = fraction.slice(0, options.maxFractionDigits);
  }
  const minDigits = Math.min(options.minFractionDigits ?? 0, fraction.length);
  let end = fraction.length;
  while (end > minDigits && fraction[end - 1] === '0') end -= 1;
  fraction = fraction.slice(0, end);
  if (options.group) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  // a value that display cuts to nothing is 0, not -0
  const shownZero = /^0*$/.test(whole + fraction);
  const sign = shownZero ? '' : negative ? '-' : options.signed && value > 0n ? '+' : '';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Converts the exact text of a JSON number in human units (`72433.6`, `-0.5`, `1e-7`; the exchange's prices,
 * sizes, amounts and margins) into scaled units with the /info decimals, without floating point. A value with
 * more fraction digits than the decimals allow is refused, never rounded: the answer is malformed.
 */
export function scaledFromDecimal(text: string, decimals: number): bigint {
  checkDecimals(decimals);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d{1,3}))?$/.exec(text);
  if (!match || text.length > 64)
    throw new MoneyFormatError(`"${text.slice(0, 80)}" is not a decimal number`);
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  // shift the decimal point by the exponent, then read digits as an amount with `decimals` places
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point > 80 || point < -80) throw new MoneyFormatError(`"${text}" is out of range`);
  const plain =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  const trimmed = plain.includes('.') ? plain.replace(/\.?0+$/, '') : plain;
  const value = parseAmount(trimmed === '' ? '0' : trimmed, decimals);
  return sign === '-' ? -value : value;
}

/** Scaled units as the exact decimal text of a JSON number in human units (what the devnet writes). */
export function decimalFromScaled(value: bigint, decimals: number): string {
  return formatAmount(value, decimals);
}
