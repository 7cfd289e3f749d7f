// The funds methods: the withdrawal fee is asked of the exchange in the token's own decimals (the quote
// token when none is named), and a destination typed into the Withdraw form is told as used before, or as
// one of the person's own wallets.
import { describe, expect, it } from 'vitest';
import { createFunds, type FundsDeps } from '../../../../src/main/funds/slice';
import type { MarketsInfo } from '../../../../src/shared/exchange/info';
import { AppFailure } from '../../../../src/shared/result';

const INFO: MarketsInfo = {
  version: '1',
  quoteTokenId: 0,
  markets: [],
  tokens: [
    {
      tokenId: 0,
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
      mint: 'MintUsdc111111111111111111111111111',
    },
    { tokenId: 2, symbol: 'SOL', name: 'Solana', decimals: 9, mint: 'MintSo1111111111111111111111111111111' },
  ],
};
const OWN = { walletId: 'w1', label: 'One', publicKey: 'PK1', createdAt: 1 };

function fundsSlice() {
  const asked: unknown[][] = [];
  const refused = () => Promise.reject(new Error('not called here'));
  const deps: FundsDeps = {
    funds: {
      faucet: async (walletId, tokenId, amount) => {
        if (amount > 1_000n) throw new AppFailure('EXCHANGE_REJECTED', 'The faucet gives at most 1000.');
        asked.push(['faucet', walletId, tokenId, amount]);
      },
      chainBalances: refused,
      chainUpdates: refused,
      deposit: refused,
      list: () => [],
    },
    client: {
      withdrawalFee: async (...args) => {
        asked.push(['withdrawalFee', ...args]);
        return 7n;
      },
    },
    info: async () => INFO,
    addressBook: { usedDestination: (address) => address === 'SentBefore' },
    ownership: { addressOwner: (address) => (address.trim() === 'PK1' ? OWN : null) },
  };
  return { asked, handlers: createFunds(deps).handlers };
}

describe('the funds methods', () => {
  it('asks the withdrawal fee of the quote token when none is named, else of the token named, in its decimals', async () => {
    const { asked, handlers } = fundsSlice();
    expect(await handlers.withdrawalFee({ accountId: 3 })).toEqual({ tokenId: 0, fee: 7n });
    expect(await handlers.withdrawalFee({ accountId: 3, tokenId: 2 })).toEqual({ tokenId: 2, fee: 7n });
    expect(asked).toEqual([
      ['withdrawalFee', 3, 6],
      ['withdrawalFee', 3, 9, 2],
    ]);
    await expect(handlers.withdrawalFee({ accountId: 3, tokenId: 5 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('tells a destination used before (as typed, spaces aside) and one of the own wallets', async () => {
    const { handlers } = fundsSlice();
    expect(await handlers.checkDestination({ address: ' SentBefore ' })).toEqual({
      usedBefore: true,
      ownWalletId: null,
    });
    expect(await handlers.checkDestination({ address: 'PK1 ' })).toEqual({
      usedBefore: false,
      ownWalletId: 'w1',
    });
    expect(await handlers.checkDestination({ address: 'Stranger' })).toEqual({
      usedBefore: false,
      ownWalletId: null,
    });
  });

  it('answers the faucet as done only once it has given', async () => {
    const { asked, handlers } = fundsSlice();
    expect(await handlers.faucet({ walletId: 'w1', tokenId: 0, amount: 500n })).toEqual({ done: true });
    await expect(handlers.faucet({ walletId: 'w1', tokenId: 0, amount: 5_000n })).rejects.toMatchObject({
      code: 'EXCHANGE_REJECTED',
    });
    expect(asked).toEqual([['faucet', 'w1', 0, 500n]]);
  });
});
