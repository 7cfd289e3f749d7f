// The Withdraw and Transfer forms' checks while typing (issue 29, items 6 and 7): an unknown account, someone
// else's account, an amount not above the fee or above what is available are each said with the reason
// before any review; Max fills in the very text the Available line shows, and that text reads back exactly.
import { describe, expect, it, vi } from 'vitest';
import { amountText, readAmount } from '../../../../src/renderer/src/components/amount-input';
import { amountProblem } from '../../../../src/renderer/src/components/transfers/amount-check';
import type { FreeToMove } from '../../../../src/renderer/src/components/free-to-move';

// the module's hook reads the app's bridge; the pure checks tested here do not
vi.mock('../../../../src/renderer/src/bridge/wallet', () => ({ wallet: {}, unwrap: vi.fn() }));
const { destinationCheck, readAccountNumber } =
  await import('../../../../src/renderer/src/components/transfers/destination-check');

const USDC = 6;
const show = (v: bigint) => `${amountText(v, USDC)} USDC`;
const free = (balance: bigint): FreeToMove => ({
  balance,
  max: balance,
  safeMax: balance,
  limitedByMargin: false,
});

describe('amountText: what Available shows and Max fills in', () => {
  it('shows every place that is not zero, grouped, never rounded', () => {
    expect(amountText(22_490_497_497n, USDC)).toBe('22,490.497497');
    expect(amountText(1_000_000_000n, USDC)).toBe('1,000.00');
    expect(amountText(10_000n, USDC)).toBe('0.01');
  });

  it('reads back exactly as the amount it shows', () => {
    for (const v of [22_490_497_497n, 1_000_000_000n, 1n, 999_999n, 123_456_789_012_345n])
      expect(readAmount(amountText(v, USDC), USDC)).toEqual({ value: v, error: null });
  });

  it('still refuses a comma that is not a thousands group', () => {
    for (const bad of ['1,5', '12,34.5', '1,0000', ',100'])
      expect(readAmount(bad, USDC).value, bad).toBeNull();
  });
});

describe('amountProblem', () => {
  it('refuses more than is available, naming it in the Available text', () => {
    const move = free(22_490_497_497n);
    expect(amountProblem(22_490_497_497n, move, 'transferred', show)).toBeNull();
    expect(amountProblem(22_490_497_498n, move, 'transferred', show)).toBe(
      'More than the available 22,490.497497 USDC.',
    );
  });

  it('refuses a withdrawal at or below its fee, and takes one just above it', () => {
    const move = free(50_000_000n);
    const fee = 100_000n;
    expect(amountProblem(fee, move, 'withdrawn', show, fee)).toBe(
      'The amount must be more than the fee (0.10 USDC).',
    );
    expect(amountProblem(1n, move, 'withdrawn', show, fee)).toBe(
      'The amount must be more than the fee (0.10 USDC).',
    );
    expect(amountProblem(fee + 1n, move, 'withdrawn', show, fee)).toBeNull();
    // a transfer has no fee
    expect(amountProblem(fee, move, 'transferred', show)).toBeNull();
  });

  it('says what open positions keep when their margin is the limit', () => {
    const move = { balance: 1_000_000_000n, max: 400_000_000n, safeMax: 396_000_000n, limitedByMargin: true };
    expect(amountProblem(500_000_000n, move, 'withdrawn', show)).toBe(
      'More than your open positions leave free: up to 400.00 USDC can be withdrawn now.',
    );
    expect(amountProblem(2_000_000_000n, move, 'withdrawn', show)).toBe(
      'More than the account holds (1,000.00 USDC).',
    );
  });
});

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
