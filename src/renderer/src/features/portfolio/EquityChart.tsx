// Equity and cumulative realized PnL over time. Values stay bigint until this edge: the chart library needs
// numbers for pixel positions, so each value becomes a whole number of hundredths of the quote token (exact
// as an integer far beyond any balance), and the axis and tooltip turn those back into text with the money
// formatter. No amount is ever computed with floating point.
import { lazy, memo, Suspense, useDeferredValue, useId, useMemo } from 'react';
import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { useTokens } from '../markets';
import { usePortfolioHistory } from './queries';
import { ErrorNote } from '../../components/ErrorNote';
import type { EquityPoint } from './EquityLines';
import { formatDateTimeToMinute, fromSeconds } from '../../../../shared/time';

// The chart library is a quarter of the app's script: it loads when a chart is first drawn, not before. It is
// drawn again only for new points, and those are drawn at low priority (useDeferredValue): a live figure's
// update interrupts the chart's redraw instead of waiting behind it.
const EquityLines = memo(lazy(() => import('./EquityLines')));

const CHART_DECIMALS = 2;

/** bigint in `decimals` → integer hundredths, rounded toward zero (display only) */
function toChartUnits(value: bigint, decimals: number): number {
  const shift = decimals - CHART_DECIMALS;
  return Number(shift >= 0 ? value / 10n ** BigInt(shift) : value * 10n ** BigInt(-shift));
}

type HistoryPoint = { time: number; equity: bigint | null; pnl: bigint | null };
const when = (seconds: number) => formatDateTimeToMinute(fromSeconds(seconds));

/** The chart in words, for those who cannot see it: where equity started and stands, and the realized PnL. */
function describe(points: HistoryPoint[], format: (amount: bigint) => string): string {
  const withEquity = points.filter((p) => p.equity !== null);
  const first = withEquity[0];
  const last = withEquity.at(-1);
  const pnl = points.findLast((p) => p.pnl !== null)?.pnl ?? null;
  const parts: string[] = [];
  if (first && last)
    parts.push(
      first === last
        ? `Equity ${format(last.equity!)} on ${when(last.time)}.`
        : `Equity went from ${format(first.equity!)} on ${when(first.time)} to ${format(last.equity!)} on ${when(last.time)}.`,
    );
  if (pnl !== null) parts.push(`Realized PnL ${format(pnl)}.`);
  return parts.join(' ');
}

export function EquityChart({ accountId, title }: { accountId?: number; title: string }) {
  const history = usePortfolioHistory(accountId);
  const { tokens, quoteTokenId, format } = useTokens();
  const summaryId = useId();
  const quote = tokens.get(quoteTokenId);
  // the first points are drawn at once; later ones replace them at low priority
  const points = useDeferredValue(history.data?.points) ?? history.data?.points;
  const data: EquityPoint[] = useMemo(
    () =>
      (points ?? []).map((p) => ({
        time: p.time * 1000,
        equity: p.equity === null || !quote ? null : toChartUnits(p.equity, quote.decimals),
        pnl: p.pnl === null || !quote ? null : toChartUnits(p.pnl, quote.decimals),
      })),
    [points, quote],
  );
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={4}>{title}</Title>
        <ErrorNote error={history.error} title="The chart could not be loaded" />
        {/* the chart's height is kept while it loads, so nothing below it jumps when it arrives */}
        {history.isPending ? <Box h={220} aria-busy="true" data-testid="chart-loading" /> : null}
        {history.isSuccess && data.length < 2 ? (
          <Text c="dimmed" size="sm">
            {data.length === 0 ? 'No history yet' : 'Little history yet'}: equity is sampled while Perpetua
            shows your portfolio (at most once a minute), and realized PnL appears after the first fill.
          </Text>
        ) : null}
        {data.length >= 1 ? (
          <>
            {/* the drawing is one image to assistive technology, described by the sentence below it */}
            <Box role="img" aria-label={`${title} chart`} aria-describedby={summaryId}>
              <Suspense fallback={<Box h={220} aria-busy="true" />}>
                <EquityLines data={data} quoteSymbol={quote?.symbol ?? ''} />
              </Suspense>
            </Box>
            <Text size="sm" c="dimmed" id={summaryId} data-testid="chart-summary">
              {describe(points ?? [], (amount) => format(amount, quoteTokenId))}
            </Text>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
