// A deposit from an account into a vault, at most what the account's margin leaves free; shares are minted
// at the vault's current value.
import { AppFailure } from '../../shared/result';
import { formatFigure, formatShares } from '../../shared/figures';
import type { ActionModule } from './action-module';
import { money } from './context';
import { amount, text } from './lines';
import { ownAccount, ownAccountPlan } from './own-account';
import { duration, sharesResult } from './vault-common';

export const vaultDeposit: ActionModule<
  'vaultDeposit',
  {
    shareDecimals: number;
  }
> = {
  async plan(intent, ctx) {
    const own = await ownAccount(ctx, intent.accountId);
    const { account, quote, quoteBalance } = own;
    const vault = await ctx.client.vault(intent.vaultId);
    if (intent.amount <= 0n) throw new AppFailure('INVALID_ARGUMENT', 'The amount must be more than zero.');
    const free = account.margin.freeCollateral < quoteBalance ? account.margin.freeCollateral : quoteBalance;
    if (intent.amount > free)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `Account ${account.accountId} can put at most ${money(quote, free > 0n ? free : 0n)} into a vault (what its margin leaves free).`,
      );
    const shares = vault.equity > 0n ? (intent.amount * vault.totalShares) / vault.equity : intent.amount;
    return ownAccountPlan(own, {
      title: `Deposit into ${vault.name}`,
      confirmLabel: `Deposit into ${vault.name}`,
      audited: {
        amount: intent.amount,
        wording: {
          verb: 'deposit',
          rest: `${money(quote, intent.amount)} from ${ctx.accountWords(account.accountId)} into ${vault.name}`,
        },
      },
      balanceAfter: quoteBalance - intent.amount,
      lines: [
        text('vault', 'Vault', vault.name),
        amount('amount', 'Amount', quote.tokenId, intent.amount),
        text(
          'shareValue',
          'Share value',
          `${formatFigure(vault.navPerShare, vault.navDecimals, { digits: 4, unit: quote.symbol })} per share`,
        ),
        text('shares', 'Shares (about)', formatShares(shares, quote.decimals)),
        text(
          'withdrawals',
          'Withdrawals',
          `requested any time, converted at the end of an epoch (every ${duration(vault.epochSeconds)})`,
        ),
      ],
      build: (sessionId) => ({
        type: 'vaultDeposit',
        sessionId,
        vaultId: intent.vaultId,
        amount: intent.amount,
        accountId: account.accountId,
      }),
      facts: { shareDecimals: quote.decimals },
    });
  },

  result: (receipt, facts) =>
    sharesResult(
      'Deposited',
      receipt?.type === 'vaultDeposited' ? receipt.shares : null,
      facts.shareDecimals,
      (shares) => (shares !== null ? `${shares} shares minted.` : 'The shares minted show in your holdings.'),
    ),
};
