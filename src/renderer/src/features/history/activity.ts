// "What happened", across every history kind the exchange keeps: each row of each kind as one line of the
// All activity feed (when, which account, what, and the money it moved, signed: out is negative). The same
// lines go to the screen and, with the CSV format, into the export of every kind at once.
import type { HistoryKind } from '../../../../shared/exchange/history';
import type { HistoryRowOf } from '../../../../shared/ipc/history';
import type { HistoryFormat } from './history-format';

export interface ActivityLine {
  key: string;
  time: number;
  accountId: number;
  kind: HistoryKind;
  what: string;
  detail: string;
  /** the money the event moved into (positive) or out of (negative) the account; null when none */
  money: { value: bigint; tokenId: number } | null;
}

type Line = Omit<ActivityLine, 'key' | 'time' | 'accountId' | 'kind'>;

const describe: { [K in HistoryKind]: (r: HistoryRowOf<K>, f: HistoryFormat) => Line } = {
  deposit: (r, f) => ({
    what: 'Deposit',
    detail: r.from ? `from ${f.address(r.from)}` : 'from the settlement chain',
    money: { value: r.amount, tokenId: r.tokenId },
  }),
  withdrawal: (r, f) => ({
    what: 'Withdrawal',
    detail: [r.destination ? `to ${f.address(r.destination)}` : '', r.status ?? '']
      .filter(Boolean)
      .join(' · '),
    money: { value: -r.amount, tokenId: r.tokenId },
  }),
  transfer: (r, f) =>
    r.direction === 'sent'
      ? {
          what: 'Transfer sent',
          detail: `to ${f.accountWords(r.toAccountId)}${r.accountCreated ? ' (new)' : ''}`,
          money: { value: -r.amount, tokenId: r.tokenId },
        }
      : {
          what: 'Transfer received',
          detail: `from ${f.accountWords(r.fromAccountId)}`,
          money: { value: r.amount, tokenId: r.tokenId },
        },
  // the exchange's fee is what the fill charged (positive); what the account made is the PnL less it
  pnl: (r, f) => ({
    what: 'Realized PnL',
    detail: [
      r.marketId === null ? '' : f.market(r.marketId),
      `trading ${f.quote(r.tradingPnl, { signed: true })} ${f.quoteSymbol}`,
      r.fee === null ? '' : `fee ${f.quote(r.fee)} ${f.quoteSymbol}`,
    ]
      .filter(Boolean)
      .join(' · '),
    money: { value: r.tradingPnl - (r.fee ?? 0n), tokenId: f.quoteTokenId },
  }),
  position: (r, f) => ({
    what: r.reason === 'liquidation' ? 'Position liquidated' : 'Position changed',
    detail: `${f.market(r.marketId)} ${f.size(r.marketId, r.sizeBefore, { signed: true })} → ${f.size(
      r.marketId,
      r.sizeAfter,
      { signed: true },
    )} at ${f.price(r.marketId, r.price)} ${f.quoteSymbol}`,
    money: null,
  }),
  funding: (r, f) => ({
    what: 'Funding',
    detail: `${f.market(r.marketId)} on ${f.size(r.marketId, r.size, { signed: true })}`,
    money: { value: r.payment, tokenId: f.quoteTokenId },
  }),
  liquidation: (r, f) => ({
    what: 'Liquidation',
    detail: `${r.marketId === null ? 'orders cancelled' : f.market(r.marketId)} · equity was ${f.quote(
      r.equityBefore,
    )} ${f.quoteSymbol}`,
    money: null,
  }),
  'fee-tier': (r, f) => ({
    what: 'Fee tier changed',
    detail: `tier ${r.fromTier} → ${r.toTier} · 30-day volume ${f.quote(r.volume30d)} ${f.quoteSymbol}`,
    money: null,
  }),
  'vault/deposit': (r, f) => ({
    what: 'Vault deposit',
    detail: `into ${f.vault(r.vaultId)} · ${f.shares(r.shares)} shares`,
    money: { value: -r.amount, tokenId: f.quoteTokenId },
  }),
  'vault/withdrawal': (r, f) => ({
    what:
      r.type === 'claimed'
        ? 'Vault claim'
        : r.type === 'converted'
          ? 'Vault shares converted'
          : 'Vault withdrawal requested',
    detail: `${f.vault(r.vaultId)} · ${f.shares(r.shares)} shares · epoch ${r.epoch}`,
    // a claim pays the account; a request and its conversion move shares, not money
    money: r.type === 'claimed' ? { value: r.amount, tokenId: f.quoteTokenId } : null,
  }),
};

/** One row as a feed line; `i`, its place in its page, keys a row that has neither cursor nor id. */
function lineOf<K extends HistoryKind>(
  accountId: number,
  kind: K,
  r: HistoryRowOf<K>,
  i: number,
  f: HistoryFormat,
): ActivityLine {
  const line = describe[kind] as (r: HistoryRowOf<K>, f: HistoryFormat) => Line;
  return {
    key: `${accountId}:${kind}:${'cursor' in r ? r.cursor : 'id' in r ? r.id : i}`,
    time: r.time,
    accountId,
    kind,
    ...line(r, f),
  };
}

/** One history page's rows as feed lines. */
export function activityLines<K extends HistoryKind>(
  accountId: number,
  kind: K,
  rows: readonly HistoryRowOf<K>[],
  f: HistoryFormat,
): ActivityLine[] {
  return rows.map((r, i) => lineOf(accountId, kind, r, i, f));
}

/**
 * Lines already made, per format and row. A live update adds a row or two to a day of rows (the soak's feed
 * held 20 transfers a second: 72,000 rows in an hour), and the rows read before keep their objects (the
 * query cache shares what did not change), so only the new rows are described again, not every row of the
 * feed at every update, whose cost grew with the day.
 */
const made = new WeakMap<HistoryFormat, WeakMap<object, ActivityLine>>();

/** Every row of the parts (each one account's rows of one kind) as feed lines, newest first. */
export function feedLines(
  parts: readonly { accountId: number; kind: HistoryKind; rows: readonly object[] }[],
  f: HistoryFormat,
): ActivityLine[] {
  let known = made.get(f);
  if (!known) made.set(f, (known = new WeakMap()));
  const lines: ActivityLine[] = [];
  for (const { accountId, kind, rows } of parts)
    rows.forEach((row, i) => {
      let line = known.get(row);
      if (!line) {
        line = lineOf(accountId, kind, row as HistoryRowOf<typeof kind>, i, f);
        // a line keyed by its place is made again: its place may differ next time
        if ('cursor' in row || 'id' in row) known.set(row, line);
      }
      lines.push(line);
    });
  return lines.sort(newestFirst);
}

/** Newest first; within one second, the order the kinds are listed in (stable). */
export const newestFirst = (a: ActivityLine, b: ActivityLine): number => b.time - a.time;

/**
 * One kind's rows newest first. The exchange lists them oldest first, in the order they were added; rows of
 * the same second keep that order reversed, so the last added is on top.
 */
export const rowsNewestFirst = <R extends { time: number }>(rows: readonly R[]): R[] =>
  [...rows].reverse().sort((a, b) => b.time - a.time);
