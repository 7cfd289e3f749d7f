// An account's history of one kind, page after page with the exchange's own cursors. Pages are kept until
// the person leaves (staleTime Infinity): a live update refetches only the last page, where new rows of an
// oldest-first history appear, instead of every page loaded so far (2,000 of them for 100k rows).
import { useInfiniteQuery, useQueries, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../bridge/wallet';
import { HISTORY_KINDS, type HistoryKind } from '../../../shared/exchange/history';
import type { HistoryPage } from '../../../shared/ipc/history';

type Pages = InfiniteData<HistoryPage, string | undefined>;

const fetchPage = (accountId: number, kind: HistoryKind, startInclusive: string | undefined) =>
  unwrap(wallet.history.page({ accountId, kind, ...(startInclusive ? { startInclusive } : {}) }));

export function useHistory(accountId: number, kind: HistoryKind) {
  return useInfiniteQuery({
    queryKey: ['history', accountId, kind],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => fetchPage(accountId, kind, pageParam),
    getNextPageParam: (last) => last.nextStartInclusive,
    staleTime: Infinity,
  });
}

/** Refetches the last page of every loaded history of the account that has reached its end. */
export async function refreshHistoryTails(client: QueryClient, accountId: number): Promise<void> {
  const loaded = client.getQueriesData<Pages>({ queryKey: ['history', accountId] });
  await Promise.all(
    loaded.map(async ([key, data]) => {
      if (!data || data.pages.length === 0) return;
      const lastIndex = data.pages.length - 1;
      // with a next cursor the newest rows are further on anyway; they arrive when the person gets there
      if (data.pages[lastIndex]!.nextStartInclusive) return;
      const kind = key[2] as HistoryKind;
      const page = await fetchPage(accountId, kind, data.pageParams[lastIndex]).catch(() => null);
      if (!page) return;
      client.setQueryData<Pages>(key, (current) =>
        current && current.pages.length === data.pages.length
          ? { ...current, pages: [...current.pages.slice(0, lastIndex), page] }
          : current,
      );
    }),
  );
}

/** The largest page the exchange serves: the All activity feed reads every page of every kind. */
const FEED_PAGE_SIZE = 255;

export const activityKey = (accountId: number, kind?: HistoryKind) =>
  kind === undefined ? ['activity', accountId] : ['activity', accountId, kind];

/**
 * Every row of one kind of one account's history, all pages: the exchange lists oldest first, so the newest
 * rows are only known once the last page is read. A live update of the account reads it all again.
 */
async function fetchAll(accountId: number, kind: HistoryKind): Promise<HistoryPage['items']> {
  const rows: HistoryPage['items'][number][] = [];
  let cursor: string | undefined;
  do {
    const page = await unwrap(
      wallet.history.page({
        accountId,
        kind,
        pageSize: FEED_PAGE_SIZE,
        ...(cursor ? { startInclusive: cursor } : {}),
      }),
    );
    rows.push(...page.items);
    cursor = page.nextStartInclusive;
  } while (cursor);
  return rows as HistoryPage['items'];
}

/** Every kind of history of each account, one query per account and kind (cached apart, refreshed apart). */
export function useAllHistory(accountIds: readonly number[]) {
  return useQueries({
    queries: accountIds.flatMap((accountId) =>
      HISTORY_KINDS.map((kind) => ({
        queryKey: activityKey(accountId, kind),
        queryFn: () => fetchAll(accountId, kind),
        staleTime: 30_000,
      })),
    ),
    combine: (results) => ({
      pending: results.some((r) => r.isPending),
      error: results.find((r) => r.isError)?.error ?? null,
      parts: results.map((r, i) => ({
        accountId: accountIds[Math.floor(i / HISTORY_KINDS.length)]!,
        kind: HISTORY_KINDS[i % HISTORY_KINDS.length]!,
        rows: r.data ?? [],
      })),
    }),
  });
}
