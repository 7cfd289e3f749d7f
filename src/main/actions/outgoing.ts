// What withdrawals and transfers check alike before money leaves an account: the token exists, the account
// is the wallet's and holds the amount, and open positions keep the collateral they need. Taking quote
// token out changes the account's margin, which the review shows.
import { AppFailure } from '../../shared/result';
import type { TokenInfo } from '../../shared/exchange/info';
import type { Line } from '../../shared/ipc/actions';
import type { Account } from '../exchange/account-model';
import { balanceOf, money, type ActionContext } from './context';
import { amount as amountLine, percent } from './lines';
import { healthAfterBps } from '../../shared/liquidation-price';
import { closeToLiquidation } from '../../shared/risk-levels';

export interface Outgoing {
  token: TokenInfo;
  balance: bigint;
  /** the account's margin after the amount left it, when it has positions */
  marginLines: Line[];
  warnings: string[];
}

export async function checkOutgoing(
  ctx: ActionContext,
  accountId: number,
  tokenId: number,
  amount: bigint,
): Promise<Outgoing> {
  const token = ctx.token(tokenId);
  if (amount <= 0n) throw new AppFailure('INVALID_ARGUMENT', 'The amount must be more than zero.');
  const account = await ctx.ownedAccount(accountId);
  const balance = balanceOf(account, tokenId);
  if (amount > balance)
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `Account ${accountId} holds less than that amount of ${token.symbol}.`,
    );
  const warnings: string[] = [];
  const marginLines =
    tokenId === ctx.info.quoteTokenId
      ? marginAfter(account, token, amount, warnings, ctx.accountWords(accountId))
      : [];
  return { token, balance, marginLines, warnings };
}

/**
 * What taking `amount` of the quote token out does to the account's margin. Open positions need their
 * collateral: more than the free collateral is refused here in plain words (the exchange would refuse it
 * too), and a withdrawal that leaves the account close to liquidation is flagged.
 */
function marginAfter(
  account: Account,
  quote: TokenInfo,
  amount: bigint,
  warnings: string[],
  /** the account in words, by its local name where it has one */
  inWords: string,
): Line[] {
  const { margin, accountId } = account;
  const freeCollateral = margin.freeCollateral - amount;
  // Open orders hold margin too, so this is checked even without a position.
  if (freeCollateral < 0n)
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `Account ${accountId}'s open positions and orders need its collateral: at most ${money(quote, margin.freeCollateral > 0n ? margin.freeCollateral : 0n)} can leave it now.`,
    );
  if (margin.maintenanceRequirement === 0n) return [];
  const healthBps = healthAfterBps(margin.equity, margin.maintenanceRequirement, amount)!;
  if (closeToLiquidation(healthBps))
    warnings.push(
      `This leaves ${inWords} close to liquidation: margin health ${Math.floor(healthBps / 100)}%.`,
    );
  return [
    amountLine('freeCollateralAfter', 'Free collateral after', quote.tokenId, freeCollateral),
    percent('healthAfter', 'Margin health after', healthBps),
  ];
}
