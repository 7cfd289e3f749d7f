// What a sweep may take from an account: free collateral only, per token, nothing a position needs.
import { describe, expect, it } from 'vitest';
import { spareOf, SWEEP_SAFETY_BPS } from '../../../../src/main/drills/sweep';
import type { Account } from '../../../../src/main/exchange/account-model';

const USDC = 0;
const BTC = 1;
const account = (over: Partial<Account> & { free: bigint }): Account => ({
  accountId: 7,
  balances: [],
  positions: [],
  openOrders: [],
  updateId: 1,
  ...over,
  margin: {
    equity: over.free,
    initialRequirement: 0n,
    maintenanceRequirement: 0n,
    freeCollateral: over.free,
    healthBps: null,
  },
});
const order = {
  orderId: '1',
  clientOrderId: null,
  marketId: 0,
  side: 'BID' as const,
  price: 1n,
  remainingSize: 1n,
};

describe('what a sweep may take from an account', () => {
  it('takes every token of an account with nothing open, the quote token first', () => {
    const spare = spareOf(
      account({
        free: 1_500n,
        balances: [
          { tokenId: BTC, amount: 3n },
          { tokenId: USDC, amount: 1_000n },
        ],
      }),
      USDC,
    );
    expect(spare).toEqual({
      moves: [
        { tokenId: USDC, amount: 1_000n },
        { tokenId: BTC, amount: 3n },
      ],
      kept: [],
    });
  });

  it('keeps what open orders need, less a safety margin, and every other token', () => {
    const spare = spareOf(
      account({
        free: 10_000n,
        openOrders: [order],
        balances: [
          { tokenId: USDC, amount: 20_000n },
          { tokenId: BTC, amount: 3n },
        ],
      }),
      USDC,
    );
    const margin = (10_000n * SWEEP_SAFETY_BPS) / 10_000n;
    expect(spare.moves).toEqual([{ tokenId: USDC, amount: 10_000n - margin }]);
    expect(spare.kept).toEqual([
      { accountId: 7, tokenId: USDC, amount: 10_000n + margin, reason: 'Open positions and orders need it.' },
      { accountId: 7, tokenId: BTC, amount: 3n, reason: 'It backs the account’s open positions and orders.' },
    ]);
  });

  it('moves nothing from an account whose positions need all of it, or more', () => {
    for (const free of [0n, -5n]) {
      const spare = spareOf(
        account({ free, openOrders: [order], balances: [{ tokenId: USDC, amount: 100n }] }),
        USDC,
      );
      expect(spare.moves).toEqual([]);
      expect(spare.kept).toEqual([
        { accountId: 7, tokenId: USDC, amount: 100n, reason: 'Open positions and orders need it.' },
      ]);
    }
  });
});
