// "Forgot passphrase?" on the lock screen: the passphrase cannot be recovered, so the way out is to erase every
// key on this computer and start again. The dialog says which wallets come back from a recovery phrase and
// which do not (a key added as a secret key is lost unless it was saved), what stays, and asks for the word
// ERASE. Main checks the word itself and erases; the lock state it answers with is the first run's.
import { useState } from 'react';
import {
  Alert,
  Button,
  Code,
  Group,
  List,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { lockKeys } from './queries';
import { useAction } from '../../hooks/useAction';
import { ErrorNote } from '../../components/ErrorNote';
import { RESET_WORD } from '../../../../shared/passphrase-rules';
import { markReset, resetDone } from './first-run';

interface Named {
  label: string;
  publicKey: string;
}

function Wallets({ wallets, label }: { wallets: Named[]; label: string }) {
  if (wallets.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No wallet left from it.
      </Text>
    );
  return (
    <List size="sm" spacing={2} aria-label={label}>
      {wallets.map((w) => (
        <List.Item key={w.publicKey}>
          {w.label} <Code>{w.publicKey}</Code>
        </List.Item>
      ))}
    </List>
  );
}

export function ForgotPassphraseModal({ onClose }: { onClose: () => void }) {
  const client = useQueryClient();
  const [word, setWord] = useState('');
  const { run, busy, error } = useAction();
  const preview = useQuery({
    queryKey: ['resetPreview'],
    queryFn: () => unwrap(wallet.lock.resetPreview()),
    gcTime: 0,
  });
  const erase = () =>
    run(async () => {
      // marked before: main's lock event can draw the first run before this answer arrives
      markReset();
      try {
        client.setQueryData(lockKeys.lock, await unwrap(wallet.lock.reset({ confirmation: word })));
      } catch (error) {
        resetDone();
        throw error;
      }
    });
  const p = preview.data;
  const none = p && p.phrases.length === 0 && p.keyWallets.length === 0 && p.demo.length === 0;
  return (
    <Modal opened onClose={onClose} title="Forgot your passphrase?" size="lg">
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (word === RESET_WORD) void erase();
        }}
      >
        <Text size="sm">
          Your passphrase cannot be recovered: Perpetua keeps it nowhere, and it is the only way to open the
          keys on this computer. What you can do is erase those keys and the passphrase, choose a new
          passphrase, and restore your wallets from their recovery phrases.
        </Text>
        {preview.isPending ? <Loader size="sm" aria-label="Reading your wallets" /> : null}
        <ErrorNote error={preview.error} title="Your wallets could not be listed" />
        {p ? (
          <>
            {p.phrases.map((phrase, i) => (
              <Stack gap={4} key={i}>
                <Title order={3} size="sm">
                  Restored from recovery phrase {i + 1} ({phrase.wordCount} words)
                </Title>
                <Wallets wallets={phrase.wallets} label={`Wallets from recovery phrase ${i + 1}`} />
              </Stack>
            ))}
            {p.keyWallets.length > 0 ? (
              <Stack gap={4}>
                <Title order={3} size="sm" c="red">
                  Imported secret keys: lost unless you saved them
                </Title>
                <Text size="sm" c="dimmed">
                  These have no recovery phrase here. Only a copy of the secret key you saved elsewhere brings
                  them back.
                </Text>
                <Wallets wallets={p.keyWallets} label="Wallets from secret keys" />
              </Stack>
            ) : null}
            {p.demo.length > 0 ? (
              <Stack gap={4}>
                <Title order={3} size="sm">
                  Demo wallets
                </Title>
                <Text size="sm" c="dimmed">
                  Their keys follow from public names: choosing the demo devnet again adds them back.
                </Text>
                <Wallets wallets={p.demo} label="Demo wallets" />
              </Stack>
            ) : null}
            {none ? <Text size="sm">There are no wallets on this computer.</Text> : null}
            {p.unsettledActions > 0 ? (
              <Alert color="orange" title="Actions still waiting for their outcome">
                {p.unsettledActions === 1 ? 'One action' : `${p.unsettledActions} actions`} sent earlier
                {p.unsettledActions === 1 ? ' has' : ' have'} no known outcome yet. They are signed already,
                so Perpetua still finds out how they ended, but nothing can be signed again until a wallet is
                restored.
              </Alert>
            ) : null}
          </>
        ) : null}
        <Text size="sm" c="dimmed">
          Erased: every wallet key, recovery phrase and session key, and the passphrase. Kept: your settings,
          address book, account names and activity log, which records the reset.
        </Text>
        <TextInput
          label={`Type ${RESET_WORD} to erase every key on this computer`}
          value={word}
          onChange={(e) => setWord(e.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <ErrorNote error={error} title="The reset did not go through" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={busy} disabled={word !== RESET_WORD}>
            Erase keys and start again
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
