// The flag on a wallet whose key or recovery phrase leaked (the leaked wallet-key drill marked it): shown
// beside its address, so nobody sends money to it or trades with it thinking it is still safe.
import { Badge, Tooltip } from '@mantine/core';
import { useCompromised } from '../../hooks/queries';

export function CompromisedBadge({ publicKey }: { publicKey: string }) {
  const marked = useCompromised().data?.find((c) => c.publicKey === publicKey);
  if (!marked) return null;
  return (
    <Tooltip label={`Its money was moved to ${marked.movedTo}. Do not send anything to this wallet.`}>
      <Badge color="red" variant="filled">
        Compromised: key leaked
      </Badge>
    </Tooltip>
  );
}
