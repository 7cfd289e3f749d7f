// How much of one token can leave an account now (withdrawn, or transferred to another account). The quote
// token is the collateral: open positions hold their initial margin, so no more than the account's free
// collateral may go, which is the exchange's own rule. Other tokens may go up to their balance. Bigint only.
import type { ResultOf } from '../../../shared/ipc/contract';

type AccountView = ResultOf<'portfolio.get'>['wallets'][number]['accounts'][number];

export interface FreeToMove {
  balance: bigint;
  /** what may leave the account now: never more than the balance, never below zero */
  max: bigint;
  /**
   * what Max fills in: all of `max` when nothing but the balance limits it; 1% less when the margin of open
   * positions does, so that a small price move between typing and signing does not make it too much
   */
  safeMax: bigint;
  /** the margin of open positions keeps part of the balance in the account */
  limitedByMargin: boolean;
}

/** kept back from Max while positions are open, in basis points of the free collateral */
const SAFETY_BPS = 100n;

export function freeToMove(
  account: AccountView | undefined,
  tokenId: number,
  quoteTokenId: number,
): FreeToMove {
  const balance = account?.balances.find((b) => b.tokenId === tokenId)?.amount ?? 0n;
  const held = balance > 0n ? balance : 0n;
  const whole = { balance, max: held, safeMax: held, limitedByMargin: false };
  if (!account || tokenId !== quoteTokenId) return whole;
  const free = account.freeCollateral > 0n ? account.freeCollateral : 0n;
  if (free >= held) return whole;
  return { balance, max: free, safeMax: (free * (10_000n - SAFETY_BPS)) / 10_000n, limitedByMargin: true };
}
