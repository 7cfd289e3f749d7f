// An account's rows of a history the engine only appends to (deposits, withdrawals, transfers), found
// without reading every row there is: an exchange's history reads cost what the account has, not what
// everyone has. A busy hour leaves 72,000 transfers, and an account's history read filtered them all.
//
// The index is derived, never stored: it follows the engine's own array as rows are appended, and is built
// again whenever that array is not the one it followed (a snapshot restored, an atomic action undone) or
// no longer holds the row it last saw where it saw it.

interface Index<T> {
  rows: readonly T[];
  /** how many of `rows` are indexed, and the last of them as it was seen */
  indexed: number;
  last: T | undefined;
  byAccount: Map<number, T[]>;
}

export interface RowsByAccount<T> {
  /** the account's rows of `rows`, in their order there */
  of(rows: readonly T[], accountId: number): readonly T[];
}

/** `accountsOf` names the accounts a row belongs to (a transfer: its sender and its receiver). */
export function rowsByAccount<T>(accountsOf: (row: T) => readonly number[]): RowsByAccount<T> {
  let index: Index<T> | undefined;
  const add = (into: Index<T>, row: T) => {
    for (const id of new Set(accountsOf(row))) {
      const own = into.byAccount.get(id);
      if (own) own.push(row);
      else into.byAccount.set(id, [row]);
    }
  };
  return {
    of(rows, accountId) {
      const stale =
        !index ||
        index.rows !== rows ||
        rows.length < index.indexed ||
        (index.indexed > 0 && rows[index.indexed - 1] !== index.last);
      if (stale) index = { rows, indexed: 0, last: undefined, byAccount: new Map() };
      const current = index!;
      for (; current.indexed < rows.length; current.indexed += 1) add(current, rows[current.indexed]!);
      current.last = rows[current.indexed - 1];
      return current.byAccount.get(accountId) ?? [];
    },
  };
}
