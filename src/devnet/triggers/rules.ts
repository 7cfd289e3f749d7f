// AddTrigger, EditTrigger, RemoveTrigger (session-signed). Each checks everything before it changes
// anything; the decisions they follow are written at the top of state.ts.
import { type RuleContext, type RuleSet, Rejection } from '../engine/rule';
import type { AddTriggerFields, TriggerKey } from '../../protocol/types';
import {
  definitionOf,
  finalise,
  type TriggerDefinition,
  type TriggerRecord,
  type TriggersState,
} from './state';
import type { AccountState } from '../trading/state';

function requireMarket(ctx: RuleContext, marketId: number): void {
  if (!ctx.config.markets.some((m) => m.marketId === marketId)) throw new Rejection('MARKET_NOT_FOUND');
}

/** The definition as stored, or the Error that makes it invalid. */
const kindName = (key: TriggerKey) => (key.kind === 'STOP_LOSS' ? 'StopLoss' : 'TakeProfit');

function validDefinition(kind: AddTriggerFields): TriggerDefinition {
  const { prices, key } = kind;
  if (prices.triggerPrice <= 0n) throw new Rejection('TRIGGER_INVALID_PRICE');
  if (prices.limitPrice !== undefined && prices.limitPrice <= 0n)
    throw new Rejection('TRIGGER_INVALID_PRICE');
  // one way to size the exit, and never an empty one
  if (prices.limitBaseSize !== undefined && prices.limitQuoteSize !== undefined)
    throw new Rejection('ORDER_INVALID');
  if (prices.limitBaseSize === 0n || prices.limitQuoteSize === 0n) throw new Rejection('ORDER_INVALID');
  return definitionOf({ marketId: kind.marketId, side: key.side, kind: kindName(key), ...prices });
}

function ownedAccount(ctx: RuleContext, accountId: number | undefined): AccountState {
  const id = accountId ?? ctx.state.users[ctx.user]?.accountIds[0];
  const account = id === undefined ? undefined : ctx.state.accounts[id];
  if (!account) throw new Rejection('ACCOUNT_NOT_FOUND');
  if (account.owner !== ctx.user) throw new Rejection('ACCOUNT_INVALID_OWNER');
  return account;
}

/** An Active trigger on that market, owned by the signer (and by the named account, when one is named). */
function activeOwned(
  ctx: RuleContext,
  triggers: TriggersState,
  kind: { marketId: number; triggerId: bigint; accountId?: number },
): { trigger: TriggerRecord; account: AccountState } {
  const trigger = triggers.triggers[kind.triggerId.toString()];
  if (!trigger || trigger.status !== 'Active' || trigger.marketId !== kind.marketId)
    throw new Rejection('TRIGGER_NOT_FOUND');
  const account = ctx.state.accounts[trigger.accountId]!;
  if (account.owner !== ctx.user || (kind.accountId !== undefined && kind.accountId !== trigger.accountId))
    throw new Rejection('ACCOUNT_INVALID_OWNER');
  return { trigger, account };
}

/** The public TriggerKey an account's trigger is filed under: one market, kind and side. */
const sameKey = (
  a: TriggerDefinition & { accountId: number },
  b: TriggerDefinition & { accountId: number },
) => a.accountId === b.accountId && a.marketId === b.marketId && a.kind === b.kind && a.side === b.side;

/** Ends an Active trigger as removed and tells its account; `reason` says why when it was not asked for. */
function removeTrigger(
  ctx: RuleContext,
  triggers: TriggersState,
  trigger: TriggerRecord,
  account: AccountState,
  reason?: string,
): void {
  finalise(triggers, trigger, {
    actionId: ctx.actionId,
    time: ctx.now,
    status: 'removed',
    ...(reason !== undefined ? { reason } : {}),
  });
  account.updateId += 1;
  ctx.emit(account.id, {
    type: 'triggerRemoved',
    triggerId: trigger.triggerId.toString(),
    marketId: trigger.marketId,
    ...(reason !== undefined ? { reason } : {}),
  });
}

function placed(
  ctx: RuleContext,
  triggers: TriggersState,
  trigger: TriggerRecord,
  type: 'add' | 'edit',
  account: AccountState,
): void {
  // As in the public engine, an account holds one Active trigger per key: placing one under a key that
  // another holds replaces that one (it ends removed, reason "replaced").
  for (const other of Object.values(triggers.triggers))
    if (other.status === 'Active' && other.triggerId !== trigger.triggerId && sameKey(other, trigger))
      removeTrigger(ctx, triggers, other, account, 'replaced');
  triggers.triggers[trigger.triggerId.toString()] = trigger;
  triggers.placements.push({
    ...definitionOf(trigger),
    actionId: ctx.actionId,
    subActionId: 0,
    time: ctx.now,
    triggerId: trigger.triggerId,
    accountId: trigger.accountId,
    type,
  });
  account.updateId += 1;
  ctx.emit(account.id, {
    type: type === 'add' ? 'triggerAdded' : 'triggerEdited',
    triggerId: trigger.triggerId.toString(),
    marketId: trigger.marketId,
  });
}

export const triggerRules: RuleSet = {
  addTrigger(kind, ctx) {
    requireMarket(ctx, kind.marketId);
    const definition = validDefinition(kind);
    const account = ownedAccount(ctx, kind.accountId);

    const triggers = ctx.state.triggers;
    const trigger: TriggerRecord = {
      ...definition,
      triggerId: triggers.nextTriggerId++,
      accountId: account.id,
      status: 'Active',
      createdAt: ctx.now,
      actionId: ctx.actionId,
      updatedAt: ctx.now,
    };
    placed(ctx, triggers, trigger, 'add', account);
    return { type: 'triggerAdded', triggerId: trigger.triggerId };
  },

  editTrigger(kind, ctx) {
    requireMarket(ctx, kind.marketId);
    const triggers = ctx.state.triggers;
    const { trigger, account } = activeOwned(ctx, triggers, kind);
    const definition = validDefinition(kind);

    // a new record from the definition alone, so limit fields the edit leaves out are cleared
    const edited: TriggerRecord = {
      ...definition,
      triggerId: trigger.triggerId,
      accountId: trigger.accountId,
      status: 'Active',
      createdAt: trigger.createdAt,
      actionId: ctx.actionId,
      updatedAt: ctx.now,
    };
    placed(ctx, triggers, edited, 'edit', account);
    return { type: 'triggerEdited', triggerId: trigger.triggerId };
  },

  // By triggerId (the interface), or by the public TriggerKey: the account's Active trigger on that market
  // with that kind and side (there is at most one: see placed).
  removeTrigger(kind, ctx) {
    requireMarket(ctx, kind.marketId);
    const triggers = ctx.state.triggers;
    let removed: TriggerRecord | undefined;
    let account: AccountState;
    if (kind.triggerId !== undefined) {
      const found = activeOwned(ctx, triggers, { ...kind, triggerId: kind.triggerId });
      removed = found.trigger;
      account = found.account;
    } else {
      const key = kind.key;
      if (!key) throw new Rejection('DECODE_FAILURE_DOMAIN'); // the codec refuses this already
      account = ownedAccount(ctx, kind.accountId);
      removed = Object.values(triggers.triggers).find(
        (t) =>
          t.status === 'Active' &&
          t.accountId === account.id &&
          t.marketId === kind.marketId &&
          t.side === key.side &&
          t.kind === kindName(key),
      );
      if (!removed) throw new Rejection('TRIGGER_NOT_FOUND');
    }
    removeTrigger(ctx, triggers, removed, account);
    return { type: 'triggerRemoved', triggerId: removed.triggerId };
  },
};
