// Atomic: several subactions under one signature and one action id, all or nothing. Each subaction runs
// through the rule of the action it stands for (trade_or_place -> PlaceOrder, cancel_order ->
// CancelOrderById, and the interface's trigger and vault subactions -> their own kinds); if any is refused,
// the whole state is put back as it was and the atomic action is refused with that subaction's error, so a
// half-applied batch can never be observed.
//
// Accounts (interface: "Self-targeted: omit both. Vault actions: target is vault_account_id, use_key true"):
// - no target: the subaction acts on the Atomic's own account_id when it names one, else as if sent alone;
// - target_account_id without use_key (or the Atomic's account_id): one of the signer's own accounts, which
//   the subaction then acts on (a different explicit account in the subaction is ACTION_NOT_ALLOWED);
// - use_key true: only for vault deposits and withdrawal requests, and the target must be the account of
//   the vault the subaction names. Anything else is ACTION_NOT_ALLOWED.
//
// Order within one market, as the public engine has it: cancels first, then trades, then places. A cancel
// after a trade_or_place of its order's market is ATOMICS_CANCELS_CANNOT_FOLLOW_TRADES_PLACES; a
// trade_or_place that trades after one that rested (placed) in that market is
// ATOMICS_TRADES_CANNOT_FOLLOW_PLACES.
import type {
  ActionKind,
  AtomicSubaction,
  AtomicSubactionInner,
  AtomicSubactionResult,
  ReceiptKind,
} from '../../protocol/types';
import type { EngineState } from '../state';
import { Rejection, type Rule, type RuleContext, type RuleSet } from '../engine/rule';

type SubKind = Extract<
  ActionKind,
  {
    type:
      | 'placeOrder'
      | 'cancelOrderById'
      | 'addTrigger'
      | 'removeTrigger'
      | 'vaultDeposit'
      | 'vaultWithdrawRequest';
  }
>;

/** The action a subaction stands for, signed by the atomic action's session. */
function actionOf(inner: AtomicSubactionInner, sessionId: bigint): SubKind {
  switch (inner.type) {
    case 'tradeOrPlace':
      return {
        type: 'placeOrder',
        sessionId,
        marketId: inner.marketId,
        side: inner.orderType.side,
        fillMode: inner.orderType.fillMode,
        isReduceOnly: inner.orderType.isReduceOnly,
        price: inner.limit.price,
        size: inner.limit.size,
        ...(inner.limit.quoteSize ? { quoteSize: inner.limit.quoteSize } : {}),
        ...(inner.clientOrderId !== undefined ? { clientOrderId: inner.clientOrderId } : {}),
      };
    case 'cancelOrder':
      return { type: 'cancelOrderById', sessionId, orderId: inner.orderId };
    default: {
      // the atomic action's session signs for every subaction
      if (inner.sessionId !== 0n && inner.sessionId !== sessionId) throw new Rejection('ACTION_NOT_ALLOWED');
      return { ...inner, sessionId };
    }
  }
}

/** The account field of each kind a subaction stands for. */
const ACCOUNT_FIELD: Record<SubKind['type'], 'senderAccountId' | 'accountId'> = {
  placeOrder: 'senderAccountId',
  cancelOrderById: 'senderAccountId',
  addTrigger: 'accountId',
  removeTrigger: 'accountId',
  vaultDeposit: 'accountId',
  vaultWithdrawRequest: 'accountId',
};

function resultOf(kind: ReceiptKind): AtomicSubactionResult {
  switch (kind.type) {
    case 'placeOrderResult':
    case 'triggerAdded':
    case 'triggerRemoved':
    case 'vaultDeposited':
    case 'vaultWithdrawRequested':
      return kind;
    case 'cancelOrderResult': {
      const { type: _type, ...fields } = kind;
      return { type: 'cancelOrder', ...fields };
    }
    default:
      throw new Error(`a subaction answered ${kind.type}`);
  }
}

function restore(state: EngineState, backup: EngineState): void {
  const live = state as unknown as Record<string, unknown>;
  for (const key of Object.keys(live)) if (!(key in backup)) delete live[key];
  Object.assign(state, backup);
}

function targeted(sub: AtomicSubaction, fallback: number | undefined, action: SubKind, ctx: RuleContext) {
  const target = sub.targetAccountId ?? fallback;
  if (target === undefined) {
    if (sub.useKey) throw new Rejection('ACTION_NOT_ALLOWED');
    return action;
  }
  const field = ACCOUNT_FIELD[action.type];
  const fields = { ...action } as SubKind & Record<string, unknown>;
  if (sub.useKey) {
    if (action.type !== 'vaultDeposit' && action.type !== 'vaultWithdrawRequest')
      throw new Rejection('ACTION_NOT_ALLOWED');
    const vault = ctx.state.vaults.byId[action.vaultId];
    if (!vault || vault.accountId !== target) throw new Rejection('ACTION_NOT_ALLOWED');
    return fields;
  }
  const account = ctx.state.accounts[target];
  if (!account) throw new Rejection('ACCOUNT_NOT_FOUND');
  if (account.owner !== ctx.user) throw new Rejection('ACCOUNT_INVALID_OWNER');
  const named = fields[field] as number | undefined;
  if (named !== undefined && named !== target) throw new Rejection('ACTION_NOT_ALLOWED');
  fields[field] = target;
  return fields;
}

/** The rule set with Atomic added, its subactions run through the other rules of the set. */
export function withAtomic(rules: RuleSet): RuleSet {
  const all: RuleSet = { ...rules };
  all.atomic = atomicRule(all);
  return all;
}

function atomicRule(rules: RuleSet): Rule<'atomic'> {
  return (kind, ctx: RuleContext) => {
    if (kind.actions.length === 0) throw new Rejection('ACTION_NOT_ALLOWED');
    const backup = structuredClone(ctx.state);
    const results: { inner: AtomicSubactionResult }[] = [];
    const tradedOrPlaced = new Set<number>();
    const placed = new Set<number>();
    try {
      for (const sub of kind.actions) {
        const action = targeted(sub, kind.accountId, actionOf(sub.inner, kind.sessionId), ctx);
        if (action.type === 'cancelOrderById') {
          const market = ctx.state.orders[action.orderId.toString()]?.marketId;
          if (market !== undefined && tradedOrPlaced.has(market))
            throw new Rejection('ATOMICS_CANCELS_CANNOT_FOLLOW_TRADES_PLACES');
        }
        const rule = rules[action.type] as Rule<typeof action.type> | undefined;
        if (!rule) throw new Rejection('NOT_IMPLEMENTED');
        const result = resultOf(rule(action as never, ctx));
        if (sub.inner.type === 'tradeOrPlace' && result.type === 'placeOrderResult') {
          const market = sub.inner.marketId;
          if (result.fills.length > 0 && placed.has(market))
            throw new Rejection('ATOMICS_TRADES_CANNOT_FOLLOW_PLACES');
          tradedOrPlaced.add(market);
          if (result.posted) placed.add(market);
        }
        results.push({ inner: result });
      }
    } catch (error) {
      restore(ctx.state, backup);
      throw error;
    }
    return { type: 'atomic', results };
  };
}
