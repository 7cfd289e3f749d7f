// Rename, Export and Remove for one wallet: a button each, and the modal of the one in use. Each modal is
// mounted only while open, so whatever it held (a passphrase, an exported secret) goes when it closes.
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { RenameWalletModal } from './RenameWalletModal';
import type { WalletRef } from './wallet-ref';
import { ExportWalletModal } from './ExportWalletModal';
import { RemoveWalletModal } from './RemoveWalletModal';
import type { PhraseView } from './phrases';

export function WalletActions({
  target,
  accounts,
  phrase,
}: {
  target: WalletRef;
  accounts: number | null;
  /** the recovery phrase the wallet was derived from, if any */
  phrase?: PhraseView | undefined;
}) {
  const [open, setOpen] = useState<'rename' | 'export' | 'remove' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => setOpen('rename')}>
          Rename
        </Button>
        <Button size="xs" variant="default" onClick={() => setOpen('export')}>
          Export
        </Button>
        <Button size="xs" variant="light" color="red" onClick={() => setOpen('remove')}>
          Remove
        </Button>
      </Group>
      {open === 'rename' ? <RenameWalletModal target={target} onClose={close} /> : null}
      {open === 'export' ? <ExportWalletModal target={target} phrase={phrase} onClose={close} /> : null}
      {open === 'remove' ? (
        <RemoveWalletModal target={target} accounts={accounts} phrase={phrase} onClose={close} />
      ) : null}
    </>
  );
}
