import { useId, useState } from 'react';
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
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../bridge/wallet';
import { usePortfolio, useTokens, useWallets } from '../hooks/queries';
import { ErrorNote } from '../components/ErrorNote';
import { useAction } from '../hooks/useAction';
import { accountHref } from '../routes';
import { ImportWalletModal } from '../components/wallets/ImportWalletModal';
import { WalletActions } from '../components/wallets/WalletActions';
import { refreshWalletQueries } from '../components/wallets/refresh';
import type { ResultOf } from '../../../shared/ipc/contract';

type WalletInfo = ResultOf<'listWallets'>[number];
type PortfolioWallet = ResultOf<'getPortfolio'>['wallets'][number];
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
      refreshWalletQueries(client);
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

/** One wallet: its name, public key, actions and, once the portfolio has loaded, its exchange accounts. */
function WalletCard({ wallet: w, held }: { wallet: WalletInfo; held: PortfolioWallet | undefined }) {
  const { format, quoteTokenId } = useTokens();
  const headingId = useId();
  const accounts = held?.accounts ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4} id={headingId}>
            {w.label}
          </Title>
          <Group gap="sm">
            {held === undefined ? null : held.registered ? (
              <Badge color="teal">On the exchange</Badge>
            ) : (
              <Badge color="gray">Not on the exchange yet: deposit to open an account</Badge>
            )}
            <WalletActions target={w} accounts={held ? accounts.length : null} />
          </Group>
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
                  <Table.Td>{a.balances.map((b) => format(b.amount, b.tokenId)).join(', ') || '—'}</Table.Td>
                  <Table.Td>{format(a.equity, quoteTokenId)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function AccountsPage() {
  const wallets = useWallets();
  const portfolio = usePortfolio();
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
      {(wallets.data ?? []).map((w) => (
        <WalletCard
          key={w.walletId}
          wallet={w}
          held={portfolio.data?.wallets.find((p) => p.wallet.walletId === w.walletId)}
        />
      ))}
      {dialog === 'create' ? <CreateWallet onClose={() => setDialog(null)} /> : null}
      {dialog === 'import' ? <ImportWalletModal onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}
