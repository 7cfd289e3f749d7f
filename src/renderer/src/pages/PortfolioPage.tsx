import { Alert, Badge, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../bridge/wallet';
import { formatAmount } from '../../../shared/money';
import { usePortfolio, useTokens } from '../hooks/queries';
import { ErrorNote } from '../components/ErrorNote';

export function MarketsTable() {
  const markets = useQuery({ queryKey: ['markets'], queryFn: () => unwrap(wallet.getMarkets()) });
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
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
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
            Wallets
          </Text>
          <Title order={3}>{wallets.length}</Title>
        </Paper>
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            Accounts
          </Text>
          <Title order={3}>{wallets.reduce((n, w) => n + w.accounts.length, 0)}</Title>
        </Paper>
      </SimpleGrid>
      {wallets.length === 0 ? (
        <Text c="dimmed">No wallet yet: create or import one under Accounts.</Text>
      ) : null}
      <Table aria-label="Accounts" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Wallet</Table.Th>
            <Table.Th>Account</Table.Th>
            <Table.Th>Balances</Table.Th>
            <Table.Th>Equity</Table.Th>
            <Table.Th>Free collateral</Table.Th>
            <Table.Th>Margin health</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {wallets.flatMap(({ wallet: w, accounts }) =>
            accounts.map((a) => (
              <Table.Tr key={a.accountId}>
                <Table.Td>{w.label}</Table.Td>
                <Table.Td>#{a.accountId}</Table.Td>
                <Table.Td>{a.balances.map((b) => format(b.amount, b.tokenId)).join(', ') || '—'}</Table.Td>
                <Table.Td>{format(a.equity, quoteTokenId)}</Table.Td>
                <Table.Td>{format(a.freeCollateral, quoteTokenId)}</Table.Td>
                <Table.Td>
                  {a.healthBps === null ? (
                    <Badge color="teal">no positions</Badge>
                  ) : (
                    <Badge color={a.healthBps > 20_000 ? 'teal' : a.healthBps > 12_000 ? 'yellow' : 'red'}>
                      {formatAmount(BigInt(a.healthBps), 2)}%
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function PortfolioPage() {
  return (
    <Stack>
      <Title order={2}>Portfolio</Title>
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
