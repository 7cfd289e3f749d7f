// What a finished transfer says names the account as the review did: by its local name with its number.
import { describe, expect, it } from 'vitest';
import { transfer } from '../../../../src/main/actions/transfer';

const USDC = { tokenId: 0, symbol: 'USDC', decimals: 6 } as never;

describe('the words of a finished transfer', () => {
  it('a transfer into a named account names it; one into a new account gives the new number', () => {
    const named = { token: USDC, amount: 25_000_000n, to: 5, toWords: 'Savings (account 5)' };
    expect(transfer.result({ type: 'transferred', toUserAccount: 5 } as never, named).message).toBe(
      '25.00 USDC moved into Savings (account 5).',
    );
    const fresh = { token: USDC, amount: 25_000_000n, to: null, toWords: null };
    expect(transfer.result({ type: 'transferred', toUserAccount: 9 } as never, fresh).message).toBe(
      '25.00 USDC moved into account 9.',
    );
  });
});
