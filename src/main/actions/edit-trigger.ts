// A new trigger price, limit or size for an active stop-loss or take-profit.
import { AppFailure } from '../../shared/result';
import type { ActionModule } from './action-module';
import { ownAccount } from './own-account';
import { marketOf, triggerActive, triggerPlan } from './trigger-check';

export const editTrigger: ActionModule<'editTrigger', null> = {
  async plan(intent, ctx) {
    const own = await ownAccount(ctx, intent.accountId);
    const { kind: _kind, walletId: _wallet, accountId, triggerId, ...fields } = intent;
    const market = marketOf(ctx, fields.marketId);
    const active = await ctx.client.triggers(accountId);
    if (!active.some((t) => t.triggerId === triggerId && t.marketId === fields.marketId))
      throw new AppFailure('NOT_FOUND', `Trigger ${triggerId} is not active on account ${accountId}.`);
    return triggerPlan(ctx, 'Change', own, fields, market, (definition, sessionId) => ({
      type: 'editTrigger',
      sessionId,
      triggerId,
      ...definition,
    }));
  },
  result: (receipt) => triggerActive(receipt?.type === 'triggerEdited' ? receipt.triggerId : null),
};
