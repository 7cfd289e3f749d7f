// How much of a token may leave an account now: the quote token no more than the free collateral (less 1%
// for Max while positions hold margin), any other token up to its balance.
import { describe, expect, it } from 'vitest';
import { freeToMove } from '../../../../src/renderer/src/components/free-to-move';

const USDC = 0;
const BTC = 1;
const account = (freeCollateral: bigint, ...balances: [number, bigint][]) =>
  ({ freeCollateral, balances: balances.map(([tokenId, amount]) => ({ tokenId, amount })) }) as never;

describe('what may leave an account', () => {
  it('is the whole balance when nothing holds it: no positions, or a token that is not the collateral', () => {
    const whole = { balance: 500n, max: 500n, safeMax: 500n, limitedByMargin: false };
    expect(freeToMove(account(800n, [USDC, 500n]), USDC, USDC)).toEqual(whole);
    expect(freeToMove(account(0n, [USDC, 500n], [BTC, 500n]), BTC, USDC)).toEqual(whole);
  });

  it('of the collateral, is the free collateral while positions hold margin, and Max keeps 1% back', () => {
    expect(freeToMove(account(300n, [USDC, 500n]), USDC, USDC)).toEqual({
      balance: 500n,
      max: 300n,
      safeMax: 297n,
      limitedByMargin: true,
    });
    expect(freeToMove(account(-20n, [USDC, 500n]), USDC, USDC)).toMatchObject({ max: 0n, safeMax: 0n });
  });

  it('is nothing from an account not read yet, a token it does not hold, or a negative balance', () => {
    const none = { balance: 0n, max: 0n, safeMax: 0n, limitedByMargin: false };
    expect(freeToMove(undefined, USDC, USDC)).toEqual(none);
    expect(freeToMove(account(800n, [USDC, 500n]), BTC, USDC)).toEqual(none);
    expect(freeToMove(account(800n, [BTC, -3n]), BTC, USDC)).toEqual({ ...none, balance: -3n });
  });
});
