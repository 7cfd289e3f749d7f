// One signed action sent and recorded: the one shape every signature of the app takes and the one audit
// path, for an intent confirmed through the pipeline and for a session made, refreshed or revoked alike.
// The journal keeps the audit line's fields with the submission, so an outcome settled after a lost answer
// is recorded like the original (pipeline.ts, auditRecovered); the line of an executed action is written
// before the journal lets go of it, so a crash right after leaves the line or the open entry, never neither.
import { AppFailure } from '../../shared/result';
import type { Framing } from '../../protocol/signing';
import type { SigningKey } from '../../protocol/keys';
import type { ActionKind } from '../../protocol/types';
import type { AuditEntry, AuditLog } from '../audit/audit-log';
import type { Outcome, Submitter } from './submitter';

/** An audit line's fields but its outcome's: whose action, what kind, over which accounts and amounts. */
export type AuditFields = Omit<
  AuditEntry,
  'time' | 'walletLabel' | 'result' | 'actionId' | 'error' | 'detail'
>;

export interface SignedAction {
  key: SigningKey;
  /** 'hex': signed by a wallet key (sessions made and revoked); 'session': by a session key */
  framing: Framing;
  action: ActionKind;
  audit: AuditFields;
  /**
   * What the caller records of it once executed (a session's record), before its line is written; what it
   * returns is added to the line (a new session's id, known from the receipt).
   */
  executed?: (outcome: Outcome) => Partial<AuditFields> | void;
  /** a failure that meets the action's goal all the same (a session already gone): no line, the caller goes on */
  goalMet?: (failure: AppFailure) => boolean;
}

export interface SignedActionsDeps {
  submitter: Pick<Submitter, 'submit'>;
  audit: Pick<AuditLog, 'append'>;
  now?: () => number;
}

export interface SignedActions {
  /** Signs, sends and records one action; a failure is recorded ('unknown' when it may have executed). */
  submit(signed: SignedAction): Promise<Outcome>;
}

export function signedActions(deps: SignedActionsDeps): SignedActions {
  return {
    async submit({ key, framing, action, audit, executed, goalMet }) {
      const time = (deps.now ?? Date.now)();
      try {
        return await deps.submitter.submit(key, framing, action, {
          context: audit,
          onExecuted: (outcome) => {
            const learned = executed?.(outcome);
            deps.audit.append({
              time,
              ...audit,
              ...(learned ?? {}),
              result: 'ok',
              actionId: outcome.actionId.toString(),
            });
          },
        });
      } catch (error) {
        const failure =
          error instanceof AppFailure ? error : new AppFailure('INTERNAL', 'The action failed.');
        if (goalMet?.(failure)) throw failure;
        try {
          deps.audit.append({
            time,
            ...audit,
            result: failure.code === 'OUTCOME_UNKNOWN' ? 'unknown' : 'err',
            error: String(failure.details?.receiptError ?? failure.code),
          });
        } catch {
          // the same full disk refuses the line too: the person is still told why the action failed
        }
        throw failure;
      }
    },
  };
}
