// Figures as people read them: every amount, price, size and percentage on screen goes through here. Values
// arrive as scaled bigints with their decimals (from /info) and never pass through floating point. Plain
// decimal text for inputs, files and the wire is money.ts's formatAmount; this is only for reading.
//
// The rules: thousands separators everywhere, a true minus sign (U+2212, as wide as the plus), a fixed number
// of fraction digits per kind of figure so that right-aligned tabular columns line up on the decimal point,
// cutting toward zero (never showing more than is there), and a unit after the figure where it has one.
import { formatAmount } from './money';

export const MINUS = '\u2212';

/** Quote-currency amounts (equity, PnL, fees) show cents; other tokens at least as many places. */
export const QUOTE_DIGITS = 2;

export interface FigureOptions {
  /** fraction digits always shown (trailing zeros kept) so that a column's decimals line up */
  digits: number;
  /** written after the figure, e.g. "USDC", "BTC", "%" */
  unit?: string;
  /** '+' before a positive value (PnL, funding, signed history amounts) */
  signed?: boolean;
  /** every non-zero place too (at least `digits`): what a person is about to sign, never rounded */
  exact?: boolean;
}

/**
 * `value` (scaled by `decimals`) cut to `digits` fraction digits toward zero, still scaled: a wallet never
 * shows more than is there (a balance, a limit to withdraw) by rounding up.
 */
function roundTo(value: bigint, decimals: number, digits: number): { value: bigint; decimals: number } {
  if (digits >= decimals) return { value, decimals };
  return { value: value / 10n ** BigInt(decimals - digits), decimals: digits };
}

/**
 * A scaled value as text for reading: "27,277.94 USDC", "−10.64 USDC", "+0.2000 BTC". A non-zero value
 * that would round to zero keeps the digits it needs ("0.004 USDC", not "0.00"): a fee or a dust balance
 * must not read as nothing.
 */
export function formatFigure(value: bigint, decimals: number, options: FigureOptions): string {
  const digits = Math.min(options.digits, decimals);
  const rounded = roundTo(value, decimals, digits);
  const text =
    options.exact || (rounded.value === 0n && value !== 0n)
      ? formatAmount(value, decimals, { group: true, minFractionDigits: digits })
      : formatAmount(rounded.value, rounded.decimals, { group: true, minFractionDigits: digits });
  const sign = value < 0n ? MINUS : options.signed && value > 0n ? '+' : '';
  const figure = `${sign}${text.replace(/^-/, '')}`;
  return options.unit ? `${figure}${options.unit === '%' ? '' : ' '}${options.unit}` : figure;
}

export interface TokenLike {
  symbol: string;
  decimals: number;
}

/**
 * An amount of a token, with its symbol: the quote token in cents; another token (ETH) with every place it
 * has, since a fraction of it is worth a lot ("0.0003125 ETH" is a withdrawal fee, not "0.00 ETH").
 */
export function formatToken(
  value: bigint,
  token: TokenLike,
  options: { quote: boolean; signed?: boolean; exact?: boolean },
): string {
  return formatFigure(value, token.decimals, {
    digits: QUOTE_DIGITS,
    unit: token.symbol,
    signed: options.signed ?? false,
    exact: !options.quote || (options.exact ?? false),
  });
}

/** Places SOL always shows: what a network fee (0.000005 SOL) needs, so a balance and a fee line up. */
const SOL_DIGITS = 6;

/**
 * SOL on the settlement chain (lamports, 9 decimals), which pays network fees: six places and any further
 * non-zero one, the same wherever it shows ("1.000000 SOL" beside "0.999995 SOL", never "1.00").
 */
export const formatSol = (lamports: bigint): string =>
  formatFigure(lamports, 9, { digits: SOL_DIGITS, exact: true, unit: 'SOL' });

/**
 * Vault shares count in the quote token's units (one share was one quote unit at launch): every place of
 * that token, never cut ("10.000000", "50.111698"), the same in a review, a result and a table.
 */
export const formatShares = (shares: bigint, decimals: number): string =>
  formatFigure(shares, decimals, { digits: decimals, exact: true });

/** A price or size in a market's own decimals, every place shown (so prices in a column line up). */
export function formatMarketFigure(
  value: bigint,
  decimals: number,
  options: { unit?: string; signed?: boolean } = {},
): string {
  return formatFigure(value, decimals, { digits: decimals, ...options });
}

/** Basis points as a percentage with two places: 436406n → "4,364.06%". */
export function formatBps(bps: bigint | number, options: { signed?: boolean } = {}): string {
  return formatFigure(BigInt(bps), 2, { digits: 2, unit: '%', signed: options.signed ?? false });
}

/** Parts per million as a percentage with four places: 12345 → "1.2345%". */
export function formatPpm(ppm: bigint | number): string {
  return formatFigure(BigInt(ppm), 4, { digits: 4, unit: '%' });
}

/** A whole count with separators: 12345 → "12,345". */
export function formatCount(count: number | bigint): string {
  return formatFigure(BigInt(count), 0, { digits: 0 });
}

/** A change in parts per million as a signed percentage with two places: 4019 → "+0.40%". */
export function formatPpmChange(ppm: bigint): string {
  return formatFigure(ppm, 4, { digits: 2, unit: '%', signed: true });
}

/** Which way a signed figure points, for its colour (its sign says it too: colour is never the only signal). */
export type Direction = 'gain' | 'loss' | 'flat';
export const directionOf = (value: bigint): Direction => (value > 0n ? 'gain' : value < 0n ? 'loss' : 'flat');
