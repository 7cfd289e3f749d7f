// What the home screen draws from the portfolio: a row per account, a row per open position, and the
// accounts the activity feed and the on-chain balances are about. A live update changes one account's
// figures, and the cached portfolio keeps every unchanged part the same object (TanStack Query's structural
// sharing); these rows keep that sameness, so that the memoised tables, the feed and the on-chain balances
// whose rows did not change are not drawn again while the changed figure waits behind them.
import type { PositionRow } from './PositionsTable';
import type { Portfolio } from '../../../../shared/portfolio-merge';

export type AccountRow = Portfolio['wallets'][number]['accounts'][number] & {
  walletLabel: string;
  /** the account as this page names it: its wallet, then its local name and number ("Trader · Savings (#4)") */
  title: string;
};

export interface HomeRows {
  accounts: readonly AccountRow[];
  positions: readonly PositionRow[];
  accountIds: readonly number[];
  /** the page's name of each account */
  titles: ReadonlyMap<number, string>;
  wallets: readonly { walletId: string; label: string }[];
}

/** `next` where it differs from `before` (element by element, by `same`), else `before` itself. */
function keep<T>(before: readonly T[] | undefined, next: T[], same: (a: T, b: T) => boolean): readonly T[] {
  return before && before.length === next.length && next.every((item, i) => same(before[i]!, item))
    ? before
    : next;
}

/** The same fields, each the same value or object (a shallow comparison). */
function shallowSame<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(b) as (keyof T)[];
  return Object.keys(a).length === keys.length && keys.every((k) => a[k] === b[k]);
}

const positionKey = (row: PositionRow) => `${row.accountId}:${row.marketId}`;

/** the row's account fields are the account's own (the row adds only its wallet's label and its title) */
const sameAccount = (row: AccountRow, account: Portfolio['wallets'][number]['accounts'][number]): boolean =>
  (Object.keys(account) as (keyof typeof account)[]).every((k) => row[k] === account[k]);

const sameTitles = (titles: ReadonlyMap<number, string>, accounts: readonly AccountRow[]): boolean =>
  titles.size === accounts.length && accounts.every((a) => titles.get(a.accountId) === a.title);

/**
 * The rows of `wallets`, with `before`'s rows and lists kept wherever they would come out the same: a row
 * whose account (or position) is the same object under the same title is the row drawn before.
 */
export function homeRows(
  wallets: Portfolio['wallets'],
  title: (walletLabel: string, accountId: number) => string,
  before: HomeRows | null,
): HomeRows {
  const previous = new Map((before?.accounts ?? []).map((row) => [row.accountId, row]));
  const accounts = wallets.flatMap(({ wallet: w, accounts: list }) =>
    list.map((a): AccountRow => {
      const name = title(w.label, a.accountId);
      const row = previous.get(a.accountId);
      // the row drawn before, when nothing in it changed: its own fields are the account's, unchanged
      if (row?.title === name && row.walletLabel === w.label && sameAccount(row, a)) return row;
      return { ...a, walletLabel: w.label, title: name };
    }),
  );
  const previousPositions = new Map((before?.positions ?? []).map((row) => [positionKey(row), row]));
  const positions = accounts.flatMap((a) =>
    a.positions.map((p): PositionRow => {
      const row = { ...p, accountId: a.accountId, accountTitle: a.title };
      // the row drawn before, when nothing in it changed: each position is drawn again on its own
      const was = previousPositions.get(positionKey(row));
      return was && shallowSame(was, row) ? was : row;
    }),
  );
  return {
    accounts: keep(before?.accounts, accounts, (x, y) => x === y),
    positions: keep(before?.positions, positions, (x, y) => x === y),
    accountIds: keep(
      before?.accountIds,
      accounts.map((a) => a.accountId),
      (x, y) => x === y,
    ),
    titles:
      before && sameTitles(before.titles, accounts)
        ? before.titles
        : new Map(accounts.map((a) => [a.accountId, a.title])),
    wallets: keep(
      before?.wallets,
      wallets.map(({ wallet: w }) => ({ walletId: w.walletId, label: w.label })),
      (x, y) => x.walletId === y.walletId && x.label === y.label,
    ),
  };
}
