// The columns of each history kind, shared by the table and its CSV export: the same cells, formatted for the
// screen (grouped thousands, local time) or for a spreadsheet (plain decimals, ISO time). Amounts are bigint
// in the token's, the quote token's or the market's units and only ever formatted, never converted.
import type { HistoryKind } from '../../../../shared/exchange/history';
import type { HistoryRowOf } from '../../../../shared/ipc/history';
import type { Column, Tone } from '../../components/VirtualTable';
import type { HistoryFormat } from './history-format';

export const HISTORY_LABELS: Record<HistoryKind, string> = {
  deposit: 'Deposits',
  withdrawal: 'Withdrawals',
  transfer: 'Transfers',
  pnl: 'PnL',
  position: 'Positions',
  funding: 'Funding',
  liquidation: 'Liquidations',
  'fee-tier': 'Fee tier',
  'vault/deposit': 'Vault deposits',
  'vault/withdrawal': 'Vault withdrawals',
};

type Columns<K extends HistoryKind> = Column<HistoryRowOf<K>>[];

/** a withdrawal's every column fits from this table width on (a window of about 1,400 px) */
const WIDE_WITHDRAWALS_PX = 1_100;

const time = <R extends { time: number }>(f: HistoryFormat): Column<R> => ({
  key: 'time',
  label: 'Time',
  width: '190px',
  render: (r) => f.time(r.time),
});
const market = <R extends { marketId: number | null }>(f: HistoryFormat): Column<R> => ({
  key: 'market',
  label: 'Market',
  width: '110px',
  render: (r) => (r.marketId === null ? '—' : f.market(r.marketId)),
});
/** a value the exchange may leave out (null): a dash */
const orDash = <T>(value: T | null, show: (v: T) => string): string => (value === null ? '—' : show(value));
/** the exchange's action id: for support questions, so the first column to go in a narrow window */
const action = <R extends { actionId: string }>(): Column<R> => ({
  key: 'actionId',
  label: 'Action',
  width: '90px',
  align: 'right',
  optional: true,
  render: (r) => r.actionId,
});
/** green for money in, red for money out (the sign says it too, so colour is never the only signal) */
const toneOf = (value: bigint): Tone => (value > 0n ? 'positive' : value < 0n ? 'negative' : undefined);
const token = <R extends { tokenId: number }>(f: HistoryFormat): Column<R> => ({
  key: 'token',
  label: 'Token',
  width: '70px',
  render: (r) => f.tokenSymbol(r.tokenId),
});

