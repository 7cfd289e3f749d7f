// The flag on a wallet whose key or recovery phrase leaked (the leaked wallet-key drill marked it): shown
// beside its address and its name, so nobody sends money to it or trades with it thinking it is still safe.
import { Badge, Tooltip } from '@mantine/core';
import { useCompromised, useWallets } from './queries';

export function CompromisedBadge({ walletId }: { walletId: string }) {
  const publicKey = useWallets().data?.find((w) => w.walletId === walletId)?.publicKey;
  const marked = useCompromised().data?.find((c) => c.publicKey === publicKey);
  if (!marked) return null;
  return (
    <Tooltip label={`Its money was moved to ${marked.movedTo}. Do not send anything to this wallet.`}>
      <Badge color="red" variant="filled" style={{ flexShrink: 0 }}>
        Compromised: key leaked
      </Badge>
    </Tooltip>
  );
}
