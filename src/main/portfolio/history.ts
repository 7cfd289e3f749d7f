// One page of an account's history, of any kind the app shows, in the contract's shape. The exchange
// client has already parsed amounts, prices and sizes into bigint; this tags the page with its kind so the
// screens know which columns it has. A new kind (the vault ones) is one more case here.
import type { HistoryKind, HistoryPage } from '../../shared/ipc/app-schemas';
import type { ExchangeClient } from '../exchange/exchange-client';

export async function historyPage(
  client: ExchangeClient,
  accountId: number,
  kind: HistoryKind,
  query: { startInclusive?: string; pageSize?: number },
): Promise<HistoryPage> {
  switch (kind) {
    case 'deposit':
      return { kind, ...(await client.history(accountId, kind, query)) };
    case 'withdrawal':
      return { kind, ...(await client.history(accountId, kind, query)) };
    case 'transfer':
      return { kind, ...(await client.history(accountId, kind, query)) };
    case 'pnl':
      return { kind, ...(await client.history(accountId, kind, query)) };
    case 'position':
      return { kind, ...(await client.history(accountId, kind, query)) };
    case 'funding':
      return { kind, ...(await client.history(accountId, kind, query)) };
    case 'liquidation':
      return { kind, ...(await client.history(accountId, kind, query)) };
    case 'fee-tier':
      return { kind, ...(await client.history(accountId, kind, query)) };
  }
}
