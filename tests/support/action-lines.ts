// Reading the typed lines of a summary or a result by key, failing loudly when the line is missing or of
// another type, so a test that asks for a fee gets a bigint or a clear failure.
import type { Line, LineValue } from '../../src/shared/ipc/actions';

type Shown = { lines: Line[] };

function lineOf<T extends LineValue['type']>(
  view: Shown,
  key: string,
  type: T,
): Extract<LineValue, { type: T }> {
  const line = view.lines.find((l) => l.key === key);
  if (!line) throw new Error(`no "${key}" line in ${view.lines.map((l) => l.key).join(', ')}`);
  if (line.value.type !== type) throw new Error(`the "${key}" line is ${line.value.type}, not ${type}`);
  return line.value as Extract<LineValue, { type: T }>;
}

/** an amount line's amount */
export const amountLine = (view: Shown, key: string): bigint => lineOf(view, key, 'amount').amount;
/** an account line's account (null: a new account) */
export const accountLine = (view: Shown, key: string): number | null =>
  lineOf(view, key, 'account').accountId;
/** a number line's value (shares, ids) */
export const numberLine = (view: Shown, key: string): bigint => lineOf(view, key, 'number').value;
/** a percent line's basis points */
export const percentLine = (view: Shown, key: string): number => lineOf(view, key, 'percent').bps;
/** the account a transfer went into (a new one is numbered by the receipt) */
export const newAccount = (result: Shown): number => {
  const to = accountLine(result, 'to');
  if (to === null) throw new Error('the transfer names no account');
  return to;
};
