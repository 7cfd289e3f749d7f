// Naming an account on this computer: the name shows wherever the account's number does. Main checks the
// name and keeps it in its settings; nothing goes to the exchange.
import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { accountKeys } from './queries';
import { useAction } from '../../hooks/useAction';
import { ErrorNote } from '../../components/ErrorNote';
import { useReturnFocus } from '../../components/focus-return';

export function NameAccountModal({
  accountId,
  current,
  onClose,
}: {
  accountId: number;
  current: string | undefined;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [name, setName] = useState(current ?? '');
  const { run, busy, error } = useAction();
  const save = (next: string | null) =>
    void run(async () => {
      client.setQueryData(
        accountKeys.accountNames,
        await unwrap(wallet.settings.setAccountName({ accountId, name: next })),
      );
      onClose();
    });
  useReturnFocus();
  return (
    <Modal opened onClose={onClose} title={`Name account #${accountId}`}>
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          save(name);
        }}
      >
        <TextInput
          label="Name"
          description="Only on this computer; shown wherever the account number is"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={64}
          data-autofocus
        />
        <ErrorNote error={error} title="Not saved" />
        <Group justify="flex-end">
          {current ? (
            <Button variant="subtle" color="red" onClick={() => save(null)} loading={busy}>
              Remove the name
            </Button>
          ) : null}
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save name
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
