// One account in full: margin, balances, positions, open orders, its triggers and every kind of
// history. Live: account events from main refresh it.
import { Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useAccount, useAccountNames } from '../accounts';
import { useMarketFormat, useTokens } from '../markets';
import { ErrorNote } from '../../components/ErrorNote';
import { HealthBadge } from './RiskBadges';
import { PositionsTable } from './PositionsTable';
import { EquityChart } from './EquityChart';
import { HistoryTabs } from '../history';
import { TriggersPanel } from '../triggers';
import { PageHeading } from '../../components/PageHeading';

function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} aria-label={label}>
        {value}
      </Text>
    </Stack>
  );
}

function OpenOrders({ accountId }: { accountId: number }) {
  const account = useAccount(accountId);
  const markets = useMarketFormat();
  const { quoteSymbol } = useTokens();
  const orders = account.data?.openOrders ?? [];
  if (orders.length === 0) return <Text c="dimmed">No open orders.</Text>;
  return (
    <Table aria-label="Open orders" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Market</Table.Th>
          <Table.Th>Side</Table.Th>
          <Table.Th ta="right">Price ({quoteSymbol})</Table.Th>
          <Table.Th ta="right">Remaining size</Table.Th>
          <Table.Th ta="right">Order id</Table.Th>
          <Table.Th ta="right">Client order id</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {orders.map((o) => (
          <Table.Tr key={o.orderId}>
            <Table.Td>{markets.symbol(o.marketId)}</Table.Td>
            <Table.Td>
              <Badge color={o.side === 'BID' ? 'teal' : 'red'} variant="light">
                {o.side === 'BID' ? 'Buy' : 'Sell'}
              </Badge>
            </Table.Td>
            <Table.Td ta="right">{markets.price(o.marketId, o.price)}</Table.Td>
            <Table.Td ta="right">{markets.size(o.marketId, o.remainingSize)}</Table.Td>
            <Table.Td ta="right">{o.orderId}</Table.Td>
            <Table.Td ta="right">{o.clientOrderId ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function AccountPage({ accountId }: { accountId: number }) {
  const account = useAccount(accountId);
  const names = useAccountNames();
  const { format, quoteTokenId } = useTokens();
  if (account.isPending) return <Loader aria-label="Loading account" />;
  if (account.isError)
    return (
      <Stack>
        <PageHeading>{`Account ${names.label(accountId)}`}</PageHeading>
        <ErrorNote error={account.error} title="This account could not be loaded" />
        <Anchor href="#/portfolio">Back to the portfolio</Anchor>
      </Stack>
    );
  const a = account.data;
  const q = (v: bigint) => format(v, quoteTokenId);
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Anchor href="#/portfolio" size="sm">
            ← Portfolio
          </Anchor>
          <PageHeading>{`Account ${names.label(a.accountId)}`}</PageHeading>
          <Text size="sm" c="dimmed">
            {a.walletLabel ? `Wallet ${a.walletLabel}` : 'Not a wallet in this app'} ·{' '}
            <Text span ff="monospace" size="sm">
              {a.owner}
            </Text>
          </Text>
        </Stack>
        <HealthBadge healthBps={a.healthBps} level={a.healthLevel} />
      </Group>

      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={4}>Margin</Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label="Equity" value={q(a.equity)} />
            <Figure label="Free collateral" value={q(a.freeCollateral)} />
            <Figure label="Initial margin" value={q(a.initialRequirement)} />
            <Figure label="Maintenance margin" value={q(a.maintenanceRequirement)} />
          </SimpleGrid>
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={4}>Balances</Title>
          {a.balances.length === 0 ? (
            <Text c="dimmed">No balances.</Text>
          ) : (
            <Table aria-label="Balances">
              <Table.Tbody>
                {a.balances.map((b) => (
                  <Table.Tr key={b.tokenId}>
                    <Table.Td>{format(b.amount, b.tokenId)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={4}>Positions</Title>
          <PositionsTable
            rows={a.positions.map((p) => ({ ...p, accountId: a.accountId }))}
            withAccount={false}
          />
        </Stack>
      </Paper>

      <TriggersPanel accountId={a.accountId} walletId={a.walletId} positions={a.positions} />

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={4}>Open orders</Title>
          <OpenOrders accountId={a.accountId} />
        </Stack>
      </Paper>

      <EquityChart accountId={a.accountId} title={`Equity and realized PnL of account #${a.accountId}`} />

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={4}>History</Title>
          <HistoryTabs accountId={a.accountId} />
        </Stack>
      </Paper>
    </Stack>
  );
}
