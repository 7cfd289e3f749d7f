// Atomic: several subactions under one signature and one action id, all or nothing. Each subaction runs
// through its own rule; if any is refused, the whole state is put back as it was and the atomic action is
// refused with that subaction's error, so a half-applied batch can never be observed.
//
// Targets (interface: "Self-targeted: omit both. Vault actions: target is vault_account_id, use_key true"):
// - no target: the subaction acts as if sent alone;
// - target_account_id without use_key: one of the signer's own accounts, which the subaction then acts on
//   (its senderAccountId / accountId is set to the target; a different explicit one is ACTION_NOT_ALLOWED);
// - use_key true: only for vault deposits and withdrawal requests, and the target must be the account of
//   the vault the subaction names. Anything else is ACTION_NOT_ALLOWED.
import type { AtomicSubaction, Receipt } from '../../../protocol/types';
import { Rejection, type EngineState } from '../state';
import type { Rule, RuleContext, RuleSet } from '../engine';
import { vaultsOf } from '../../vaults/state';

/** The account field each subaction kind uses to name its account. */
const ACCOUNT_FIELD: Record<AtomicSubaction['kind']['type'], 'senderAccountId' | 'accountId'> = {
  placeOrder: 'senderAccountId',
  cancelOrderById: 'senderAccountId',
  addTrigger: 'accountId',
  removeTrigger: 'accountId',
  vaultDeposit: 'accountId',
  vaultWithdrawRequest: 'accountId',
};

function restore(state: EngineState, backup: EngineState): void {
  const live = state as unknown as Record<string, unknown>;
  for (const key of Object.keys(live)) if (!(key in backup)) delete live[key];
  Object.assign(state, backup);
}

export function atomicRule(rules: RuleSet): Rule<'atomic'> {
  return (kind, ctx: RuleContext) => {
    if (kind.actions.length === 0) throw new Rejection('ACTION_NOT_ALLOWED');
    const backup = structuredClone(ctx.state);
    const results: Receipt[] = [];
    try {
      for (const sub of kind.actions) {
        const inner = sub.kind as AtomicSubaction['kind'] & { sessionId?: bigint };
        // the atomic action's session signs for every subaction
        if (inner.sessionId !== undefined && inner.sessionId !== 0n && inner.sessionId !== kind.sessionId)
          throw new Rejection('ACTION_NOT_ALLOWED');
        const fields: Record<string, unknown> = { ...inner, sessionId: kind.sessionId };
        if (sub.targetAccountId !== undefined) {
          const field = ACCOUNT_FIELD[inner.type];
          const named = fields[field] as number | undefined;
          if (sub.useKey) {
            if (inner.type !== 'vaultDeposit' && inner.type !== 'vaultWithdrawRequest')
              throw new Rejection('ACTION_NOT_ALLOWED');
            const vault = vaultsOf(ctx.state).byId[inner.vaultId];
            if (!vault || vault.accountId !== sub.targetAccountId) throw new Rejection('ACTION_NOT_ALLOWED');
          } else {
            const target = ctx.state.accounts[sub.targetAccountId];
            if (!target) throw new Rejection('ACCOUNT_NOT_FOUND');
            if (target.owner !== ctx.user) throw new Rejection('ACCOUNT_INVALID_OWNER');
            if (named !== undefined && named !== sub.targetAccountId)
              throw new Rejection('ACTION_NOT_ALLOWED');
            fields[field] = sub.targetAccountId;
          }
        }
        const rule = rules[inner.type] as Rule<typeof inner.type> | undefined;
        if (!rule) throw new Rejection('NOT_IMPLEMENTED');
        results.push({ actionId: ctx.actionId, kind: rule(fields as never, ctx) });
      }
    } catch (error) {
      restore(ctx.state, backup);
      throw error;
    }
    return { type: 'atomic', results };
  };
}
