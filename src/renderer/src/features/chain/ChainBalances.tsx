// A wallet's balances on the settlement chain (Solana), read by main through the Solana RPC: its SOL (which
// pays network fees) and each exchange token it holds in its associated token account. Not the exchange's
// balances: those are the accounts' own.
import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { chainKeys } from './queries';
import { useTokens } from '../markets';
import { useSettings } from '../network';
import { formatSol } from '../../../../shared/figures';

/**
 * A wallet's on-chain balances, re-read every few seconds while shown (deposits and payouts move them).
 * Where the Solana RPC has a PubSub, main tells each change as it happens (the chainBalances event), so
 * the re-read is only a slow safety net.
 */
export const chainBalancesQuery = (walletId: string, live = false) => ({
  queryKey: chainKeys.chain(walletId),
  queryFn: () => unwrap(wallet.funds.chainBalances({ walletId })),
  refetchInterval: live ? 30_000 : 4_000,
});

/** How main follows the chain for the Solana RPC in use: live (PubSub) or polling (funds.chainUpdates). */
export function useChainUpdates() {
  const url = useSettings().data?.solanaRpc?.url ?? null;
  // under the 'chain' key, so a change of RPC (which invalidates it) asks again
  return useQuery({
    queryKey: ['chain', 'updates', url],
    queryFn: () => unwrap(wallet.funds.chainUpdates()),
    enabled: url !== null,
  });
}

export function useChainBalances(walletId: string | null) {
  const live = useChainUpdates().data?.mode === 'live';
  return useQuery({ ...chainBalancesQuery(walletId ?? '', live), enabled: walletId !== null });
}

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
