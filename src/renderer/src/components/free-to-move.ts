// How much of one token can leave an account now (withdrawn, or transferred to another account). The quote
// token is the collateral: open positions hold their initial margin, so no more than the account's free
// collateral may go, which is the exchange's own rule. Other tokens may go up to their balance. Bigint only.
import type { ResultOf } from '../../../shared/ipc/contract';

type AccountView = ResultOf<'portfolio.get'>['wallets'][number]['accounts'][number];

export interface FreeToMove {
  balance: bigint;
  /** what may leave the account now: never more than the balance, never below zero */
  max: bigint;
  /** the margin of open positions keeps part of the balance in the account */
  limitedByMargin: boolean;
}

export function freeToMove(
  account: AccountView | undefined,
  tokenId: number,
  quoteTokenId: number,
): FreeToMove {
  const balance = account?.balances.find((b) => b.tokenId === tokenId)?.amount ?? 0n;
  const held = balance > 0n ? balance : 0n;
  if (!account || tokenId !== quoteTokenId) return { balance, max: held, limitedByMargin: false };
  const free = account.freeCollateral > 0n ? account.freeCollateral : 0n;
  return free < held
    ? { balance, max: free, limitedByMargin: true }
    : { balance, max: held, limitedByMargin: false };
}
