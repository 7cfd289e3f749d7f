// What the app tells on its own, in the window and to the operating system alike.
import { describe, expect, it } from 'vitest';
import { accountNotice, depositNotice, madeWhen, strangerNotice } from '../../../src/shared/notices';
import { formatDateTime, formatTimeOfDay, fromSeconds } from '../../../src/shared/time';
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

describe('a session made elsewhere', () => {
  const at = Math.floor(Date.parse('2026-03-02T10:00:05Z') / 1000);
  const time = (seconds: number) => formatTimeOfDay(fromSeconds(seconds));
  const day = (seconds: number) => formatDateTime(fromSeconds(seconds));

  it('is told with its wallet, its number and the reads it appeared between', () => {
    const notice = strangerNotice({
      walletLabel: 'Savings',
      sessionId: '42',
      noticed: { at: Math.floor(Date.now() / 1000), after: Math.floor(Date.now() / 1000) - 3 },
    });
    expect(notice.title).toBe('New session of Savings, not made on this device');
    expect(notice.message).toMatch(
      /^Session #42 was made between .+ and .+\. If you did not make it on another device, the wallet key has leaked: run the wallet-key drill\.$/,
    );
  });

  it('by the time of day the same day, with the date on another; unknown before a first read', () => {
    const sameDay = Date.parse('2026-03-02T10:30:00Z');
    const nextDay = Date.parse('2026-03-04T10:00:00Z');
    // the test's time zone decides what "the same day" is: both moments are on one date in every zone
    expect(madeWhen({ at, after: at - 3 }, sameDay)).toBe(`made between ${time(at - 3)} and ${time(at)}`);
    expect(madeWhen({ at, after: at - 3 }, nextDay)).toBe(`made between ${day(at - 3)} and ${day(at)}`);
    expect(madeWhen({ at, after: null }, sameDay)).toBe(
      `found at ${time(at)}, made while Perpetua was not watching`,
    );
    expect(strangerNotice({ walletLabel: 'Savings', sessionId: '42', noticed: null }).message).toMatch(
      /^Session #42 was made elsewhere\./,
    );
  });
});
