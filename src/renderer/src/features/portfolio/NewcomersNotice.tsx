// Wallets with no account on the exchange yet, in one notice: one full-width banner per wallet pushed the
// accounts below the fold on a first run with five of them. It can be put away; a wallet added later brings
// it back, naming the wallets then waiting (the dismissal is kept for this window's life, by their ids).
import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { transfersHref } from '../../routes';

const DISMISSED = 'perpetua.newcomers-dismissed';

/** The wallets as a sentence names them: "Alice", "Alice and Bob", "Alice, Bob and Carol". */
function listed(labels: string[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)!}`;
}

export function NewcomersNotice({ wallets }: { wallets: { walletId: string; label: string }[] }) {
  const key = wallets
    .map((w) => w.walletId)
    .sort()
    .join(',');
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED));
  if (wallets.length === 0 || dismissed === key) return null;
  const one = wallets.length === 1;
  return (
    <Alert
      color="blue"
      title={`${listed(wallets.map((w) => w.label))} ${one ? 'is' : 'are'} not on the exchange yet`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => {
        sessionStorage.setItem(DISMISSED, key);
        setDismissed(key);
      }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          {one
            ? 'Your first deposit from this wallet opens its first account.'
            : "A wallet's first deposit opens its first account."}
        </Text>
        <Button component="a" href={transfersHref('deposit')} size="xs">
          Deposit
        </Button>
      </Group>
    </Alert>
  );
}
