// The All activity feed: every kind of history of the given accounts in one list, newest first. It reads a
// window of recent time (activity-window.ts), "Show older" reaching further back; it follows the exchange
// live (an account's update re-reads the window's newest slice, see useLiveEvents) and exports every kind
// it shows at once as one CSV file.
import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useAllHistory } from './history';
import { useTokens } from '../markets';
import { toCsv } from '../../../../shared/csv';
import { formatAmount } from '../../../../shared/money';
import { formatCount } from '../../../../shared/figures';
import { formatDateTime } from '../../../../shared/time';
import { saveText } from '../../lib/save-file';
import { ErrorNote } from '../../components/ErrorNote';
import { VirtualTable, type Column } from '../../components/VirtualTable';
import { HISTORY_LABELS } from './columns';
import { feedLines, type ActivityLine } from './activity';
import { useHistoryFormats } from './format';

type Parts = Awaited<ReturnType<ReturnType<typeof useAllHistory>['readAll']>>;

export function ActivityFeed({
  accountIds,
  accountLabel,
  fileName,
  height,
}: {
  accountIds: readonly number[];
  accountLabel: (accountId: number) => string;
  /** the export's file name, without .csv */
  fileName: string;
  height?: number;
}) {
  const history = useAllHistory(accountIds);
  const formats = useHistoryFormats();
  const { format, tokens } = useTokens();
  // new rows are laid out at low priority: a live figure elsewhere on the screen interrupts the feed's
  // redraw instead of waiting behind it
  const parts = useDeferredValue(history.parts);
  const lines = useMemo(() => feedLines(parts, formats.display), [parts, formats.display]);
  const columns = useMemo((): Column<ActivityLine>[] => {
    const all: Column<ActivityLine>[] = [
      { key: 'time', label: 'Time', width: '190px', render: (l) => formats.display.time(l.time) },
      {
        key: 'account',
        label: 'Account',
        width: '0.9fr',
        // a named account ("Trader · Savings (#4)") wraps rather than being cut off
        wrap: true,
        render: (l) => accountLabel(l.accountId),
      },
      // "Transfer received" takes two lines in a narrow window rather than be cut
      { key: 'what', label: 'What', width: '1.1fr', wrap: true, render: (l) => l.what },
      { key: 'detail', label: 'Details', width: '1.8fr', wrap: true, render: (l) => l.detail },
      {
        key: 'amount',
        label: 'Amount',
        // room for "+10,000.00 USDC" whatever the window: the details wrap first, a figure is never cut
        width: 'minmax(11em, 1fr)',
        align: 'right',
        tone: (l) =>
          !l.money || l.money.value === 0n ? undefined : l.money.value > 0n ? 'positive' : 'negative',
        render: (l) => (l.money ? format(l.money.value, l.money.tokenId, { signed: true }) : ''),
      },
    ];
    return accountIds.length > 1 ? all : all.filter((c) => c.key !== 'account');
  }, [accountIds.length, accountLabel, format, formats.display]);

  // the export is every row since the beginning, not only the window on screen: read when asked for
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<Error | null>(null);
  const exportAll = async () => {
    setExporting(true);
    setExportError(null);
    let parts: Parts;
    try {
      parts = await history.readAll();
    } catch (error) {
      setExportError(error as Error);
      return;
    } finally {
      setExporting(false);
    }
    const csv = feedLines(parts, formats.csv);
    saveText(
      `${fileName}.csv`,
      toCsv(
        ['time', 'account', 'kind', 'what', 'details', 'amount', 'token'],
        csv.map((l) => {
          const token = l.money ? tokens.get(l.money.tokenId) : undefined;
          return [
            formats.csv.time(l.time),
            String(l.accountId),
            l.kind,
            l.what,
            l.detail,
            l.money && token ? formatAmount(l.money.value, token.decimals) : '',
            token?.symbol ?? '',
          ];
        }),
      ),
    );
  };

  // (rows read but not yet laid out are still loading, not "no activity")
  if ((history.pending || parts !== history.parts) && lines.length === 0)
    return <Loader aria-label="Loading activity" />;
  return (
    <Stack gap="xs">
      <ErrorNote error={history.error} title="Some history could not be loaded" />
      <ErrorNote error={exportError} title="The export could not read every row" />
      {lines.length === 0 ? (
        <Text c="dimmed">No activity yet: deposits, transfers, trades and vault moves will show here.</Text>
      ) : (
        <VirtualTable
          label="All activity"
          columns={columns}
          rows={lines}
          rowKey={(l) => l.key}
          rowHeight={46}
          {...(height ? { height } : {})}
        />
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {history.capped ? 'The newest ' : ''}
          {formatCount(lines.length)} {lines.length === 1 ? 'event' : 'events'}
          {history.olderExists ? ` since ${formatDateTime(history.since * 1000)}` : ''}, newest first, across{' '}
          {Object.values(HISTORY_LABELS).length} kinds of history
          {history.capped ? '; the export has every one before them too' : ''}
        </Text>
        {history.olderExists && !history.capped ? (
          <Button variant="default" size="xs" onClick={history.showOlder} disabled={history.pending}>
            Show older activity
          </Button>
        ) : null}
        <Button
          variant="default"
          size="xs"
          onClick={() => void exportAll()}
          loading={exporting}
          disabled={lines.length === 0 || history.pending}
        >
          Export all kinds as CSV
        </Button>
      </Group>
    </Stack>
  );
}
