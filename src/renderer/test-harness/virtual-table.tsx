// Test harness, not part of the app: the history table with as many synthetic transfer rows as the URL's
// ?rows= asks for, so tests/e2e/virtual-table.spec.ts can scroll 100k rows in Chromium. Built by that test
// only (the app's build has a single entry, index.html).
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import '@mantine/core/styles.css';
import { VirtualTable } from '../src/components/VirtualTable';
import { historyColumns, historyRowKey } from '../src/features/history/columns';
import type { HistoryFormat } from '../src/features/history/history-format';
import type { HistoryRowOf } from '../../shared/ipc/history';
import { formatAmount } from '../../shared/money';
import { formatIsoTime, fromSeconds } from '../../shared/time';

const count = Number(new URLSearchParams(window.location.search).get('rows') ?? '100000');
const rows: HistoryRowOf<'transfer'>[] = Array.from({ length: count }, (_, i) => ({
  id: String(i + 1),
  actionId: String(1_000 + i),
  time: 1_790_000_000 + i * 60,
  fromAccountId: 4,
  toAccountId: 5 + (i % 3),
  tokenId: 0,
  amount: BigInt(i) * 1_000_000n + 123n,
  direction: i % 2 ? 'received' : 'sent',
  accountCreated: false,
}));

const format: HistoryFormat = {
  time: (s) => formatIsoTime(fromSeconds(s)),
  tokenSymbol: () => 'USDC',
  amount: (v, _id, o) => formatAmount(v, 6, { group: true, signed: o?.signed ?? false }),
  quote: (v, o) => formatAmount(v, 6, { group: true, signed: o?.signed ?? false }),
  shares: (v) => formatAmount(v, 6, { group: true }),
  quoteSymbol: 'USDC',
  quoteTokenId: 0,
  vault: (id) => `vault ${id}`,
  account: (id) => `#${id}`,
  accountWords: (id) => `account ${id}`,
  address: (a) => a,
  market: (id) => `market ${id}`,
  price: (_id, v) => v.toString(),
  size: (_id, v) => v.toString(),
};
const columns = historyColumns('transfer', format);

function Harness() {
  const [endReached, setEndReached] = useState(0);
  return (
    <div style={{ padding: 16 }}>
      <VirtualTable
        label="Transfers history"
        columns={columns}
        rows={rows}
        rowKey={historyRowKey}
        onEndReached={() => setEndReached((n) => n + 1)}
      />
      <p data-testid="end-reached">{endReached}</p>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider>
      <Harness />
    </MantineProvider>
  </StrictMode>,
);
