// One page of an account's history, of any kind the app shows, in the contract's shape: the exchange client
// reads the public rows and scales them (exchange/history-model.ts); the page is tagged with its kind so
// the screens know which columns it has.
import type { HistoryKind } from '../../shared/exchange/history';
import type { HistoryPage } from '../../shared/ipc/history';
import type { ExchangeClient } from '../exchange/exchange-client';

export function historyPage(
  client: ExchangeClient,
  accountId: number,
  kind: HistoryKind,
  query: { startInclusive?: string; pageSize?: number },
): Promise<HistoryPage> {
  return client.history(accountId, kind, query);
}
