// An account's triggers (take-profit and stop-loss orders waiting on the mark price).
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';

export const triggerKeys = {
  triggers: (accountId: number) => ['triggers', accountId],
};

export const useTriggers = (accountId: number) =>
  useQuery({
    queryKey: triggerKeys.triggers(accountId),
    queryFn: () => unwrap(wallet.triggers.get({ accountId })),
  });
