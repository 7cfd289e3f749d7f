// A wallet's name is only a label on this computer: renaming it changes nothing on the exchange.
import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { ErrorNote } from '../../components/ErrorNote';
import { useAction } from '../../hooks/useAction';
import { refreshWalletQueries } from './refresh';
import type { WalletRef } from './wallet-ref';

export const MAX_LABEL = 40;

export function RenameWalletModal({ target, onClose }: { target: WalletRef; onClose: () => void }) {
  const client = useQueryClient();
  const [label, setLabel] = useState(target.label);
  const { run, busy, error } = useAction();
  const trimmed = label.trim();
  const submit = () =>
    run(async () => {
      await unwrap(wallet.wallets.rename({ walletId: target.walletId, label: trimmed }));
      refreshWalletQueries(client);
      onClose();
    });
  return (
    <Modal opened onClose={onClose} title={`Rename ${target.label}`}>
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (trimmed.length > 0) void submit();
        }}
      >
        <TextInput
          label="New wallet name"
          description={`1 to ${MAX_LABEL} characters. The name is kept on this computer only.`}
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          maxLength={MAX_LABEL}
          error={trimmed.length === 0 ? 'A wallet needs a name.' : null}
          data-autofocus
          onFocus={(e) => e.currentTarget.select()}
        />
        <ErrorNote error={error} title="Not renamed" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={trimmed.length === 0 || trimmed === target.label}>
            Save name
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
