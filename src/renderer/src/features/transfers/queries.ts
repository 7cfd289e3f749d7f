// Deposits from the person's wallets on the settlement chain, as main follows them.
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';

export const transferKeys = {
  deposits: ['deposits'],
};

export const useDeposits = () =>
  useQuery({ queryKey: transferKeys.deposits, queryFn: () => unwrap(wallet.funds.deposits()) });
