// What the app tells on its own, in the window and to the operating system alike.
import { describe, expect, it } from 'vitest';
import { accountNotice, depositNotice } from '../../../src/shared/notices';
import { accountInWords } from '../../../src/shared/account-words';

describe('account notices', () => {
  it('a deposit someone else sent into the account is told; one of this app’s own is not told twice', () => {
    expect(
      accountNotice({ accountId: 4, updateId: 2, type: 'depositCredited', fromElsewhere: true }),
    ).toEqual({
      color: 'teal',
      title: 'Deposit received',
      message: 'A deposit sent from elsewhere arrived in account 4. Its balance is updated.',
    });
    // this app's own deposit: its progress (depositStatus) says "Deposit credited"
    expect(accountNotice({ accountId: 4, updateId: 2, type: 'depositCredited' })).toBeNull();
  });

  it('names an account by its local name, with its number, where it has one', () => {
    const words = (id: number) => accountInWords(id, id === 4 ? 'Trading' : undefined);
    expect(accountNotice({ accountId: 4, updateId: 2, type: 'liquidated' }, words)?.message).toBe(
      'Trading (account 4) fell below its maintenance margin: its orders were cancelled and its positions closed.',
    );
    expect(accountNotice({ accountId: 5, updateId: 2, type: 'liquidated' }, words)?.message).toMatch(
      /^Account 5 fell below/,
    );
    const credited = depositNotice(
      {
        depositId: 'd1',
        walletId: '00000000-0000-4000-8000-000000000000',
        tokenId: 0,
        amount: 25_000_000n,
        txId: null,
        accountId: 4,
        status: 'credited',
      },
      () => '25.00 USDC',
      words,
    );
    expect(credited?.message).toBe('25.00 USDC arrived in Trading (account 4).');
  });

  it('says nothing of updates with nothing to tell', () => {
    expect(accountNotice({ accountId: 4, updateId: 3, type: 'resync' })).toBeNull();
    expect(accountNotice({ accountId: 4, updateId: 3, type: 'orderPlaced' })).toBeNull();
  });
});
