// The review a person signs warns at the same health the forms and badges call close to liquidation: at
// exactly 120.00% it warns (it had used "below 120%", so the form warned and the review did not).
import { describe, expect, it } from 'vitest';
import { checkOutgoing } from '../../../../src/main/actions/outgoing';
import type { ActionContext } from '../../../../src/main/actions/context';
import type { Account } from '../../../../src/main/exchange/account-model';
import type { TokenInfo } from '../../../../src/shared/exchange/info';

const USDC: TokenInfo = {
  tokenId: 0,
  symbol: 'USDC',
  name: 'USD Coin',
  decimals: 6,
  mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
};

/** An account with 1,000 USDC of collateral whose positions require `maintenance` to stay open. */
function contextWith(maintenance: bigint): ActionContext {
  const account: Account = {
    accountId: 7,
    balances: [{ tokenId: 0, amount: 1_000_000_000n }],
    positions: [],
    openOrders: [],
    margin: {
      equity: 1_000_000_000n,
      initialRequirement: 0n,
      maintenanceRequirement: maintenance,
      freeCollateral: 1_000_000_000n,
      healthBps: Number((1_000_000_000n * 10_000n) / maintenance),
    },
    updateId: 1,
  };
  const fail = (): never => {
    throw new Error('not used by checkOutgoing');
  };
  return {
    wallet: { walletId: 'w', label: 'Hot', publicKey: 'k', createdAt: 0 },
    info: { version: '1', quoteTokenId: 0, tokens: [USDC], markets: [] },
    client: {} as ActionContext['client'],
    known: {} as ActionContext['known'],
    ownedAccount: async () => account,
    ownAccount: fail,
    addressOwner: fail,
    token: () => USDC,
    quote: () => USDC,
    withdrawalFee: fail,
    accountWords: (id) => `account ${id}`,
  };
}

describe('money leaving an account with positions', () => {
  it('warns when it leaves the account at exactly 120.00% health', async () => {
    // 400 USDC out of 1,000 leaves 600 against a 500 requirement: 120.00%
    const out = await checkOutgoing(contextWith(500_000_000n), 7, 0, 400_000_000n);
    expect(out.warnings).toEqual(['This leaves account 7 close to liquidation: margin health 120%.']);
  });

  it('does not warn at 120.01%', async () => {
    // 600 left against 499.95 required: 120.01%
    const out = await checkOutgoing(contextWith(499_950_000n), 7, 0, 400_000_000n);
    expect(out.warnings).toEqual([]);
  });
});
