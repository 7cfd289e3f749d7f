// Open positions with what matters for risk: size, entry and mark, unrealized PnL and funding, the
// liquidation price and how far away it is.
import { Anchor, Table, Text } from '@mantine/core';
import type { z } from 'zod';
import type { PositionViewSchema } from '../../../shared/ipc/portfolio';
import { useMarketFormat, useTokens } from '../hooks/queries';
import { DistanceBadge } from './RiskBadges';
import { accountHref } from '../routes';

type Position = z.output<typeof PositionViewSchema>;
export interface PositionRow extends Position {
  accountId: number;
  walletLabel?: string;
}

export function PositionsTable({ rows, withAccount }: { rows: PositionRow[]; withAccount: boolean }) {
  const markets = useMarketFormat();
  const { format, quoteTokenId } = useTokens();
  if (rows.length === 0) return <Text c="dimmed">No open positions.</Text>;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label="Positions" striped highlightOnHover style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            {withAccount ? <Table.Th>Account</Table.Th> : null}
            <Table.Th>Market</Table.Th>
            <Table.Th ta="right">Size</Table.Th>
            <Table.Th ta="right">Entry</Table.Th>
            <Table.Th ta="right">Mark</Table.Th>
            <Table.Th ta="right">Unrealized PnL</Table.Th>
            <Table.Th ta="right">Funding</Table.Th>
            <Table.Th ta="right">Liquidation price</Table.Th>
            <Table.Th>To liquidation</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={`${p.accountId}:${p.marketId}`}>
              {withAccount ? (
                <Table.Td>
                  <Anchor href={accountHref(p.accountId)}>
                    {p.walletLabel ? `${p.walletLabel} ` : ''}#{p.accountId}
                  </Anchor>
                </Table.Td>
              ) : null}
              <Table.Td>
                <Text fw={600} size="sm">
                  {markets.symbol(p.marketId)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c={p.size > 0n ? 'teal' : 'red'}>
                  {p.size > 0n ? 'Long' : 'Short'} {markets.size(p.marketId, p.size > 0n ? p.size : -p.size)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{markets.price(p.marketId, p.entryPrice)}</Table.Td>
              <Table.Td ta="right">{markets.price(p.marketId, p.markPrice)}</Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c={p.unrealizedPnl < 0n ? 'red' : 'teal'}>
                  {format(p.unrealizedPnl, quoteTokenId, { signed: true })}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{format(p.fundingPnl, quoteTokenId, { signed: true })}</Table.Td>
              <Table.Td ta="right">
                {p.liquidationPrice === null ? '—' : markets.price(p.marketId, p.liquidationPrice)}
              </Table.Td>
              <Table.Td>
                <DistanceBadge
                  long={p.size > 0n}
                  distanceBps={p.liquidationDistanceBps}
                  level={p.liquidationLevel}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
