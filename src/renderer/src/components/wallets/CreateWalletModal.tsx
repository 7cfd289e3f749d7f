// Create a wallet: main makes the key and hands its secret over once; the wallet is stored only after the
// person types the secret's last characters, which proves they wrote it down. The secret lives in this
// modal's state alone and is gone when it closes.
import { useState } from 'react';
import { Alert, Button, Code, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { ErrorNote } from '../ErrorNote';
import { useAction } from '../../hooks/useAction';
import { refreshWalletQueries } from './refresh';
import { MAX_LABEL } from './RenameWalletModal';

type Pending = { pendingId: string; publicKey: string; secretKey: string; confirmCharacters: number };

export function CreateWalletModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  /** after the wallet is stored, before the modal closes */
  onCreated?: () => void;
}) {
  const client = useQueryClient();
  const [label, setLabel] = useState('Main');
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirmation, setConfirmation] = useState('');
  const { run, busy, error } = useAction();
  const create = () =>
    run(async () => setPending(await unwrap(wallet.createWallet({ label: label.trim() }))));
  const confirm = () =>
    run(async () => {
      await unwrap(wallet.confirmWalletBackup({ pendingId: pending!.pendingId, confirmation }));
      // The secret leaves memory with the modal; it cannot be shown again.
      setPending(null);
      refreshWalletQueries(client);
      onCreated?.();
      onClose();
    });
  return (
    <Modal opened onClose={onClose} title="Create a wallet" size="lg">
      {pending === null ? (
        <Stack
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (label.trim().length > 0) void create();
          }}
        >
          <TextInput
            label="Wallet name"
            description="A label on this computer only; the exchange does not see it"
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            maxLength={MAX_LABEL}
            data-autofocus
            onFocus={(e) => e.currentTarget.select()}
          />
          <ErrorNote error={error} />
          <Button type="submit" loading={busy} disabled={label.trim().length === 0}>
            Create wallet
          </Button>
        </Stack>
      ) : (
        <Stack
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (confirmation.length > 0) void confirm();
          }}
        >
          <Alert color="orange" title="Write this secret key down now">
            It is shown only once. Anyone who has it controls this wallet; Perpetua cannot recover it for you.
          </Alert>
          <Text size="sm">Public key</Text>
          <Code block>{pending.publicKey}</Code>
          <Text size="sm">Secret key</Text>
          <Code block data-testid="secret-key" style={{ wordBreak: 'break-all' }}>
            {pending.secretKey}
          </Code>
          <TextInput
            label={`To confirm your backup, type the last ${pending.confirmCharacters} characters of the secret key`}
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            autoFocus
          />
          <ErrorNote error={error} title="Not confirmed" />
          <Button type="submit" loading={busy} disabled={confirmation.length === 0}>
            I saved it: store the wallet
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
