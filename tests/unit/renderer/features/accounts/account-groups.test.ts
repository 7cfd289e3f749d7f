// The one account picker and the one way an account is named by its wallet: "Twelve · Savings (#5)".
import { describe, expect, it } from 'vitest';
import { accountLabel } from '../../../../../src/shared/account-words';
import {
  accountGroups,
  walletOfValue,
} from '../../../../../src/renderer/src/features/accounts/account-groups';

const wallets = [
  { wallet: { walletId: 'a', label: 'Main' }, accounts: [{ accountId: 4 }, { accountId: 6 }] },
  { wallet: { walletId: 'b', label: 'Twelve' }, accounts: [{ accountId: 5 }] },
  { wallet: { walletId: 'c', label: 'Empty' }, accounts: [] },
];
const nameOf = (id: number) => (id === 5 ? 'Savings' : undefined);

describe('an account by its wallet and name', () => {
  it('names the wallet, the local name and the number; without a wallet only what is known here', () => {
    expect(accountLabel(5, 'Savings', 'Twelve')).toBe('Twelve · Savings (#5)');
    expect(accountLabel(4, undefined, 'Main')).toBe('Main · #4');
    expect(accountLabel(9, 'Friend')).toBe('Friend (#9)');
    expect(accountLabel(9)).toBe('#9');
  });
});

describe('the account picker', () => {
  it('groups the accounts under their wallet, leaves out a wallet without accounts, and puts the other choices last', () => {
    const groups = accountGroups(wallets, nameOf, {
      extra: [{ value: 'other', label: 'Someone else’s account' }],
    });
    expect(groups).toEqual([
      {
        group: 'Main',
        items: [
          { value: '4', label: 'Main · #4' },
          { value: '6', label: 'Main · #6' },
        ],
      },
      { group: 'Twelve', items: [{ value: '5', label: 'Twelve · Savings (#5)' }] },
      { group: 'Other', items: [{ value: 'other', label: 'Someone else’s account' }] },
    ]);
  });

  it('offers one wallet only, or all but the source account, when asked', () => {
    expect(accountGroups(wallets, nameOf, { walletId: 'b' })).toEqual([
      { group: 'Twelve', items: [{ value: '5', label: 'Twelve · Savings (#5)' }] },
    ]);
    expect(accountGroups(wallets, nameOf, { except: 5 }).map((g) => g.group)).toEqual(['Main']);
  });

  it('finds the wallet holding a chosen account, and none for a choice that is not an account of theirs', () => {
    expect(walletOfValue(wallets, '5')?.wallet.label).toBe('Twelve');
    expect(walletOfValue(wallets, 'other')).toBeUndefined();
    expect(walletOfValue(wallets, null)).toBeUndefined();
  });
});
