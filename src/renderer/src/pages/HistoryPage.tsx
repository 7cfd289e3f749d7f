// Account history by kind, paged with the exchange's own cursors.
import { useState } from 'react';
import { Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../bridge/wallet';
import { usePortfolio, useTokens } from '../hooks/queries';
import { ErrorNote } from '../components/ErrorNote';
import { saveText } from './SettingsPage';

/** CSV with quoting, and spreadsheet formulas defused. */
function toCsv(header: string[], rows: string[][]): string {
  const quote = (v: string): string => {
    const safe = /^[=+\-@]/.test(v) && !/^-?\d/.test(v) ? `'${v}` : v;
    return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [header, ...rows].map((r) => r.map(quote).join(',')).join('\n') + '\n';
}

type Kind = 'deposit' | 'withdrawal' | 'transfer';

export function HistoryPage() {
  const portfolio = usePortfolio();
  const { format } = useTokens();
  const accounts = (portfolio.data?.wallets ?? []).flatMap((w) =>
    w.accounts.map((a) => ({ value: String(a.accountId), label: `${w.wallet.label} #${a.accountId}` })),
  );
  const [accountId, setAccountId] = useState<string | null>(null);
  const [kind, setKind] = useState<Kind>('transfer');
  const chosen = accountId ?? accounts[0]?.value ?? null;
  const history = useInfiniteQuery({
    queryKey: ['history', Number(chosen), kind],
    enabled: chosen !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        wallet.getHistory({
          accountId: Number(chosen),
          kind,
          ...(pageParam ? { startInclusive: pageParam } : {}),
        }),
      ),
    getNextPageParam: (last) => last.nextStartInclusive,
  });
  const rows = history.data?.pages.flatMap((p) => p.items) ?? [];
  const columns = rows[0] ? Object.keys(rows[0]).filter((k) => k !== 'id') : [];
  const cell = (row: Record<string, unknown>, column: string): string => {
    const value = row[column];
    if (column === 'amount' || column === 'fee') return format(BigInt(String(value)), Number(row.tokenId));
    if (column === 'time') return new Date(Number(value) * 1000).toLocaleString();
    return String(value);
  };
  return (
    <Stack>
      <Title order={2}>History</Title>
      <Group>
        <Select
          label="Account"
          data={accounts}
          value={chosen}
          onChange={setAccountId}
          allowDeselect={false}
        />
        <Select
          label="Kind"
          data={[
            { value: 'transfer', label: 'Transfers' },
            { value: 'deposit', label: 'Deposits' },
            { value: 'withdrawal', label: 'Withdrawals' },
          ]}
          value={kind}
          onChange={(v) => setKind((v as Kind) ?? kind)}
          allowDeselect={false}
        />
      </Group>
      <ErrorNote error={history.error} />
      {rows.length === 0 && history.isSuccess ? <Text c="dimmed">Nothing yet.</Text> : null}
      {rows.length > 0 ? (
        <Table aria-label="History" striped>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr key={String(row.id ?? i)}>
                {columns.map((c) => (
                  <Table.Td key={c}>{cell(row, c)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {rows.length > 0 ? (
        <Group>
          <Button
            variant="default"
            onClick={() =>
              saveText(
                `perpetua-${kind}-account-${chosen}.csv`,
                toCsv(
                  columns,
                  rows.map((r) => columns.map((c) => cell(r, c))),
                ),
              )
            }
          >
            Export loaded rows as CSV
          </Button>
        </Group>
      ) : null}
      {history.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void history.fetchNextPage()}
          loading={history.isFetchingNextPage}
        >
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}
