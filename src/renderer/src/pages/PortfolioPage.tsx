import {
  Alert,
  Anchor,
  Badge,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../bridge/wallet';
import { ChainBalances } from '../components/ChainBalances';
import { formatAmount } from '../../../shared/money';
import { usePortfolio, useTokens } from '../hooks/queries';
import { ErrorNote } from '../components/ErrorNote';
import { HealthBadge } from '../components/RiskBadges';
import { PositionsTable, type PositionRow } from '../components/PositionsTable';
import { EquityChart } from '../components/EquityChart';
import { accountHref } from '../routes';
import { PageHeading } from '../components/PageHeading';

export function MarketsTable() {
  const markets = useQuery({ queryKey: ['markets'], queryFn: () => unwrap(wallet.app.markets()) });
  if (markets.isPending) return <Loader aria-label="Loading markets" />;
  if (markets.isError) {
    return (
      <Alert color="red" title="Markets could not be loaded">
        {markets.error.message}
      </Alert>
    );
  }
  const tokens = new Map(markets.data.tokens.map((t) => [t.tokenId, t]));
  return (
    <Table striped highlightOnHover aria-label="Markets">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Market</Table.Th>
          <Table.Th>Id</Table.Th>
          <Table.Th>Base / quote</Table.Th>
          <Table.Th>Price decimals</Table.Th>
          <Table.Th>Size decimals</Table.Th>
          <Table.Th>Initial / maintenance margin</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {markets.data.markets.map((m) => (
          <Table.Tr key={m.marketId}>
            <Table.Td>
              <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                {m.symbol}
              </Text>
            </Table.Td>
            <Table.Td>{m.marketId}</Table.Td>
            <Table.Td>
              {tokens.get(m.baseTokenId)?.symbol ?? `#${m.baseTokenId}`} /{' '}
              {tokens.get(m.quoteTokenId)?.symbol ?? `#${m.quoteTokenId}`}
            </Table.Td>
            <Table.Td>{m.priceDecimals}</Table.Td>
            <Table.Td>{m.sizeDecimals}</Table.Td>
            <Table.Td>
              <Badge variant="light">{formatAmount(BigInt(m.imfBps), 2)}%</Badge> /{' '}
              <Badge variant="light" color="orange">
                {formatAmount(BigInt(m.mmfBps), 2)}%
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Holdings() {
  const portfolio = usePortfolio();
  const { format, quoteTokenId } = useTokens();
  if (portfolio.isPending) return <Loader aria-label="Loading portfolio" />;
  if (portfolio.isError)
    return <ErrorNote error={portfolio.error} title="The portfolio could not be loaded" />;
  const { wallets, equity } = portfolio.data;
  const accounts = wallets.flatMap(({ wallet: w, accounts: list }) =>
    list.map((a) => ({ ...a, walletLabel: w.label })),
  );
  const positions: PositionRow[] = accounts.flatMap((a) =>
    a.positions.map((p) => ({ ...p, accountId: a.accountId, walletLabel: a.walletLabel })),
  );
  const unrealized = positions.reduce((sum, p) => sum + p.unrealizedPnl, 0n);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            Total equity
          </Text>
          <Title order={3} aria-label="Total equity">
            {format(equity, quoteTokenId)}
          </Title>
        </Paper>
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            Unrealized PnL
          </Text>
          <Title order={3} aria-label="Unrealized PnL" c={unrealized < 0n ? 'red' : undefined}>
            {format(unrealized, quoteTokenId, { signed: true })}
          </Title>
        </Paper>
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            Wallets
          </Text>
          <Title order={3}>{wallets.length}</Title>
        </Paper>
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            Accounts / open positions
          </Text>
          <Title order={3}>
            {accounts.length} / {positions.length}
          </Title>
        </Paper>
      </SimpleGrid>
      {wallets.length === 0 ? (
        <Text c="dimmed">
          No wallet yet. <Anchor href="#/accounts">Add a wallet</Anchor>: create a new one or import one you
          already have.
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={800}>
        <Table aria-label="Accounts" striped style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Wallet</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th>Balances</Table.Th>
              <Table.Th ta="right">Equity</Table.Th>
              <Table.Th ta="right">Free collateral</Table.Th>
              <Table.Th>Margin health</Table.Th>
              <Table.Th ta="right">Positions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.map((a) => (
              <Table.Tr key={a.accountId}>
                <Table.Td>{a.walletLabel}</Table.Td>
                <Table.Td>
                  <Anchor href={accountHref(a.accountId)} aria-label={`Open account ${a.accountId}`}>
                    #{a.accountId}
                  </Anchor>
                </Table.Td>
                <Table.Td>{a.balances.map((b) => format(b.amount, b.tokenId)).join(', ') || '—'}</Table.Td>
                <Table.Td ta="right">{format(a.equity, quoteTokenId)}</Table.Td>
                <Table.Td ta="right">{format(a.freeCollateral, quoteTokenId)}</Table.Td>
                <Table.Td>
                  <HealthBadge healthBps={a.healthBps} level={a.healthLevel} />
                </Table.Td>
                <Table.Td ta="right">{a.positions.length}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {wallets.length > 0 ? (
        <Paper withBorder p="md" component="section" aria-label="Wallets on chain">
          <Stack gap="xs">
            <Title order={4}>Wallets on chain</Title>
            {wallets.map(({ wallet: w }) => (
              <Group key={w.walletId} gap="sm" wrap="nowrap">
                <Text size="sm" fw={500} miw={120}>
                  {w.label}
                </Text>
                <ChainBalances walletId={w.walletId} label={w.label} />
              </Group>
            ))}
          </Stack>
        </Paper>
      ) : null}
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={4}>Open positions</Title>
          <PositionsTable rows={positions} withAccount />
        </Stack>
      </Paper>
      <EquityChart title="Equity and realized PnL, all accounts" />
    </Stack>
  );
}

export function PortfolioPage() {
  return (
    <Stack>
      <PageHeading>Portfolio</PageHeading>
      <Holdings />
      <Paper withBorder p="md">
        <Stack>
          <Title order={4}>Markets</Title>
          <MarketsTable />
        </Stack>
      </Paper>
    </Stack>
  );
}
