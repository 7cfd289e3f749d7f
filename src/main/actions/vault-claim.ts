// Claiming a vault withdrawal once its epoch has converted it: the amount comes back into the account.
import { AppFailure } from '../../shared/result';
import type { TokenInfo } from '../../shared/exchange/info';
import type { ActionModule } from './action-module';
import { money } from './context';
import { amount, text } from './lines';
import { ownAccount, ownAccountPlan } from './own-account';
import { vaultHolding, when } from './vault-common';

export const vaultClaim: ActionModule<
  'vaultClaim',
  {
    quote: TokenInfo;
    accountId: number;
    /** the account in words, by its local name where it has one */
    accountWords: string;
    claimable: bigint;
  }
> = {
  async plan(intent, ctx) {
    const own = await ownAccount(ctx, intent.accountId);
    const { account, quote, quoteBalance } = own;
    const { vault, holding } = await vaultHolding(ctx, intent.vaultId, account.accountId);
    if (!holding || holding.claimable === 0n) {
      if (holding?.claimableAt)
        throw new AppFailure(
          'INVALID_ARGUMENT',
          `Nothing is claimable yet: the request becomes claimable at ${when(holding.claimableAt)}.`,
        );
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `Account ${account.accountId} has nothing to claim from ${vault.name}.`,
      );
    }
    return ownAccountPlan(own, {
      title: `Claim from ${vault.name}`,
      confirmLabel: `Claim ${money(quote, holding.claimable)} from ${vault.name}`,
      audited: {
        amount: holding.claimable,
        wording: {
          verb: 'claim',
          rest: `${money(quote, holding.claimable)} from ${vault.name} into ${ctx.accountWords(account.accountId)}`,
        },
      },
      balanceAfter: quoteBalance + holding.claimable,
      lines: [
        text('vault', 'Vault', vault.name),
        amount('receive', 'You receive', quote.tokenId, holding.claimable),
      ],
      build: (sessionId) => ({
        type: 'vaultWithdrawClaim',
        sessionId,
        vaultId: intent.vaultId,
        accountId: account.accountId,
      }),
      facts: {
        quote,
        accountId: account.accountId,
        accountWords: ctx.accountWords(account.accountId),
        claimable: holding.claimable,
      },
    });
  },

  result(receipt, facts) {
    const received = receipt?.type === 'vaultClaimed' ? receipt.amount : facts.claimable;
    return {
      title: 'Claimed',
      message: `Claimed ${money(facts.quote, received)} into ${facts.accountWords}.`,
      lines: [amount('receive', 'You receive', facts.quote.tokenId, received)],
    };
  },
};
