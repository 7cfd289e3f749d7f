// Removing a wallet deletes its key (and its session keys) from this computer. The person confirms by typing
// or pasting the wallet's public key and with their passphrase; main checks both again.
import { useState } from 'react';
import { Alert, Button, Code, Group, Checkbox, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { unwrap, wallet } from '../../bridge/wallet';
import { useAction } from '../../hooks/useAction';
import { useFreshUnlock } from '../../hooks/useFreshUnlock';
import { ErrorNote } from '../../components/ErrorNote';
import { refreshWalletQueries } from './refresh';
import type { WalletRef } from './wallet-ref';
import type { PhraseView } from './phrases';

export function RemoveWalletModal({
  target,
  accounts,
  phrase,
  onClose,
}: {
  target: WalletRef;
  /** how many exchange accounts the wallet has, when known */
  accounts: number | null;
  /** the recovery phrase the wallet was derived from, if any */
  phrase?: PhraseView | undefined;
  onClose: () => void;
}) {
  // the last wallet of a phrase: the person says whether the phrase goes too
  const lastOfPhrase = phrase !== undefined && phrase.wallets.every((w) => w.walletId === target.walletId);
  const [forgetPhrase, setForgetPhrase] = useState(false);
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const fresh = useFreshUnlock({
    asked: true,
    carried: true,
    description: 'Removing a wallet is a money decision: it needs your passphrase.',
    focus: 'none',
  });
  const { run, busy, error } = useAction();
  const matches = typed.trim() === target.publicKey;

  const remove = () =>
    run(async () => {
      await fresh.guard((passphrase) =>
        unwrap(
          wallet.wallets.remove({
            walletId: target.walletId,
            confirmPublicKey: typed.trim(),
            passphrase: passphrase ?? '',
          }),
        ),
      );
      if (phrase && lastOfPhrase && forgetPhrase)
        await unwrap(wallet.phrases.forget({ phraseId: phrase.phraseId }));
      refreshWalletQueries(client, target.walletId);
      notifications.show({
        color: 'teal',
        title: 'Wallet removed',
        message: `${target.label} and its session keys are no longer on this computer; its sessions from here have ended.${lastOfPhrase && forgetPhrase ? ' Its recovery phrase is forgotten too.' : ''}`,
      });
      onClose();
    });

  return (
    <Modal opened onClose={onClose} title={`Remove ${target.label}`} size="lg">
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (matches) void remove();
        }}
      >
        <Alert color="red" title="This deletes the wallet’s key from this computer">
          <List size="sm" spacing={4}>
            <List.Item>
              Sessions this computer made for it are ended on the exchange first; then its secret key and its
              session keys are deleted from the OS keychain. Perpetua can no longer sign for it.
            </List.Item>
            <List.Item>
              {accounts === null
                ? 'Its exchange accounts and funds stay on the exchange'
                : accounts === 0
                  ? 'It has no exchange account; anything it holds on the settlement chain stays there'
                  : `Its ${accounts === 1 ? 'exchange account and its funds stay' : `${accounts} exchange accounts and their funds stay`} on the exchange`}
              , reachable only with the secret key.
            </List.Item>
            <List.Item>
              Without a backup of the secret key{phrase ? ' or the recovery phrase' : ''}, they are lost for
              good. Export it first if you are not sure.
            </List.Item>
          </List>
        </Alert>
        {lastOfPhrase ? (
          <Checkbox
            label="Also forget its recovery phrase"
            description="This is the last wallet made from its phrase here. Keep the phrase to add wallets from it later; forget it to delete it from the OS keychain as well."
            checked={forgetPhrase}
            onChange={(e) => setForgetPhrase(e.currentTarget.checked)}
          />
        ) : null}
        <Text size="sm">This wallet’s public key:</Text>
        <Code block style={{ wordBreak: 'break-all' }}>
          {target.publicKey}
        </Code>
        <TextInput
          label="Type or paste the public key to confirm"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          error={
            typed.trim().length > 0 && !matches && !target.publicKey.startsWith(typed.trim())
              ? 'This is not the public key of this wallet.'
              : null
          }
        />
        {fresh.field}
        <ErrorNote error={error} title="Not removed" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={busy} disabled={!matches || !fresh.ready}>
            Remove wallet
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
