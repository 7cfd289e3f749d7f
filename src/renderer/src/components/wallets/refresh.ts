// After a wallet is added, renamed or removed: every cached read that names a wallet is re-read, so labels
// and lists agree on every page (portfolio, accounts, sessions, vault holdings, deposits).
import type { QueryClient } from '@tanstack/react-query';
import { keys } from '../../hooks/queries';
import { phrasesKey } from './phrases';

export function refreshWalletQueries(client: QueryClient, removedWalletId?: string): void {
  if (removedWalletId !== undefined) client.removeQueries({ queryKey: keys.chain(removedWalletId) });
  for (const queryKey of [
    keys.wallets,
    phrasesKey,
    keys.portfolio,
    keys.sessions,
    keys.deposits,
    keys.vaults,
    ['account'],
  ])
    void client.invalidateQueries({ queryKey });
}
