// The exchange's vaults and the person's shares in them.
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { MARK_TO_MARKET_MS } from '../accounts';

export const vaultKeys = {
  vaults: ['vaults'],
};

/** Vaults move with their strategy's trades and the mark, which send no account event: re-read often. */
export const useVaults = () =>
  useQuery({
    queryKey: vaultKeys.vaults,
    queryFn: () => unwrap(wallet.vaults.get()),
    refetchInterval: MARK_TO_MARKET_MS,
  });
