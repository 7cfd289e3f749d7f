// After a wallet is added, renamed or removed: every cached read that names a wallet is re-read, so labels
// and lists agree on every page (portfolio, accounts, sessions, vault holdings, deposits).
import type { QueryClient } from '@tanstack/react-query';
import { accountKeys } from '../accounts';
import { chainKeys } from '../chain';
import { sessionKeys } from '../sessions';
import { transferKeys } from '../transfers';
import { vaultKeys } from '../vaults';
import { phrasesKey } from './phrases';

export function refreshWalletQueries(client: QueryClient, removedWalletId?: string): void {
  if (removedWalletId !== undefined) client.removeQueries({ queryKey: chainKeys.chain(removedWalletId) });
  for (const queryKey of [
    accountKeys.wallets,
    phrasesKey,
    accountKeys.portfolio,
    sessionKeys.sessions,
    transferKeys.deposits,
    vaultKeys.vaults,
    ['account'],
  ])
    void client.invalidateQueries({ queryKey });
}
