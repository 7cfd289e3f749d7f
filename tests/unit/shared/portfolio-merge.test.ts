// A live update puts one account's fresh figures into the cached portfolio, with the sums kept right and
// older figures never replacing newer ones.
import { describe, expect, it } from 'vitest';
import {
  showsUpdate,
  withAccount,
  type AccountView,
  type Portfolio,
} from '../../../src/shared/portfolio-merge';

const account = (accountId: number, equity: bigint, updateId: number) =>
  ({ accountId, equity, updateId, balances: [], positions: [] }) as unknown as AccountView;
const portfolio = (): Portfolio =>
  ({
    wallets: [
      { wallet: { walletId: 'a' }, accounts: [account(1, 10n, 5), account(2, 20n, 5)], equity: 30n },
      { wallet: { walletId: 'b' }, accounts: [account(3, 100n, 5)], equity: 100n },
    ],
    equity: 130n,
  }) as unknown as Portfolio;

describe('an account update in the portfolio', () => {
  it('replaces the account and sums its wallet and the total again', () => {
    const next = withAccount(portfolio(), account(2, 25n, 6))!;
    expect(next.wallets[0]!.accounts.map((a) => a.equity)).toEqual([10n, 25n]);
    expect(next.wallets[0]!.equity).toBe(35n);
    expect(next.wallets[1]).toEqual(portfolio().wallets[1]);
    expect(next.equity).toBe(135n);
  });

  it('keeps newer figures than the ones read', () => {
    const next = withAccount(portfolio(), account(3, 1n, 4))!;
    expect(next.wallets[1]!.accounts[0]!.equity).toBe(100n);
    expect(next.equity).toBe(130n);
  });

  it('says when the portfolio does not hold the account, so it is read whole', () => {
    expect(withAccount(portfolio(), account(9, 1n, 1))).toBeNull();
  });

  it('knows when it already shows an update, so a resync at that point reads nothing again', () => {
    expect(showsUpdate(portfolio(), 2, 5)).toBe(true);
    expect(showsUpdate(portfolio(), 2, 4)).toBe(true);
    expect(showsUpdate(portfolio(), 2, 6)).toBe(false);
    expect(showsUpdate(portfolio(), 9, 1)).toBe(false);
    expect(showsUpdate(undefined, 2, 1)).toBe(false);
  });
});
