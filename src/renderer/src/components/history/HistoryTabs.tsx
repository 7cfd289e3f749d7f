// An account's history, one tab per kind the exchange offers, each a virtualized table that loads the next
// page with the exchange's cursor as the person scrolls near its end (or asks), and exports what is loaded or,
// on request, the whole history (every page fetched first).
import { useCallback, useMemo, useState } from 'react';
import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { HISTORY_KINDS, type HistoryKind } from '../../../../shared/exchange/history';
import type { HistoryRowOf } from '../../../../shared/ipc/history';
import { useHistory } from '../../hooks/history';
import { ErrorNote } from '../ErrorNote';
import { VirtualTable } from '../VirtualTable';
import { toCsv } from '../../../../shared/csv';
import { saveText } from '../../lib/save-file';
import { HISTORY_LABELS, historyColumns, historyRowKey } from './columns';
import { useHistoryFormats } from './format';

export function HistoryPanel<K extends HistoryKind>({ accountId, kind }: { accountId: number; kind: K }) {
  const history = useHistory(accountId, kind);
  const formats = useHistoryFormats();
  const rows = useMemo(
    () => (history.data?.pages ?? []).flatMap((p) => p.items as HistoryRowOf<K>[]),
    [history.data],
  );
  const columns = useMemo(() => historyColumns(kind, formats.display), [kind, formats.display]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const exportCsv = (toExport: HistoryRowOf<K>[], scope: 'loaded' | 'all') => {
    const csvColumns = historyColumns(kind, formats.csv);
    saveText(
      `perpetua-account-${accountId}-${kind}${scope === 'all' ? '-all' : ''}.csv`,
      toCsv(
        csvColumns.map((c) => c.label),
        toExport.map((r) => csvColumns.map((c) => c.render(r))),
      ),
    );
  };
  const [exportingAll, setExportingAll] = useState(false);
  const exportAll = async () => {
    setExportingAll(true);
    try {
      let result = await fetchNextPage();
      while (result.hasNextPage && !result.isError) result = await fetchNextPage();
      if (result.isError) return; // the error shows above; nothing half-exported
      exportCsv(
        (result.data?.pages ?? []).flatMap((p) => p.items as HistoryRowOf<K>[]),
        'all',
      );
    } finally {
      setExportingAll(false);
    }
  };
  const label = HISTORY_LABELS[kind];
  return (
    <Stack gap="xs">
      <ErrorNote error={history.error} title={`${label} could not be loaded`} />
      {history.isSuccess && rows.length === 0 ? <Text c="dimmed">Nothing yet.</Text> : null}
      {rows.length > 0 ? (
        <VirtualTable
          label={`${label} history`}
          columns={columns}
          rows={rows}
          rowKey={historyRowKey}
          onEndReached={loadMore}
        />
      ) : null}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {rows.length.toLocaleString()} {rows.length === 1 ? 'row' : 'rows'} loaded
          {hasNextPage ? '; more on the exchange' : history.isSuccess ? '; that is all' : ''}
        </Text>
        <Group gap="xs">
          {hasNextPage ? (
            <Button variant="default" size="xs" onClick={loadMore} loading={isFetchingNextPage}>
              Load more
            </Button>
          ) : null}
          <Button
            variant="default"
            size="xs"
            onClick={() => exportCsv(rows, 'loaded')}
            disabled={rows.length === 0}
          >
            Export loaded rows as CSV
          </Button>
          {hasNextPage ? (
            <Button variant="default" size="xs" onClick={() => void exportAll()} loading={exportingAll}>
              Export all as CSV
            </Button>
          ) : null}
        </Group>
      </Group>
    </Stack>
  );
}

export function HistoryTabs({ accountId }: { accountId: number }) {
  const [kind, setKind] = useState<HistoryKind>('transfer');
  return (
    <Tabs value={kind} onChange={(v) => v && setKind(v as HistoryKind)} keepMounted={false}>
      <Tabs.List aria-label="History kinds">
        {HISTORY_KINDS.map((k) => (
          <Tabs.Tab key={k} value={k}>
            {HISTORY_LABELS[k]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {HISTORY_KINDS.map((k) => (
        <Tabs.Panel key={k} value={k} pt="sm">
          <HistoryPanel accountId={accountId} kind={k} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
