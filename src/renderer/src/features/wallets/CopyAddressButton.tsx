// Copy beside a wallet's address: puts exactly the address on the clipboard (an address is public, so it is
// not cleared later), and says whether it worked.
import { useState, type RefObject } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { copyText } from './clipboard';

export function CopyAddressButton({
  address,
  label,
  node,
}: {
  address: string;
  label: string;
  /** what to select and copy where the clipboard API is refused */
  node?: RefObject<HTMLElement | null>;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        aria-label={`Copy the address of ${label}`}
        onClick={() => void copyText(address, node?.current ?? null).then(setCopied)}
      >
        Copy
      </Button>
      <Text size="xs" c={copied ? 'teal' : 'orange'} role="status">
        {copied === true
          ? 'Copied'
          : copied === false
            ? 'Copying was not allowed: select it and copy it'
            : ''}
      </Text>
    </Group>
  );
}
