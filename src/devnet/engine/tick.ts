// What time-driven parts of the engine (trigger firing, liquidation, vault epochs) get on each tick: the
// state, the time, a way to record an engine-initiated action and to queue account and stream events.
import type { DevnetConfig } from '../config';
import type { FreeCollateral, RuleContext } from './rule';
import type { EngineState } from '../state';

export interface TickContext {
  state: EngineState;
  config: DevnetConfig;
  now: number;
  nowMs: number;
  freeCollateral: FreeCollateral;
  /** Takes the next action id for a change the engine makes on its own and records it in the action log. */
  recordAction(kind: string, receipt: unknown): bigint;
  /** queue an account-stream event (delivered, and the state persisted, after the tick) */
  emit(accountId: number, event: Record<string, unknown>): void;
  /** publish on a non-account stream, e.g. vault@<id> */
  publish(stream: string, kindKey: string, payload: Record<string, unknown>, updateId: number): void;
}

/**
 * A RuleContext for applying a rule on a user's behalf from inside the engine (a trigger placing its
 * order, a vault strategy trading): same checks as a signed action, under an id the caller recorded.
 */
export function internalRuleContext(tick: TickContext, user: string, actionId: bigint): RuleContext {
  return {
    state: tick.state,
    config: tick.config,
    now: tick.now,
    nowMs: tick.nowMs,
    actionId,
    user,
    freeCollateral: tick.freeCollateral,
    emit: (accountId, event) => tick.emit(accountId, event),
  };
}
