// An account's history, one tab per kind the exchange offers, each a virtualized table that loads the next
// page with the exchange's cursor as the person scrolls near its end (or asks), and exports what is loaded or,
// on request, the whole history (every page fetched first).
import { useCallback, useMemo, useState } from 'react';
import { Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { HISTORY_KINDS, type HistoryKind } from '../../../../shared/exchange/history';
import type { HistoryRowOf } from '../../../../shared/ipc/history';
import { useAllHistory, useHistory } from '../../hooks/history';
import { formatCount } from '../../../../shared/figures';
import { ActivityFeed } from './ActivityFeed';
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
          {formatCount(rows.length)} {rows.length === 1 ? 'row' : 'rows'} loaded
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

type Tab = HistoryKind | 'all';

/**
 * The account's history: All activity first (every kind, newest first), then a tab per kind with how many
 * rows it holds, so an empty kind is seen as empty before it is opened.
 */
export function HistoryTabs({ accountId }: { accountId: number }) {
  const [tab, setTab] = useState<Tab>('all');
  const ids = useMemo(() => [accountId], [accountId]);
  const all = useAllHistory(ids);
  // within the feed's window: "+" where the kind has older rows the window does not reach yet
  const counts = new Map(all.parts.map((p) => [p.kind, p.rows.length]));
  const more = new Set(all.parts.filter((p) => p.older).map((p) => p.kind));
  return (
    <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
      <Tabs.List aria-label="History kinds">
        <Tabs.Tab value="all">All activity</Tabs.Tab>
        {HISTORY_KINDS.map((k) => (
          // the count beside the kind (part of the tab's name) shows which kinds hold anything
          <Tabs.Tab
            key={k}
            value={k}
            rightSection={
              all.pending ? null : (
                <Badge size="sm" variant="light" color={counts.get(k) ? 'teal' : 'gray'} data-count>
                  {formatCount(counts.get(k) ?? 0)}
                  {more.has(k) ? '+' : ''}
                </Badge>
              )
            }
          >
            {HISTORY_LABELS[k]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="all" pt="sm">
        <ActivityFeed
          accountIds={ids}
          accountLabel={(id) => `#${id}`}
          fileName={`perpetua-account-${accountId}-all-kinds`}
        />
      </Tabs.Panel>
      {HISTORY_KINDS.map((k) => (
        <Tabs.Panel key={k} value={k} pt="sm">
          <HistoryPanel accountId={accountId} kind={k} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
