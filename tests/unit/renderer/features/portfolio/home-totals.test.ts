// The home screen's total equity is never drawn from part of its parts: while the vault shares are being read
// it says so, and it is a number only once the accounts and the vault shares are both in.
import { describe, expect, it } from 'vitest';
import { totalEquity } from '../../../../../src/renderer/src/features/portfolio/home-totals';

const ACCOUNTS = 625_000_000n; // 625.00 USDC in the accounts
const HOLDINGS = [
  { value: 40_000_000n, claimable: 0n },
  { value: 9_990_000n, claimable: 0n },
];

describe('total equity', () => {
  it('is no number while the vault shares are still being read (625.00 would be drawn, then 674.99)', () => {
    expect(totalEquity(ACCOUNTS, undefined, false)).toEqual({ state: 'reading' });
  });

  it('adds every vault holding, its claimable part too, once they are read', () => {
    expect(totalEquity(ACCOUNTS, HOLDINGS, false)).toEqual({
      state: 'read',
      total: 674_990_000n,
      vaults: 49_990_000n,
    });
    const claim = [{ value: 0n, claimable: 5_000_000n }];
    expect(totalEquity(ACCOUNTS, claim, false)).toMatchObject({ total: 630_000_000n });
  });

  it('is the accounts alone when the person holds no vault shares (read, and none)', () => {
    expect(totalEquity(ACCOUNTS, [], false)).toEqual({ state: 'read', total: ACCOUNTS, vaults: 0n });
  });

  it('is not known when the vault shares could not be read, rather than the accounts alone', () => {
    expect(totalEquity(ACCOUNTS, undefined, true)).toEqual({ state: 'unknown' });
    // shares read before a later failed re-read still count: the total stays the last whole one
    expect(totalEquity(ACCOUNTS, HOLDINGS, true)).toMatchObject({ state: 'read', total: 674_990_000n });
  });
});
