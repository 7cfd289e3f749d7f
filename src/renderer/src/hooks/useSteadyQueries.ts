// Many queries whose list changes rarely (the All activity feed's: ten kinds of history of every account,
// 300 for 30 accounts), followed at the cost of the one that changed. TanStack's useQueries hands its
// observer every query again at every render (it rebuilds its options object each time), and that observer
// then matches and compares all of them: a tenth of the page's time under 20 account events a second. Here
// the observer is made once per list, and the list is expected to be memoised by its caller.
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import {
  QueriesObserver,
  notifyManager,
  useQueryClient,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/react-query';

/** What a change of a query must touch to be drawn again: not its fetching state coming and going. */
const SHOWN: QueryObserverOptions['notifyOnChangeProps'] = ['data', 'error', 'status'];

/** The queries' results, in their order; drawn again when one of them has new data, an error or a status. */
export function useSteadyQueries<TData>(
  queries: readonly QueryObserverOptions<TData, Error, TData, TData, readonly unknown[]>[],
): readonly QueryObserverResult<TData>[] {
  const client = useQueryClient();
  const observer = useMemo(
    () =>
      new QueriesObserver<QueryObserverResult<TData>[]>(
        client,
        queries.map((q) => ({ ...q, notifyOnChangeProps: SHOWN }) as QueryObserverOptions),
      ),
    [client, queries],
  );
  const subscribe = useCallback(
    (changed: () => void) => observer.subscribe(notifyManager.batchCalls(changed)),
    [observer],
  );
  const current = useCallback(() => observer.getCurrentResult(), [observer]);
  return useSyncExternalStore(subscribe, current, current) as readonly QueryObserverResult<TData>[];
}
