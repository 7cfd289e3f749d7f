// An account's history, one tab per kind the exchange offers. Every list is newest first, as All activity is:
// each kind's tab shows that kind's rows of the All activity window (the same window its count in the tab
// tells), newest on top, "Show older" reaching further back, and exports what it shows or, on request, the
// whole history of the kind.
import { useMemo, useState } from 'react';
import { Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { HISTORY_KINDS, type HistoryKind } from '../../../../shared/exchange/history';
import type { HistoryRowOf } from '../../../../shared/ipc/history';
import { useAllHistory } from './history';
import { formatCount } from '../../../../shared/figures';
import { formatDateTime, fromSeconds } from '../../../../shared/time';
import { ActivityFeed } from './ActivityFeed';
import { ErrorNote } from '../../components/ErrorNote';
import { VirtualTable } from '../../components/VirtualTable';
import { toCsv } from '../../../../shared/csv';
import { saveText } from '../../lib/save-file';
import { HISTORY_LABELS, historyColumns, historyRowKey } from './columns';
import { useHistoryFormats } from './format';
import { rowsNewestFirst } from './activity';

type AllHistory = ReturnType<typeof useAllHistory>;

export function HistoryPanel<K extends HistoryKind>({
  accountId,
  kind,
  all,
}: {
  accountId: number;
  kind: K;
  /** the account's history window, shared with All activity and the tabs' counts */
  all: AllHistory;
}) {
  const formats = useHistoryFormats();
  const part = all.parts.find((p) => p.kind === kind);
  const older = part?.older ?? false;
  const rows = useMemo(() => rowsNewestFirst((part?.rows ?? []) as HistoryRowOf<K>[]), [part?.rows]);
  const columns = useMemo(() => historyColumns(kind, formats.display), [kind, formats.display]);
  const exportCsv = (toExport: readonly HistoryRowOf<K>[], scope: 'shown' | 'all') => {
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
  const [exportError, setExportError] = useState<Error | null>(null);
  const exportAll = async () => {
    setExportingAll(true);
    setExportError(null);
    try {
      const everything = (await all.readAll()).find((p) => p.kind === kind)?.rows ?? [];
      exportCsv(rowsNewestFirst(everything as HistoryRowOf<K>[]), 'all');
    } catch (e) {
      // nothing half-exported: the reason shows above
      setExportError(e instanceof Error ? e : new Error(String(e)));
    } finally {
      setExportingAll(false);
    }
  };
  const label = HISTORY_LABELS[kind];
  const since = all.since > 0 ? ` since ${formatDateTime(fromSeconds(all.since))}` : '';
  return (
    <Stack gap="xs">
      <ErrorNote error={all.error ?? exportError} title={`${label} could not be loaded`} />
      {!all.pending && rows.length === 0 ? (
        <Text c="dimmed">{older ? `Nothing${since}.` : 'Nothing yet.'}</Text>
      ) : null}
      {rows.length > 0 ? (
        <VirtualTable label={`${label} history`} columns={columns} rows={rows} rowKey={historyRowKey} />
      ) : null}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {formatCount(rows.length)} {rows.length === 1 ? 'row' : 'rows'}
          {since}, newest first
          {older
            ? all.capped
              ? '; older ones in the export'
              : '; older ones on the exchange'
            : all.pending
              ? ''
              : '; that is all'}
        </Text>
        <Group gap="xs">
          {older && !all.capped ? (
            <Button variant="default" size="xs" onClick={all.showOlder} loading={all.pending}>
              Show older
            </Button>
          ) : null}
          <Button
            variant="default"
            size="xs"
            onClick={() => exportCsv(rows, 'shown')}
            disabled={rows.length === 0}
          >
            Export shown rows as CSV
          </Button>
          {older ? (
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
          <HistoryPanel accountId={accountId} kind={k} all={all} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
