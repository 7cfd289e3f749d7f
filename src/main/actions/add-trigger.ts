// A new stop-loss or take-profit for an open position.
import type { ActionModule } from './action-module';
import { ownAccount } from './own-account';
import { marketOf, triggerActive, triggerPlan } from './trigger-check';

export const addTrigger: ActionModule<'addTrigger', null> = {
  async plan(intent, ctx) {
    const own = await ownAccount(ctx, intent.accountId);
    const { kind: _kind, walletId: _wallet, accountId: _account, ...fields } = intent;
    const market = marketOf(ctx, fields.marketId);
    return triggerPlan(ctx, 'Add', own, fields, market, (definition, sessionId) => ({
      type: 'addTrigger',
      sessionId,
      ...definition,
    }));
  },
  result: (receipt) => triggerActive(receipt?.type === 'triggerAdded' ? (receipt.triggerId ?? null) : null),
};