export function historyColumns<K extends HistoryKind>(kind: K, f: HistoryFormat): Columns<K> {
  const q = f.quoteSymbol;
  const columns: { [P in HistoryKind]: () => Columns<P> } = {
    deposit: () => [
      time(f),
      token(f),
      {
        key: 'amount',
        label: 'Amount',
        align: 'right',
        tone: (): Tone => 'positive',
        render: (r) => f.amount(r.amount, r.tokenId, { signed: true }),
      },
      { key: 'from', label: 'From', width: '1.4fr', render: (r) => r.from ?? '—' },
      {
        key: 'chainTxId',
        label: 'Chain transaction',
        width: '1.4fr',
        optional: true,
        render: (r) => r.chainTxId ?? '—',
      },
    ],
    // in a 1024 px window the fee and where the money went stay; the token column goes, since every amount
    // carries its token's symbol
    withdrawal: () => [
      time(f),
      { ...token(f), optional: true },
      {
        key: 'amount',
        label: 'Amount',
        align: 'right',
        // room for "−12,000.00 USDC" whatever the window: a figure is never cut
        width: 'minmax(9em, 1fr)',
        tone: (): Tone => 'negative',
        render: (r) => f.amount(-r.amount, r.tokenId),
      },
      {
        key: 'fee',
        label: 'Fee',
        align: 'right',
        width: 'minmax(7.5em, 0.8fr)',
        render: (r) => f.amount(r.fee, r.tokenId),
      },
      {
        key: 'received',
        label: 'Received',
        align: 'right',
        width: 'minmax(9em, 1fr)',
        render: (r) => f.amount(r.amount - r.fee, r.tokenId),
      },
      {
        key: 'destination',
        label: 'Destination',
        width: 'minmax(8.5em, 1fr)',
        render: (r) => (r.destination === null ? '—' : f.address(r.destination)),
      },
      { key: 'status', label: 'Status', width: '90px', render: (r) => r.status ?? '—' },
      // the ids come after the money and where it went: shown only where all of those have their room
      {
        key: 'chainTxId',
        label: 'Payout transaction',
        width: 'minmax(8.5em, 1fr)',
        optional: true,
        optionalBelow: WIDE_WITHDRAWALS_PX,
        render: (r) => (r.chainTxId === null ? '—' : f.address(r.chainTxId)),
      },
      { ...action(), optionalBelow: WIDE_WITHDRAWALS_PX },
    ],
    transfer: () => [
      time(f),
      { key: 'direction', label: 'Direction', width: '100px', render: (r) => r.direction },
      { key: 'from', label: 'From account', align: 'right', render: (r) => f.account(r.fromAccountId) },
      { key: 'to', label: 'To account', align: 'right', render: (r) => f.account(r.toAccountId) },
      token(f),
      {
        key: 'amount',
        label: 'Amount',
        align: 'right',
        // sent is money out of this account: negative
        tone: (r) => (r.direction === 'sent' ? 'negative' : 'positive'),
        render: (r) => f.amount(r.direction === 'sent' ? -r.amount : r.amount, r.tokenId, { signed: true }),
      },
      {
        key: 'accountCreated',
        label: 'New account',
        width: '110px',
        optional: true,
        render: (r) => (r.accountCreated ? 'yes' : 'no'),
      },
      action(),
    ],
    pnl: () => [
      time(f),
      market(f),
      {
        key: 'tradingPnl',
        label: `Realized PnL (${q})`,
        align: 'right',
        tone: (r) => toneOf(r.tradingPnl),
        render: (r) => f.quote(r.tradingPnl, { signed: true }),
      },
      {
        key: 'fee',
        label: `Fee (${q})`,
        align: 'right',
        render: (r) => orDash(r.fee, (v) => f.quote(v)),
      },
      action(),
    ],
    position: () => [
      time(f),
      market(f),
      {
        key: 'sizeBefore',
        label: 'Size before',
        align: 'right',
        render: (r) => f.size(r.marketId, r.sizeBefore, { signed: true }),
      },
      {
        key: 'sizeAfter',
        label: 'Size after',
        align: 'right',
        render: (r) => f.size(r.marketId, r.sizeAfter, { signed: true }),
      },
      { key: 'price', label: `Price (${q})`, align: 'right', render: (r) => f.price(r.marketId, r.price) },
      {
        key: 'entryPrice',
        label: `Entry after (${q})`,
        align: 'right',
        optional: true,
        render: (r) => f.price(r.marketId, r.entryPrice),
      },
      { key: 'reason', label: 'Reason', width: '100px', optional: true, render: (r) => r.reason },
      action(),
    ],
    funding: () => [
      time(f),
      market(f),
      {
        key: 'size',
        label: 'Position',
        align: 'right',
        render: (r) => f.size(r.marketId, r.size, { signed: true }),
      },
      {
        key: 'payment',
        label: `Received / paid (${q})`,
        align: 'right',
        tone: (r) => toneOf(r.payment),
        render: (r) => f.quote(r.payment, { signed: true }),
      },
    ],
    liquidation: () => [
      time(f),
      market(f),
      {
        key: 'size',
        label: 'Size closed',
        align: 'right',
        render: (r) =>
          r.marketId === null ? '—' : orDash(r.size, (v) => f.size(r.marketId!, v, { signed: true })),
      },
      {
        key: 'price',
        label: `Price (${q})`,
        align: 'right',
        render: (r) => (r.marketId === null ? '—' : orDash(r.price, (v) => f.price(r.marketId!, v))),
      },
      {
        key: 'equityBefore',
        label: `Equity before (${q})`,
        align: 'right',
        render: (r) => f.quote(r.equityBefore),
      },
      {
        key: 'maintenanceBefore',
        label: `Maintenance before (${q})`,
        align: 'right',
        render: (r) => f.quote(r.maintenanceBefore),
      },
      action(),
    ],
    'fee-tier': () => [
      time(f),
      { key: 'fromTier', label: 'From tier', align: 'right', render: (r) => String(r.fromTier) },
      { key: 'toTier', label: 'To tier', align: 'right', render: (r) => String(r.toTier) },
      {
        key: 'volume30d',
        label: `30-day volume (${q})`,
        align: 'right',
        render: (r) => f.quote(r.volume30d),
      },
    ],
    // shares count in the quote token's units (one share was one quote unit when the vault started)
    'vault/deposit': () => [
      time(f),
      { key: 'vault', label: 'Vault', width: '1.4fr', render: (r) => f.vault(r.vaultId) },
      {
        key: 'amount',
        label: `Amount (${q})`,
        align: 'right',
        tone: (): Tone => 'negative',
        render: (r) => f.quote(-r.amount),
      },
      { key: 'shares', label: 'Shares', align: 'right', render: (r) => f.shares(r.shares) },
      {
        key: 'actionId',
        label: 'Action',
        width: '90px',
        align: 'right',
        optional: true,
        render: (r) => r.actionId ?? 'seed',
      },
    ],
    'vault/withdrawal': () => [
      time(f),
      { key: 'vault', label: 'Vault', width: '1.4fr', render: (r) => f.vault(r.vaultId) },
      { key: 'type', label: 'Step', width: '100px', render: (r) => r.type },
      { key: 'shares', label: 'Shares', align: 'right', render: (r) => f.shares(r.shares) },
      {
        key: 'amount',
        label: `Amount (${q})`,
        align: 'right',
        // what a claim paid into the account
        tone: (r) => (r.type === 'claimed' ? 'positive' : undefined),
        render: (r) => f.quote(r.amount, { signed: r.type === 'claimed' }),
      },
      {
        key: 'epoch',
        label: 'Epoch',
        width: '70px',
        align: 'right',
        optional: true,
        render: (r) => String(r.epoch),
      },
      action(),
    ],
  };
  return columns[kind]() as Columns<K>;
}

/** A stable key per row: its cursor or id (unique within a kind). */
export function historyRowKey(row: { id?: string; cursor?: string }, index: number): string {
  return row.cursor ?? row.id ?? String(index);
}
