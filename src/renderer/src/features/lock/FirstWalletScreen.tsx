// First run, after the network: the person has no wallet yet, so the app offers to make one (with its
// recovery phrase shown once and a backup check) or import one, the same dialogs as under Accounts. "Later" goes on to
// the portfolio; the app remembers that for the session and does not ask again. After "Forgot passphrase?"
// importing a recovery phrase comes first: that is how the erased wallets come back.
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Center, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { CreateWalletModal } from '../wallets';
import { ImportWalletModal } from '../wallets';
import { PageHeading } from '../../components/PageHeading';
import { resetDone, wasReset } from './first-run';

export function FirstWalletScreen({ onLater }: { onLater: () => void }) {
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null);
  const titleId = useId();
  const createId = useId();
  const importId = useId();
  const createButton = useRef<HTMLButtonElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);
  // a dialog closed without a wallet: the keyboard focus goes back to the button that opened it
  const opened = useRef<'create' | 'import' | null>(null);
  useEffect(() => {
    if (dialog !== null) opened.current = dialog;
    else if (opened.current !== null) {
      (opened.current === 'create' ? createButton : importButton).current?.focus();
      opened.current = null;
    }
  }, [dialog]);
  // after "Forgot passphrase?" the way back is the recovery phrase: offered first, and focused
  const [reset] = useState(wasReset);
  // once the new wallet is stored the app opens on Accounts, where it shows
  const added = () => {
    resetDone();
    window.location.hash = '/accounts';
  };
  const createCard = (
    <Paper withBorder p="md" key="create">
      <Stack h="100%" justify="space-between">
        <Text size="sm" id={createId}>
          A new wallet for a fresh start. Its recovery phrase is shown once: write the words down, then type
          three of them back.
        </Text>
        <Button
          ref={createButton}
          autoFocus={!reset}
          variant={reset ? 'default' : 'filled'}
          aria-describedby={createId}
          onClick={() => setDialog('create')}
        >
          Create a new wallet
        </Button>
      </Stack>
    </Paper>
  );
  const importCard = (
    <Paper withBorder p="md" key="import">
      <Stack h="100%" justify="space-between">
        <Text size="sm" id={importId}>
          {reset
            ? 'Enter a recovery phrase you wrote down (or one from Phantom, Solflare, Backpack, Ledger). A saved secret key or keypair file works too.'
            : 'One you already have: enter its recovery phrase (Phantom, Solflare, Backpack, Ledger), or its secret key or a settlement-chain CLI keypair file.'}
        </Text>
        <Button
          ref={importButton}
          autoFocus={reset}
          variant={reset ? 'filled' : 'default'}
          aria-describedby={importId}
          onClick={() => setDialog('import')}
        >
          {reset ? 'Import a recovery phrase' : 'Import a wallet'}
        </Button>
      </Stack>
    </Paper>
  );
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" w={620} component="section" aria-labelledby={titleId}>
        <Stack>
          <PageHeading id={titleId}>Add your first wallet</PageHeading>
          <Text c="dimmed">
            A wallet is the key that owns your accounts on the exchange and signs what you do there. Its
            secret key stays in the OS keychain on this computer.
          </Text>
          {reset ? (
            <Text>
              Perpetua was reset. Restore your wallets from their recovery phrases: the same phrase brings
              back the same wallets, with their accounts on the exchange.
            </Text>
          ) : null}
          <SimpleGrid cols={2}>{reset ? [importCard, createCard] : [createCard, importCard]}</SimpleGrid>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              You can add wallets any time under Accounts.
            </Text>
            <Button
              variant="subtle"
              onClick={() => {
                resetDone();
                onLater();
              }}
            >
              Later
            </Button>
          </Group>
        </Stack>
      </Paper>
      {dialog === 'create' ? <CreateWalletModal onClose={() => setDialog(null)} onCreated={added} /> : null}
      {dialog === 'import' ? <ImportWalletModal onClose={() => setDialog(null)} onImported={added} /> : null}
    </Center>
  );
}
