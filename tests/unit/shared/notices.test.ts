// What the app tells on its own, in the window and to the operating system alike.
import { describe, expect, it } from 'vitest';
import { accountNotice } from '../../../src/shared/notices';

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

  it('says nothing of updates with nothing to tell', () => {
    expect(accountNotice({ accountId: 4, updateId: 3, type: 'resync' })).toBeNull();
    expect(accountNotice({ accountId: 4, updateId: 3, type: 'orderPlaced' })).toBeNull();
  });
});
