// Why an amount leaving an account cannot go, said while it is typed (main checks the same again when it
// prepares the review): no more than the account may let go, and a withdrawal more than its fee.
import type { FreeToMove } from '../../components/free-to-move';

export type Verb = 'withdrawn' | 'transferred';

/**
 * The reason in words, or null when the amount may go. `show` writes a figure with its unit, the same text
 * as the Available line; `fee` is a withdrawal's (undefined while unknown, or for a transfer).
 */
export function amountProblem(
  amount: bigint | null,
  move: FreeToMove,
  verb: Verb,
  show: (value: bigint) => string,
  fee?: bigint,
): string | null {
  if (amount === null) return null;
  if (fee !== undefined && amount <= fee) return `The amount must be more than the fee (${show(fee)}).`;
  if (amount <= move.max) return null;
  if (!move.limitedByMargin) return `More than the available ${show(move.max)}.`;
  if (amount > move.balance) return `More than the account holds (${show(move.balance)}).`;
  return `More than your open positions leave free: up to ${show(move.max)} can be ${verb} now.`;
}
