import { useId, useState } from 'react';
import { Anchor, Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { usePortfolio, useTokens, useWallets } from '../hooks/queries';
import { ErrorNote } from '../components/ErrorNote';
import { accountHref } from '../routes';
import { ImportWalletModal } from '../components/wallets/ImportWalletModal';
import { CreateWalletModal } from '../components/wallets/CreateWalletModal';
import { WalletActions } from '../components/wallets/WalletActions';
import { ChainBalances } from '../components/ChainBalances';
import type { ResultOf } from '../../../shared/ipc/contract';

type WalletInfo = ResultOf<'listWallets'>[number];
type PortfolioWallet = ResultOf<'getPortfolio'>['wallets'][number];

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
        <ChainBalances walletId={w.walletId} label={w.label} />
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
      {dialog === 'create' ? <CreateWalletModal onClose={() => setDialog(null)} /> : null}
      {dialog === 'import' ? <ImportWalletModal onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}
