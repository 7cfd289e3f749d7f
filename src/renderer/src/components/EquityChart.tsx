// Equity and cumulative realized PnL over time. Values stay bigint until this edge: the chart library needs
// numbers for pixel positions, so each value becomes a whole number of hundredths of the quote token (exact
// as an integer far beyond any balance), and the axis and tooltip turn those back into text with the money
// formatter. No amount is ever computed with floating point.
import { lazy, Suspense } from 'react';
import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { usePortfolioHistory, useTokens } from '../hooks/queries';
import { ErrorNote } from './ErrorNote';
import type { EquityPoint } from './EquityLines';

// The chart library is a quarter of the app's script: it loads when a chart is first drawn, not before.
const EquityLines = lazy(() => import('./EquityLines'));

const CHART_DECIMALS = 2;

/** bigint in `decimals` → integer hundredths, rounded toward zero (display only) */
function toChartUnits(value: bigint, decimals: number): number {
  const shift = decimals - CHART_DECIMALS;
  return Number(shift >= 0 ? value / 10n ** BigInt(shift) : value * 10n ** BigInt(-shift));
}

export function EquityChart({ accountId, title }: { accountId?: number; title: string }) {
  const history = usePortfolioHistory(accountId);
  const { tokens, quoteTokenId } = useTokens();
  const quote = tokens.get(quoteTokenId);
  const data: EquityPoint[] = (history.data?.points ?? []).map((p) => ({
    time: p.time * 1000,
    equity: p.equity === null || !quote ? null : toChartUnits(p.equity, quote.decimals),
    pnl: p.pnl === null || !quote ? null : toChartUnits(p.pnl, quote.decimals),
  }));
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={4}>{title}</Title>
        <ErrorNote error={history.error} title="The chart could not be loaded" />
        {history.isSuccess && data.length < 2 ? (
          <Text c="dimmed" size="sm">
            {data.length === 0 ? 'No history yet' : 'Little history yet'}: equity is sampled while Perpetua
            shows your portfolio (at most once a minute), and realized PnL appears after the first fill.
          </Text>
        ) : null}
        {data.length >= 1 ? (
          <Suspense fallback={<Box h={220} aria-busy="true" />}>
            <EquityLines data={data} title={title} quoteSymbol={quote?.symbol ?? ''} />
          </Suspense>
        ) : null}
      </Stack>
    </Paper>
  );
}
