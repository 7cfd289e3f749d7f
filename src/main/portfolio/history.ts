// One page of an account's history, of any kind the app shows, in the contract's shape: the exchange client
// reads the public rows and scales them (exchange/history-model.ts); the page is tagged with its kind so
// the screens know which columns it has. A time window (seconds, as the rows carry them) goes to the
// exchange as RFC3339, as the interface takes it.
import type { HistoryKind } from '../../shared/exchange/history';
import type { HistoryPage } from '../../shared/ipc/history';
import type { ExchangeClient } from '../exchange/exchange-client';

export function historyPage(
  client: ExchangeClient,
  accountId: number,
  kind: HistoryKind,
  query: { startInclusive?: string; pageSize?: number; since?: number; until?: number },
): Promise<HistoryPage> {
  const { since, until, ...rest } = query;
  const rfc3339 = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
  return client.history(accountId, kind, {
    ...rest,
    ...(since !== undefined ? { since: rfc3339(since) } : {}),
    ...(until !== undefined ? { until: rfc3339(until) } : {}),
  });
}
