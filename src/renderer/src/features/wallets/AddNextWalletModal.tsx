// "Add next wallet": main derives the next wallet on the phrase's path from the phrase in the keychain. The
// renderer only names it; no words cross.
import { useState } from 'react';
import { Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { ErrorNote } from '../../components/ErrorNote';
import { useAction } from '../../hooks/useAction';
import { refreshWalletQueries } from './refresh';
import { MAX_LABEL } from './RenameWalletModal';
import type { PhraseView } from './phrases';
import { derivationPath } from '../../../../shared/derivation-paths';

export function AddNextWalletModal({ phrase, onClose }: { phrase: PhraseView; onClose: () => void }) {
  const client = useQueryClient();
  const index = phrase.nextIndex ?? 0;
  const [label, setLabel] = useState(`Wallet ${index + 1}`);
  const { run, busy, error } = useAction();
  const add = () =>
    run(async () => {
      await unwrap(wallet.phrases.addNextWallet({ phraseId: phrase.phraseId, label: label.trim() }));
      refreshWalletQueries(client);
      onClose();
    });
  return (
    <Modal opened onClose={onClose} title="Add the next wallet from this phrase">
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (label.trim().length > 0) void add();
        }}
      >
        <Text size="sm">
          The next wallet on this phrase’s path is <Code>{derivationPath(phrase.scheme, index)}</Code>. Your
          written phrase already backs it up.
        </Text>
        <TextInput
          label="Wallet name"
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          maxLength={MAX_LABEL}
          data-autofocus
          onFocus={(e) => e.currentTarget.select()}
        />
        <ErrorNote error={error} title="Not added" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={label.trim().length === 0}>
            Add wallet
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
