// Copy and Receive beside a wallet's address: Copy puts exactly the address on the clipboard, Receive opens
// its QR code to scan.
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { CopyAddressButton } from './CopyAddressButton';
import { ReceiveModal } from './ReceiveModal';

export function AddressActions({ address, label }: { address: string; label: string }) {
  const [receiving, setReceiving] = useState(false);
  return (
    <Group gap="xs" wrap="nowrap">
      <CopyAddressButton address={address} label={label} />
      <Button
        size="xs"
        variant="default"
        aria-label={`Receive into ${label}`}
        onClick={() => setReceiving(true)}
      >
        Receive
      </Button>
      {receiving ? (
        <ReceiveModal label={label} address={address} onClose={() => setReceiving(false)} />
      ) : null}
    </Group>
  );
}
