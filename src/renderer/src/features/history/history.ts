// The history of the given accounts within a window of recent time, every kind, newest slice first: what the
// All activity feed and each kind's history tab show (activity-window.ts reads it).
import { useCallback, useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSteadyQueries } from '../../hooks/useSteadyQueries';
import { unwrap, wallet } from '../../bridge/wallet';
import type { HistoryKind } from '../../../../shared/exchange/history';
import {
  feedParts,
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
  const single = accountIds.length === 1;
  // The queries are made again only when the window moves (useSteadyQueries follows them from then on).
  const { slices, before, shown } = useMemo(() => {
    const enabled = <Q>(queries: Q[]) => queries.map((q) => ({ ...q, enabled: known }));
    const held = (key: readonly unknown[]) => client.getQueryData<Slice>(key);
    const slices: ReturnType<typeof sliceQueries> = sliceQueries(
      readPage,
      accountIds,
      anchor,
      step,
      held,
      () =>
        // the oldest row the feed keeps of what it holds now: a slice read again lets go of what is older
        keptSince(slices.map((q) => held(q.queryKey) ?? { rows: [] })),
    );
    // one account: whether each kind has older rows (the history screen marks them); several: whether any has
    const before = single ? olderQueries(readPage, accountIds, anchor, step) : [];
    const slicesOf = indexOf(slices);
    const olderOf = indexOf(before);
    return {
      slices: enabled(slices),
      before: enabled(before),
      // what the feed shows, from what the queries hold: the slices' data, then each look back's answer
      shown: sameAnswerFor((held: readonly unknown[]) =>
        feedParts(
          accountIds,
          (accountId, kind) =>
            (slicesOf.get(partKey(accountId, kind)) ?? []).map((i) => held[i] as Slice | undefined),
          (accountId, kind) =>
            (olderOf.get(partKey(accountId, kind)) ?? []).some((i) => held[slices.length + i] === true),
        ),
      ),
    };
  }, [client, accountIds, anchor, step, known, single]);
  const anywhere = useQuery({
    ...olderAnywhereQuery(readPage, accountIds, anchor, step),
    enabled: known && !single && accountIds.length > 0,
  });
  // Not useQueries' `combine`: it compares what it returns with its last answer deeply, every row held, at
  // every update (a fifth of the page's time under 20 account events a second), and the rows it hands on
  // are then its copies, which the feed's lines (made once per row the query holds) do not know. The slices
  // are taken as the queries hold them, and what is shown is worked out again when one of them changed.
  const read = useSteadyQueries(slices);
  const older = useSteadyQueries(before);
  const pendingReads = read.some((r) => r.isPending) || older.some((r) => r.isPending);
  const readError = read.find((r) => r.isError)?.error ?? null;
  const { parts, since } = shown([...read.map((r) => r.data), ...older.map((r) => r.data === true)]);
  const lines = parts.reduce((n, p) => n + p.rows.length, 0);
  /** the feed holds its newest rows only: older ones are in the export, not one step back */
  const capped = since > 0;
  const olderExists = capped || (single ? parts.some((p) => p.older) : anywhere.data === true);
  const pending = known ? pendingReads || (anywhere.isEnabled && anywhere.isPending) : !feedWindow.error;
  useEffect(() => {
    if (!pending && shouldExtend(lines, olderExists)) extend(step);
  }, [pending, lines, olderExists, step, extend]);
  return {
    pending,
    error: feedWindow.error ?? readError,
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

/**
 * `answer`, remembering its last answer: asked again with the same items (each the same object or value),
 * it gives that answer again, so a render that read nothing new hands the same parts on.
 */
function sameAnswerFor<R>(answer: (items: readonly unknown[]) => R): (items: readonly unknown[]) => R {
  let last: { items: readonly unknown[]; answer: R } | undefined;
  return (items) => {
    const same =
      last !== undefined && last.items.length === items.length && items.every((x, i) => x === last!.items[i]);
    if (!same) last = { items, answer: answer(items) };
    return last!.answer;
  };
}

const partKey = (accountId: number, kind: HistoryKind) => `${accountId}:${kind}`;

/** Where each account's queries of each kind are in `queries`. */
function indexOf(queries: readonly { accountId: number; kind: HistoryKind }[]): Map<string, number[]> {
  const at = new Map<string, number[]>();
  queries.forEach((q, i) => {
    const key = partKey(q.accountId, q.kind);
    at.set(key, [...(at.get(key) ?? []), i]);
  });
  return at;
}
