// Parses what was typed into scaled units with the token's decimals; a wrong amount is an error message,
// never a rounded number.
import { MoneyFormatError, parseAmount } from '../../../shared/money';

export function readAmount(
  text: string,
  decimals: number | undefined,
): { value: bigint | null; error: string | null } {
  if (text.trim() === '') return { value: null, error: null };
  if (decimals === undefined) return { value: null, error: 'Choose a token first.' };
  try {
    const value = parseAmount(text, decimals);
    return value > 0n ? { value, error: null } : { value: null, error: 'Enter an amount above zero.' };
  } catch (error) {
    return { value: null, error: error instanceof MoneyFormatError ? error.message : 'Not an amount.' };
  }
}
