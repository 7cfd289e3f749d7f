// Forget a recovery phrase none of whose wallets is here any more: it leaves the OS keychain. Main refuses
// while a wallet made from it remains, and asks for the passphrase if it was not entered in the last minutes.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { ErrorNote } from '../../components/ErrorNote';
import { useAction } from '../../hooks/useAction';
import { refreshWalletQueries } from './refresh';
import type { PhraseView } from './phrases';
import { useFreshUnlock } from '../../hooks/useFreshUnlock';

export function ForgetPhraseModal({ phrase, onClose }: { phrase: PhraseView; onClose: () => void }) {
  const client = useQueryClient();
  const fresh = useFreshUnlock({ focus: 'field' });
  const { run, busy, error } = useAction();
  const forget = () =>
    run(async () => {
      await fresh.guard(() => unwrap(wallet.phrases.forget({ phraseId: phrase.phraseId })));
      refreshWalletQueries(client);
      onClose();
    });
  return (
    <Modal opened onClose={onClose} title="Forget this recovery phrase">
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void forget();
        }}
      >
        <Text size="sm">
          The {phrase.wordCount}-word phrase is deleted from the OS keychain. Without your written copy,
          wallets made from it cannot be restored.
        </Text>
        {fresh.field}
        <ErrorNote error={error} title="Not forgotten" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={busy} disabled={!fresh.ready}>
            Forget phrase
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
