// The equity and PnL chart's series, of one account or of all.
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';

export const portfolioKeys = {
  portfolioHistory: (accountId?: number) => ['portfolioHistory', accountId ?? 'all'],
};

/** The chart's series: read every minute, and a few seconds after account events (update-reads.ts). */
export const usePortfolioHistory = (accountId?: number) =>
  useQuery({
    queryKey: portfolioKeys.portfolioHistory(accountId),
    queryFn: () => unwrap(wallet.portfolio.history(accountId === undefined ? {} : { accountId })),
    refetchInterval: 60_000,
  });
