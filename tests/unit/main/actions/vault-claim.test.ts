// What a finished claim says names the account as the review did: by its local name with its number.
import { describe, expect, it } from 'vitest';
import { vaultClaim } from '../../../../src/main/actions/vault-claim';

const USDC = { tokenId: 0, symbol: 'USDC', decimals: 6 } as never;

describe('the words of a finished claim', () => {
  it('a claim names the account it went into', () => {
    const facts = { quote: USDC, accountId: 4, accountWords: 'Trading (account 4)', claimable: 1_500_000n };
    expect(vaultClaim.result(null, facts).message).toBe('Claimed 1.50 USDC into Trading (account 4).');
  });
});
