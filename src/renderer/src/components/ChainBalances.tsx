// A wallet's balances on the settlement chain (Solana), read by main through the Solana RPC: its SOL (which
// pays network fees) and each exchange token it holds in its associated token account. Not the exchange's
// balances: those are the accounts' own.
import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../bridge/wallet';
import { keys, useTokens } from '../hooks/queries';
import { formatFigure } from '../../../shared/figures';

const SOL_DECIMALS = 9;

/** A wallet's on-chain balances, re-read every few seconds while shown (deposits and payouts move them). */
export const chainBalancesQuery = (walletId: string) => ({
  queryKey: keys.chain(walletId),
  queryFn: () => unwrap(wallet.funds.chainBalances({ walletId })),
  refetchInterval: 4_000,
});

export function useChainBalances(walletId: string | null) {
  return useQuery({ ...chainBalancesQuery(walletId ?? ''), enabled: walletId !== null });
}

/** SOL pays network fees in small amounts: every place shown, so a fee paid shows as spent */
export const formatSol = (lamports: bigint): string =>
  formatFigure(lamports, SOL_DECIMALS, { digits: 2, exact: true, unit: 'SOL' });

export function ChainBalances({ walletId, label }: { walletId: string; label: string }) {
  const chain = useChainBalances(walletId);
  const { format } = useTokens();
  if (chain.isError)
    return (
      <Text size="sm" c="dimmed">
        On chain: unavailable ({chain.error instanceof Error ? chain.error.message : 'no answer'})
      </Text>
    );
  if (!chain.data)
    return (
      <Text size="sm" c="dimmed">
        On chain: loading…
      </Text>
    );
  const held = chain.data.tokens.filter((t) => t.amount > 0n);
  return (
    <Group gap="xs" aria-label={`On-chain balances of ${label}`} role="group">
      <Text size="sm" c="dimmed">
        On chain:
      </Text>
      <Text size="sm">{formatSol(chain.data.sol)}</Text>
      {held.map((t) => (
        <Text size="sm" key={t.tokenId}>
          · {format(t.amount, t.tokenId)}
        </Text>
      ))}
    </Group>
  );
}
