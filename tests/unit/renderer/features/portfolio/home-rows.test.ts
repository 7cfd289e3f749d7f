// The home screen's rows after a live update: the update goes into the cached portfolio the way the app puts
// it there (withAccount, then the query cache's setQueryData), and every row and list the update did not
// change comes out as the very object drawn before, so that the memoised parts showing them (the other
// accounts' lines, the positions, the activity feed, the on-chain balances) are not drawn again while the
// changed figure waits; what did change comes out new.
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { homeRows, type HomeRows } from '../../../../../src/renderer/src/features/portfolio/home-rows';
import { withAccount, type AccountView, type Portfolio } from '../../../../../src/shared/portfolio-merge';

const position = (size: bigint) => ({
  marketId: 0,
  size,
  entryPrice: 65_000_000_000n,
  markPrice: 65_100_000_000n,
  unrealizedPnl: size * 100n,
  fundingPnl: 0n,
  liquidationPrice: null,
  liquidationDistanceBps: null,
  liquidationLevel: 'none' as const,
});

// each call a new object, as each read over IPC is
const account = (accountId: number, balance: bigint, size: bigint | null, updateId: number): AccountView => ({
  accountId,
  balances: [{ tokenId: 0, amount: balance }],
  equity: balance,
  freeCollateral: balance,
  initialRequirement: 0n,
  maintenanceRequirement: 0n,
  healthBps: null,
  healthLevel: 'none',
  positions: size === null ? [] : [position(size)],
  openOrders: [],
  updateId,
});

const wallet = (walletId: string, label: string, accounts: AccountView[]) => ({
  wallet: { walletId, label } as Portfolio['wallets'][number]['wallet'],
  registered: true,
  accounts,
  equity: accounts.reduce((sum, a) => sum + a.equity, 0n),
});

const KEY = ['portfolio'];
const title = (walletLabel: string, accountId: number) => `${walletLabel} #${accountId}`;

/** the app's cache with the portfolio read at unlock: accounts 1 and 2 in Main (1 with a position), 3 in Savings */
function cached() {
  const client = new QueryClient();
  const wallets = [
    wallet('w1', 'Main', [account(1, 100n, 5n, 1), account(2, 200n, null, 1)]),
    wallet('w2', 'Savings', [account(3, 300n, null, 1)]),
  ];
  client.setQueryData<Portfolio>(KEY, { wallets, equity: 600n });
  const update = (next: AccountView) =>
    client.setQueryData<Portfolio>(KEY, withAccount(client.getQueryData<Portfolio>(KEY)!, next)!);
  const rows = (before: HomeRows | null) =>
    homeRows(client.getQueryData<Portfolio>(KEY)!.wallets, title, before);
  return { update, rows };
}

describe("the home screen's rows after an account update", () => {
  it('a transfer in: only that account line is new; positions, feed accounts, names and wallets are the same objects', () => {
    const { update, rows } = cached();
    const before = rows(null);
    update(account(2, 201n, null, 2));
    const after = rows(before);
    expect(after.accounts).not.toBe(before.accounts);
    expect(after.accounts[1]).not.toBe(before.accounts[1]);
    expect(after.accounts[1]!.balances[0]!.amount).toBe(201n);
    expect(after.accounts[0]).toBe(before.accounts[0]);
    expect(after.accounts[2]).toBe(before.accounts[2]);
    expect(after.positions).toBe(before.positions);
    expect(after.accountIds).toBe(before.accountIds);
    expect(after.titles).toBe(before.titles);
    expect(after.wallets).toBe(before.wallets);
  });

  it('a fill that changes a position: the positions are new, with the new size', () => {
    const { update, rows } = cached();
    const before = rows(null);
    update(account(1, 100n, 6n, 2));
    const after = rows(before);
    expect(after.positions).not.toBe(before.positions);
    expect(after.positions.map((p) => [p.accountId, p.size])).toEqual([[1, 6n]]);
    expect(after.accounts[1]).toBe(before.accounts[1]);
    expect(after.accountIds).toBe(before.accountIds);
  });

  it('a position that changed is a new row; every other position is the row drawn before', () => {
    const { update, rows } = cached();
    update(account(3, 300n, 2n, 2));
    const before = rows(null);
    // a transfer into account 1 moves its liquidation figures: its position's row changes, 3's does not
    update({ ...account(1, 150n, 5n, 2), positions: [{ ...position(5n), liquidationPrice: 1n }] });
    const after = rows(before);
    expect(after.positions).not.toBe(before.positions);
    expect(after.positions.map((p) => [p.accountId, p.liquidationPrice])).toEqual([
      [1, 1n],
      [3, null],
    ]);
    expect(after.positions[0]).not.toBe(before.positions[0]);
    expect(after.positions[1]).toBe(before.positions[1]);
  });

  it('an update that changes nothing shown keeps every list', () => {
    const { update, rows } = cached();
    const before = rows(null);
    update(account(3, 300n, null, 2));
    const after = rows(before);
    // the update id is part of the row: the line is new, nothing else is
    expect(after.accounts[2]).not.toBe(before.accounts[2]);
    expect(after.positions).toBe(before.positions);
    expect(after.titles).toBe(before.titles);
  });

  it('a renamed account and a new account give new names and a new list for the feed', () => {
    const { rows } = cached();
    const before = rows(null);
    const renamed = homeRows(
      [
        wallet('w1', 'Main', [account(1, 100n, 5n, 1), account(2, 200n, null, 1)]),
        wallet('w2', 'Savings', [account(3, 300n, null, 1)]),
      ],
      (label, id) => (id === 3 ? 'Savings · Rainy day (#3)' : title(label, id)),
      before,
    );
    expect(renamed.titles).not.toBe(before.titles);
    expect(renamed.titles.get(3)).toBe('Savings · Rainy day (#3)');
    expect(renamed.positions[0]!.accountTitle).toBe('Main #1');
    expect(renamed.accountIds).toBe(before.accountIds);

    const grown = homeRows(
      [
        wallet('w1', 'Main', [account(1, 100n, 5n, 1), account(2, 200n, null, 1)]),
        wallet('w2', 'Savings', [account(3, 300n, null, 1), account(4, 0n, null, 1)]),
      ],
      title,
      before,
    );
    expect(grown.accountIds).toEqual([1, 2, 3, 4]);
    expect(grown.titles.get(4)).toBe('Savings #4');
    expect(grown.wallets).toBe(before.wallets);
  });
});
