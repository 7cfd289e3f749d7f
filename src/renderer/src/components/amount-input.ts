// Parses what was typed into scaled units with the token's decimals; a wrong amount is an error message,
// never a rounded number. What a form shows as the most that may go and what its Max fills in are one text
// (amountText), which this reads back exactly.
import { MoneyFormatError, parseAmount } from '../../../shared/money';
import { QUOTE_DIGITS, formatFigure } from '../../../shared/figures';

/** thousands grouped the way amountText groups them: "22,490.497497"; "1,5" is not */
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * An amount as a form shows it beside its field and as Max fills it in: every place that is not zero, never
 * rounded (a Max that left 0.007497 behind would not be all), at least cents, grouped in thousands.
 */
export function amountText(value: bigint, decimals: number): string {
  return formatFigure(value, decimals, { digits: QUOTE_DIGITS, exact: true });
}

export function readAmount(
  text: string,
  decimals: number | undefined,
): { value: bigint | null; error: string | null } {
  if (text.trim() === '') return { value: null, error: null };
  if (decimals === undefined) return { value: null, error: 'Choose a token first.' };
  const plain = GROUPED.test(text.trim()) ? text.trim().replaceAll(',', '') : text;
  try {
    const value = parseAmount(plain, decimals);
    return value > 0n ? { value, error: null } : { value: null, error: 'Enter an amount above zero.' };
  } catch (error) {
    return { value: null, error: error instanceof MoneyFormatError ? error.message : 'Not an amount.' };
  }
}
