// A request to withdraw from a vault, in quote token or in shares; it converts at the end of the epoch and
// is then claimed (vault-claim).
import { AppFailure } from '../../shared/result';
import { formatShares } from '../../shared/figures';
import type { ActionModule } from './action-module';
import { money } from './context';
import { text } from './lines';
import { ownAccount, ownAccountPlan } from './own-account';
import { sharesResult, vaultHolding, when } from './vault-common';

export const vaultWithdraw: ActionModule<
  'vaultWithdraw',
  {
    shareDecimals: number;
  }
> = {
  async plan(intent, ctx) {
    const own = await ownAccount(ctx, intent.accountId);
    const { account, quote, quoteBalance } = own;
    const { vault, holding } = await vaultHolding(ctx, intent.vaultId, account.accountId);
    const available = holding ? holding.shares - holding.currentWithdrawal : 0n;
    if (intent.amount <= 0n) throw new AppFailure('INVALID_ARGUMENT', 'The amount must be more than zero.');
    if (available <= 0n)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `Account ${account.accountId} has no ${vault.name} shares left to withdraw.`,
      );
    const availableValue = vault.totalShares > 0n ? (available * vault.equity) / vault.totalShares : 0n;
    if (intent.by === 'SHARES' && intent.amount > available)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `Account ${account.accountId} holds ${formatShares(available, quote.decimals)} shares of ${vault.name} that are not already being withdrawn.`,
      );
    if (intent.by === 'QUOTE_NOTIONAL' && intent.amount > availableValue)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `Account ${account.accountId}'s ${vault.name} shares are worth ${money(quote, availableValue)} now; ask for that or less.`,
      );
    const asked =
      intent.by === 'SHARES'
        ? `${formatShares(intent.amount, quote.decimals)} shares`
        : money(quote, intent.amount);
    return ownAccountPlan(own, {
      title: `Request a withdrawal from ${vault.name}`,
      confirmLabel: `Request withdrawal from ${vault.name}`,
      // the amount asked for (quote or shares): nothing leaves the account, but the log states the request
      audited: {
        amount: intent.amount,
        wording: {
          verb: 'request',
          rest: `a withdrawal of ${asked} from ${vault.name} into ${ctx.accountWords(account.accountId)}`,
        },
      },
      balanceAfter: quoteBalance,
      lines: [
        text('vault', 'Vault', vault.name),
        text(
          'amount',
          'Amount',
          intent.by === 'SHARES'
            ? `${formatShares(intent.amount, quote.decimals)} shares`
            : `${money(quote, intent.amount)} (in shares at today's value)`,
        ),
        text(
          'convertedAt',
          'Converted at',
          `the end of the epoch, ${when(vault.epochEnd)}, at that day's value`,
        ),
        text('then', 'Then', 'claim it into this account'),
      ],
      build: (sessionId) => ({
        type: 'vaultWithdrawRequest',
        sessionId,
        vaultId: intent.vaultId,
        kind: intent.by,
        amount: intent.amount,
        accountId: account.accountId,
      }),
      facts: { shareDecimals: quote.decimals },
    });
  },

  result: (receipt, facts) =>
    sharesResult(
      'Withdrawal requested',
      receipt?.type === 'vaultWithdrawRequested' ? receipt.shares : null,
      facts.shareDecimals,
      (shares) =>
        `${shares !== null ? `${shares} shares` : 'The shares'} will convert at the end of the epoch.`,
    ),
};
