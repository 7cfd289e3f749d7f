// The equity chart's lines, in a chunk of their own: recharts (under @mantine/charts) is fetched only when a
// page first draws a chart. The axis and tooltip turn whole hundredths back into text with the money formatter.
import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';
import { formatFigure } from '../../../../shared/figures';
import { formatDateTimeToMinute } from '../../../../shared/time';

const CHART_DECIMALS = 2;

export interface EquityPoint {
  time: number;
  equity: number | null;
  pnl: number | null;
}

const formatUnits = (units: number): string =>
  formatFigure(BigInt(Math.trunc(units)), CHART_DECIMALS, { digits: CHART_DECIMALS });

export default function EquityLines({ data, quoteSymbol }: { data: EquityPoint[]; quoteSymbol: string }) {
  return (
    <LineChart
      h={220}
      data={data}
      dataKey="time"
      series={[
        { name: 'equity', label: `Equity (${quoteSymbol})`, color: 'teal.6' },
        { name: 'pnl', label: `Realized PnL (${quoteSymbol})`, color: 'indigo.6' },
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
        tickFormatter: (ms: number) => formatDateTimeToMinute(ms),
      }}
      tooltipProps={{ labelFormatter: (ms) => formatDateTimeToMinute(Number(ms)) }}
    />
  );
}
