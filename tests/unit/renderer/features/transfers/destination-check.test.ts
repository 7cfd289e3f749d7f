// The Transfer form's and the sweep's destination check while typing (issue 29, items 6 and 7): an unknown
// account or someone else's account is said with the reason before any review.
import { describe, expect, it, vi } from 'vitest';

// the module's hook reads the app's bridge; the pure checks tested here do not
vi.mock('../../../../../src/renderer/src/bridge/wallet', () => ({ wallet: {}, unwrap: vi.fn() }));
const { destinationCheck, readAccountNumber } =
  await import('../../../../../src/renderer/src/features/transfers/destination-check');

describe('destinationCheck', () => {
  const nobody = { exists: false, ownWalletId: null, sentBefore: false };
  const stranger = { exists: true, ownWalletId: null, sentBefore: false };

  it('reads an account number, with or without its #', () => {
    expect(readAccountNumber('')).toEqual({ id: null, error: null });
    expect(readAccountNumber(' #999 ')).toEqual({ id: 999, error: null });
    expect(readAccountNumber('9x').error).toMatch(/whole number/);
    expect(readAccountNumber('99999999999').id).toBeNull();
  });

  it('refuses a number with no account on the exchange', () => {
    expect(destinationCheck(999, 3, nobody)).toEqual({
      error: 'No account #999 on the exchange. Check the number.',
      notice: null,
    });
  });

  it('refuses the account the money leaves from, before asking the exchange', () => {
    expect(destinationCheck(3, 3, undefined).error).toMatch(/the account the money leaves from/);
  });

  it("says someone else's account is someone else's, every time, and lets it be chosen", () => {
    const first = destinationCheck(5, 3, stranger);
    expect(first.error).toBeNull();
    expect(first.notice?.text).toBe(
      "#5 is not one of your accounts: someone else's, and you have not sent to it before. Check the number.",
    );
    const again = destinationCheck(5, 3, { ...stranger, sentBefore: true });
    expect(again.error).toBeNull();
    expect(again.notice?.text).toBe(
      "#5 is not one of your accounts: someone else's. You have sent to it before.",
    );
  });

  it('says nothing of one of your own accounts, nor before the answer comes', () => {
    expect(destinationCheck(4, 3, { exists: true, ownWalletId: 'w1', sentBefore: false })).toEqual({
      error: null,
      notice: null,
    });
    expect(destinationCheck(4, 3, undefined)).toEqual({ error: null, notice: null });
  });
});
