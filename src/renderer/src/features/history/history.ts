// The history of the given accounts within a window of recent time, every kind, newest slice first: what the
// All activity feed and each kind's history tab show (activity-window.ts reads it).
import { useCallback, useEffect, useMemo } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { HISTORY_KINDS, type HistoryKind } from '../../../../shared/exchange/history';
import {
  keptSince,
  olderAnywhereQuery,
  olderQueries,
  readEverything,
  shouldExtend,
  sliceQueries,
  windowStart,
  type ReadPage,
  type Rows,
  type Slice,
} from '../../components/history/activity-window';

const readPage: ReadPage = (query) => unwrap(wallet.history.page(query));

/**
 * The All activity feed's window of the given accounts: where it is anchored (the exchange's now, whose time
 * the rows carry: a computer ahead of the exchange would otherwise ask for a window starting after its now)
 * and how many steps back it reaches, shared by every screen showing the same accounts (the tab counts and
 * the feed agree). No anchor until the exchange has said its time.
 */
function useFeedWindow(accountIds: readonly number[]) {
  const client = useQueryClient();
  const ids = accountIds.join(',');
  const { data, error } = useQuery({
    queryKey: ['activityWindow', ids],
    queryFn: async () => ({ anchor: (await unwrap(wallet.history.now())).seconds, step: 0 }),
    staleTime: Infinity,
  });
  /** one step further back than `from` (twice asked from the same step: once) */
  const extend = useCallback(
    (from: number) =>
      client.setQueryData<{ anchor: number; step: number }>(['activityWindow', ids], (w) =>
        w && w.step === from ? { ...w, step: w.step + 1 } : w,
      ),
    [client, ids],
  );
  return { anchor: data?.anchor, step: data?.step ?? 0, extend, error };
}

/**
 * Every kind of history of each account within the feed's window, newest slice first; whether older rows
 * exist; and `showOlder` to reach one step further back. The window reaches back on its own while it
 * shows too little and more is there.
 */
export function useAllHistory(accountIds: readonly number[]) {
  const client = useQueryClient();
  const feedWindow = useFeedWindow(accountIds);
  const { step, extend } = feedWindow;
  // nothing is read before the exchange's time is known (the queries wait, disabled)
  const known = feedWindow.anchor !== undefined;
  const anchor = feedWindow.anchor ?? 0;
  const enabled = <Q>(queries: Q[]) => queries.map((q) => ({ ...q, enabled: known }));
  const held = (key: readonly unknown[]) => client.getQueryData<Slice>(key);
  const slices = sliceQueries(readPage, accountIds, anchor, step, held, () =>
    // the oldest row the feed keeps of what it holds now: a slice read again lets go of what is older
    keptSince(slices.map((q) => held(q.queryKey) ?? { rows: [] })),
  );
  // one account: whether each kind has older rows (the history screen marks them); several: whether any has
  const single = accountIds.length === 1;
  const before = single ? olderQueries(readPage, accountIds, anchor, step) : [];
  const anywhere = useQuery({
    ...olderAnywhereQuery(readPage, accountIds, anchor, step),
    enabled: known && !single && accountIds.length > 0,
  });
  const read = useQueries({
    queries: enabled(slices),
    combine: (results) => ({
      pending: results.some((r) => r.isPending),
      error: results.find((r) => r.isError)?.error ?? null,
      data: results.map((r) => r.data),
    }),
  });
  const older = useQueries({
    queries: enabled(before),
    combine: (results) => ({
      pending: results.some((r) => r.isPending),
      data: results.map((r) => r.data === true),
    }),
  });
  const { parts, since } = useMemo(() => {
    const held = accountIds.flatMap((accountId) =>
      HISTORY_KINDS.map((kind) => {
        const mine = slices.flatMap((q, i) =>
          q.accountId === accountId && q.kind === kind ? [read.data[i]] : [],
        );
        return {
          accountId,
          kind,
          rows: mine.flatMap((slice): Rows => slice?.rows ?? []),
          trimmed: mine.some((slice) => slice?.trimmed),
          // known for one account only (the history screen's marks); across accounts see olderExists
          older: before.some((q, i) => q.accountId === accountId && q.kind === kind && older.data[i]),
        };
      }),
    );
    // only the newest FEED_MAX_LINES rows, the same second for every kind: rows older than that are in no
    // part (a kind that kept more of them would look as if the others had none)
    const kept = keptSince(held);
    return {
      since: kept,
      parts: held.map(({ trimmed, ...part }) => {
        if (kept === 0) return part;
        const rows = part.rows.filter((row) => row.time >= kept);
        return { ...part, rows, older: part.older || trimmed || rows.length < part.rows.length };
      }),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the queries follow from ids, anchor and step
  }, [accountIds, anchor, step, read.data, older.data]);
  const lines = parts.reduce((n, p) => n + p.rows.length, 0);
  /** the feed holds its newest rows only: older ones are in the export, not one step back */
  const capped = since > 0;
  const olderExists = capped || (single ? parts.some((p) => p.older) : anywhere.data === true);
  const pending = known
    ? read.pending || older.pending || (anywhere.isEnabled && anywhere.isPending)
    : !feedWindow.error;
  useEffect(() => {
    if (!pending && shouldExtend(lines, olderExists)) extend(step);
  }, [pending, lines, olderExists, step, extend]);
  return {
    pending,
    error: feedWindow.error ?? read.error,
    parts,
    /** rows before the window exist: "Show older" reaches one step further back (not when capped) */
    olderExists,
    capped,
    since: capped ? since : windowStart(anchor, step),
    showOlder: () => extend(step),
    /** every row of every kind from the beginning, for an export: the window's rows when they are all */
    readAll: async (): Promise<readonly { accountId: number; kind: HistoryKind; rows: Rows }[]> =>
      olderExists ? readEverything(readPage, accountIds) : parts,
  };
}
