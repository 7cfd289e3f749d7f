// Equity and cumulative realized PnL over time. Values stay bigint until this edge: the chart library needs
// numbers for pixel positions, so each value becomes a whole number of hundredths of the quote token (exact
// as an integer far beyond any balance), and the axis and tooltip turn those back into text with the money
// formatter. No amount is ever computed with floating point.
import { LineChart } from '@mantine/charts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { formatAmount } from '../../../shared/money';
import { usePortfolioHistory, useTokens } from '../hooks/queries';
import { ErrorNote } from './ErrorNote';

const CHART_DECIMALS = 2;

/** bigint in `decimals` → integer hundredths, rounded toward zero (display only) */
function toChartUnits(value: bigint, decimals: number): number {
  const shift = decimals - CHART_DECIMALS;
  return Number(shift >= 0 ? value / 10n ** BigInt(shift) : value * 10n ** BigInt(-shift));
}

const formatUnits = (units: number): string =>
  formatAmount(BigInt(Math.trunc(units)), CHART_DECIMALS, { group: true });
const formatTime = (ms: number): string =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

export function EquityChart({ accountId, title }: { accountId?: number; title: string }) {
  const history = usePortfolioHistory(accountId);
  const { tokens, quoteTokenId } = useTokens();
  const quote = tokens.get(quoteTokenId);
  const data = (history.data?.points ?? []).map((p) => ({
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
          <LineChart
            h={220}
            data={data}
            dataKey="time"
            aria-label={`${title} chart`}
            series={[
              { name: 'equity', label: `Equity (${quote?.symbol ?? ''})`, color: 'teal.6' },
              { name: 'pnl', label: `Realized PnL (${quote?.symbol ?? ''})`, color: 'indigo.6' },
            ]}
            curveType="stepAfter"
            withDots={data.length < 30}
            withLegend
            connectNulls
            valueFormatter={formatUnits}
            xAxisProps={{
              type: 'number',
              scale: 'time',
              domain: ['dataMin', 'dataMax'],
              tickFormatter: formatTime,
            }}
            tooltipProps={{ labelFormatter: (ms) => formatTime(Number(ms)) }}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
