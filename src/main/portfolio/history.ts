// One page of an account's history, of any kind the app shows, in the contract's shape. The exchange
// client has already parsed amounts, prices and sizes into bigint; this tags the page with its kind so the
// screens know which columns it has. Vault rows carry u64 ids, turned into strings like every other row id.
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
    case 'vault/deposit': {
      const page = await client.history(accountId, kind, query);
      return {
        kind,
        ...page,
        items: page.items.map((r) => ({
          id: r.id.toString(),
          actionId: r.actionId?.toString() ?? null,
          time: r.time,
          vaultId: r.vaultId,
          amount: r.amount,
          shares: r.shares,
        })),
      };
    }
    case 'vault/withdrawal': {
      const page = await client.history(accountId, kind, query);
      return {
        kind,
        ...page,
        items: page.items.map((r) => ({
          id: r.id.toString(),
          actionId: r.actionId.toString(),
          time: r.time,
          vaultId: r.vaultId,
          type: r.type,
          shares: r.shares,
          amount: r.amount,
          epoch: r.epoch,
        })),
      };
    }
  }
}
