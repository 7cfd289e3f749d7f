// Removing an active stop-loss or take-profit.
import { AppFailure } from '../../shared/result';
import type { ActionModule } from './action-module';
import { text } from './lines';
import { priceText } from './context';
import { ownAccount, ownAccountPlan } from './own-account';
import { marketOf } from './trigger-check';

export const removeTrigger: ActionModule<'removeTrigger', null> = {
  async plan(intent, ctx) {
    const own = await ownAccount(ctx, intent.accountId);
    const { accountId } = own.account;
    const active = await ctx.client.triggers(accountId);
    const trigger = active.find((t) => t.triggerId === intent.triggerId && t.marketId === intent.marketId);
    if (!trigger)
      throw new AppFailure('NOT_FOUND', `Trigger ${intent.triggerId} is not active on account ${accountId}.`);
    const market = marketOf(ctx, intent.marketId);
    const name = trigger.kind === 'StopLoss' ? 'stop-loss' : 'take-profit';
    const at = priceText(ctx, market, trigger.triggerPrice);
    return ownAccountPlan(own, {
      title: `Remove a ${name}`,
      confirmLabel: `Remove ${name}`,
      audited: {
        amount: 0n,
        wording: {
          verb: 'remove',
          rest: `the ${market.symbol} ${name} at ${at} of ${ctx.accountWords(accountId)}`,
        },
      },
      balanceAfter: own.quoteBalance,
      lines: [text('market', 'Market', market.symbol), text('triggerPrice', 'Trigger price', at)],
      build: (sessionId) => ({
        type: 'removeTrigger',
        sessionId,
        marketId: intent.marketId,
        triggerId: intent.triggerId,
        accountId,
      }),
      facts: null,
    });
  },
  result: () => ({ title: 'Trigger removed', message: 'The trigger was removed.', lines: [] }),
};
