import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../bridge/wallet';
import { keys, usePortfolio, useTokens, useWallets } from '../hooks/queries';
import { ErrorNote } from '../components/ErrorNote';
import { useAction } from '../hooks/useAction';
import { accountHref } from '../routes';

type Pending = { pendingId: string; publicKey: string; secretKey: string; confirmCharacters: number };

function CreateWallet({ onClose }: { onClose: () => void }) {
  const client = useQueryClient();
  const [label, setLabel] = useState('Main');
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirmation, setConfirmation] = useState('');
  const { run, error } = useAction();
  const create = () => run(async () => setPending(await unwrap(wallet.createWallet({ label }))));
  const confirm = () =>
    run(async () => {
      await unwrap(wallet.confirmWalletBackup({ pendingId: pending!.pendingId, confirmation }));
      // The secret leaves memory with the modal; it cannot be shown again.
      setPending(null);
      void client.invalidateQueries({ queryKey: keys.wallets });
      void client.invalidateQueries({ queryKey: keys.portfolio });
      onClose();
    });
  return (
    <Modal opened onClose={onClose} title="Create a wallet" size="lg">
      {pending === null ? (
        <Stack>
          <TextInput
            label="Wallet name"
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            maxLength={40}
          />
          <ErrorNote error={error} />
          <Button onClick={() => void create()} disabled={label.trim().length === 0}>
            Create wallet
          </Button>
        </Stack>
      ) : (
        <Stack>
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
          />
          <ErrorNote error={error} title="Not confirmed" />
          <Button onClick={() => void confirm()} disabled={confirmation.length === 0}>
            I saved it: store the wallet
          </Button>
        </Stack>
      )}
    </Modal>
  );
}

function ImportWallet({ onClose }: { onClose: () => void }) {
  const client = useQueryClient();
  const [label, setLabel] = useState('Imported');
  const [secret, setSecret] = useState('');
  const { run, error } = useAction();
  const submit = () =>
    run(async () => {
      await unwrap(wallet.importWallet({ label, secret }));
      setSecret('');
      void client.invalidateQueries({ queryKey: keys.wallets });
      void client.invalidateQueries({ queryKey: keys.portfolio });
      onClose();
    });
  return (
    <Modal opened onClose={onClose} title="Import a wallet" size="lg">
      <Stack>
        <TextInput
          label="Wallet name"
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          maxLength={40}
        />
        <Textarea
          label="Secret key"
          description="Base58 secret key, or the contents of a settlement-chain CLI keypair file"
          value={secret}
          onChange={(e) => setSecret(e.currentTarget.value)}
          autosize
          minRows={2}
          autoComplete="off"
        />
        <ErrorNote error={error} title="Not imported" />
        <Button onClick={() => void submit()} disabled={secret.trim().length === 0}>
          Import
        </Button>
      </Stack>
    </Modal>
  );
}

export function AccountsPage() {
  const wallets = useWallets();
  const portfolio = usePortfolio();
  const { format, quoteTokenId } = useTokens();
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Wallets and accounts</Title>
        <Group>
          <Button onClick={() => setDialog('create')}>Create wallet</Button>
          <Button variant="default" onClick={() => setDialog('import')}>
            Import wallet
          </Button>
        </Group>
      </Group>
      <ErrorNote error={wallets.error ?? portfolio.error} />
      {wallets.data?.length === 0 ? (
        <Text c="dimmed">No wallet yet. Create one or import one you already have.</Text>
      ) : null}
      {(portfolio.data?.wallets ?? []).map(({ wallet: w, accounts, registered }) => (
        <Paper key={w.walletId} withBorder p="md">
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={4}>{w.label}</Title>
              {registered ? (
                <Badge color="teal">On the exchange</Badge>
              ) : (
                <Badge color="gray">Not on the exchange yet: deposit to open an account</Badge>
              )}
            </Group>
            <Code>{w.publicKey}</Code>
            {accounts.length > 0 ? (
              <Table aria-label={`Accounts of ${w.label}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Account</Table.Th>
                    <Table.Th>Balances</Table.Th>
                    <Table.Th>Equity</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {accounts.map((a) => (
                    <Table.Tr key={a.accountId}>
                      <Table.Td>
                        <Anchor href={accountHref(a.accountId)}>#{a.accountId}</Anchor>
                      </Table.Td>
                      <Table.Td>
                        {a.balances.map((b) => format(b.amount, b.tokenId)).join(', ') || '—'}
                      </Table.Td>
                      <Table.Td>{format(a.equity, quoteTokenId)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
          </Stack>
        </Paper>
      ))}
      {dialog === 'create' ? <CreateWallet onClose={() => setDialog(null)} /> : null}
      {dialog === 'import' ? <ImportWallet onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}
