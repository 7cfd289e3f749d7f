import { Alert, Badge, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../bridge/wallet';
import { formatAmount } from '../../../shared/money';

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

export function PortfolioPage() {
  return (
    <Stack>
      <Title order={2}>Portfolio</Title>
      <Paper withBorder p="md">
        <Stack>
          <Title order={4}>Markets</Title>
          <MarketsTable />
        </Stack>
      </Paper>
    </Stack>
  );
}
