// The shape of a rule: what each action kind's rule is given and what it answers. In a module of its own so
// that the engine and the rules it runs (funds, orders, sessions, triggers, vaults) do not import each other.
import type { DevnetConfig } from '../config';
import type { ActionKind, ReceiptKind } from '../../protocol/types';
import type { ErrorName } from '../../shared/receipt-errors';
import type { EngineState } from '../state';

/** An account and a session as the state holds them: the engine names the state, never a feature's module. */
export type AccountState = EngineState['accounts'][number];
export type SessionState = EngineState['sessions'][string];

/** What may leave an account without breaking its margin requirement. */
export type FreeCollateral = (state: EngineState, account: AccountState, tokenId: number) => bigint;

/** An account change and the account's update id right after it, so each event has its own id. */
export type AccountEvent = { accountId: number; event: Record<string, unknown>; updateId?: number };

export interface RuleContext {
  state: EngineState;
  config: DevnetConfig;
  now: number;
  nowMs: number;
  actionId: bigint;
  /** the wallet (base58) on whose behalf the action acts */
  user: string;
  session?: SessionState;
  /** what may leave an account without breaking its margin requirement */
  freeCollateral: FreeCollateral;
  /** queue an account-stream event; delivered only if the action is accepted */
  emit(accountId: number, event: Record<string, unknown>): void;
}

export type Rule<K extends ActionKind['type']> = (
  kind: Extract<ActionKind, { type: K }>,
  ctx: RuleContext,
) => ReceiptKind;
export type RuleSet = { [K in ActionKind['type']]?: Rule<K> };

/** A rule said no: the receipt carries this Error value and nothing changes. */
export class Rejection extends Error {
  constructor(
    readonly error: ErrorName,
    message = error,
  ) {
    super(message);
  }
}
