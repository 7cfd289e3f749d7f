import { describe, expect, it } from 'vitest';
import {
  activityLines,
  feedLines,
  newestFirst,
  rowsNewestFirst,
} from '../../../../../src/renderer/src/features/history/activity';
import type { HistoryFormat } from '../../../../../src/renderer/src/features/history/history-format';
import { accountInWords } from '../../../../../src/shared/account-words';

/** account 5 is named on this computer; account 4 is not */
const NAMES = new Map([[5, 'Savings']]);

const f: HistoryFormat = {
  time: String,
  address: (a) => `${a.slice(0, 4)}…`,
  tokenSymbol: () => 'USDC',
  amount: (v) => String(v),
  quote: (v) => String(v),
  shares: (v) => `${v} shares-figure`,
  quoteSymbol: 'USDC',
  quoteTokenId: 0,
  market: () => 'BTC-PERP',
  vault: (id) => (id === 1 ? 'BTC Momentum' : `vault ${id}`),
  account: (id) => (NAMES.has(id) ? `${NAMES.get(id)} (#${id})` : `#${id}`),
  accountWords: (id) => accountInWords(id, NAMES.get(id)),
  price: (_m, v) => String(v),
  size: (_m, v) => String(v),
};

describe('All activity lines', () => {
  it('signs the money: a transfer sent and a withdrawal are negative, one received is positive', () => {
    const transfer = (direction: 'sent' | 'received') => ({
      id: direction,
      actionId: '9',
      time: 100,
      fromAccountId: 4,
      toAccountId: 5,
      tokenId: 0,
      amount: 40_000_000n,
      direction,
      accountCreated: false,
    });
    const [sent, received] = activityLines(4, 'transfer', [transfer('sent'), transfer('received')], f);
    expect(sent).toMatchObject({
      what: 'Transfer sent',
      detail: 'to Savings (account 5)',
      money: { value: -40_000_000n },
    });
    expect(received).toMatchObject({
      what: 'Transfer received',
      detail: 'from account 4',
      money: { value: 40_000_000n },
    });
    const [withdrawal] = activityLines(
      4,
      'withdrawal',
      [
        {
          id: '1',
          actionId: '2',
          time: 1,
          accountId: 4,
          tokenId: 0,
          amount: 25_000_000n,
          fee: 1_000_000n,
          destination: '9xQeWvG816bUx9EP',
          eventNonce: null,
          status: 'processed',
          chainTxId: null,
        },
      ],
      f,
    );
    expect(withdrawal).toMatchObject({ detail: 'to 9xQe… · processed', money: { value: -25_000_000n } });
  });

  it('counts a fill’s realized PnL net of its fee, and names vaults', () => {
    const [pnl] = activityLines(
      4,
      'pnl',
      [{ cursor: '1:0:0', actionId: '1', subActionId: 0, marketId: 0, time: 5, tradingPnl: 10n, fee: 3n }],
      f,
    );
    expect(pnl!.money).toEqual({ value: 7n, tokenId: 0 });
    const [vault] = activityLines(
      4,
      'vault/deposit',
      [{ id: '1', actionId: '3', time: 6, vaultId: 1, amount: 500n, shares: 500n }],
      f,
    );
    expect(vault).toMatchObject({ what: 'Vault deposit', money: { value: -500n } });
    expect(vault!.detail).toContain('into BTC Momentum');
    // shares are written by the one shares formatter, as in a review and the vault tables
    expect(vault!.detail).toContain('500 shares-figure shares');
  });

  it('sorts newest first', () => {
    const lines = activityLines(
      4,
      'funding',
      [1, 3, 2].map((t) => ({ id: String(t), time: t, marketId: 0, size: 1n, payment: -1n })),
      f,
    ).sort(newestFirst);
    expect(lines.map((l) => l.time)).toEqual([3, 2, 1]);
    expect(lines[0]!.money).toEqual({ value: -1n, tokenId: 0 });
  });

  it('puts a kind’s rows newest first, the last added on top within one second (withdrawals were oldest first)', () => {
    // as the exchange lists them: oldest first, in the order they were added
    const rows = [
      { id: 'a', time: 10 },
      { id: 'b', time: 20 },
      { id: 'c', time: 20 },
      { id: 'd', time: 30 },
    ];
    expect(rowsNewestFirst(rows).map((r) => r.id)).toEqual(['d', 'c', 'b', 'a']);
    // the rows given are left as they were
    expect(rows.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('makes a feed line once per row: an update that adds a row describes that row, not the day before it', () => {
    let described = 0;
    const counting: HistoryFormat = { ...f, market: () => ((described += 1), 'BTC-PERP') };
    const funding = (id: string, time: number) => ({ id, time, marketId: 0, size: 1n, payment: -1n });
    const day = Array.from({ length: 1000 }, (_, i) => funding(`f${i}`, i));
    const other = [funding('x', 500.5)];
    const first = feedLines(
      [
        { accountId: 4, kind: 'funding', rows: day },
        { accountId: 5, kind: 'funding', rows: other },
      ],
      counting,
    );
    expect(described).toBe(1001);
    expect(first.slice(0, 2).map((l) => l.time)).toEqual([999, 998]);
    // account 5's line sits between the others' by time
    expect(first.findIndex((l) => l.accountId === 5)).toBe(first.findIndex((l) => l.time === 500) - 1);

    // the live update: the rows read before (the same objects) and one new
    const next = feedLines(
      [
        { accountId: 4, kind: 'funding', rows: [...day, funding('f1000', 1000)] },
        { accountId: 5, kind: 'funding', rows: other },
      ],
      counting,
    );
    expect(described).toBe(1002);
    expect(next).toHaveLength(1002);
    expect(next[0]).toMatchObject({ key: '4:funding:f1000', time: 1000 });

    // another format (names changed, CSV) describes every row again in its words
    feedLines([{ accountId: 4, kind: 'funding', rows: day }], { ...counting });
    expect(described).toBe(2002);
  });
});
