// Every signed action is recorded the one way: the line of an executed one is written while the journal
// still holds it, with what the caller learned from the receipt; a failure gets its 'err' line, or
// 'unknown' when the action may have executed; a failure that meets the action's goal gets none.
import { describe, expect, it } from 'vitest';
import { SigningKey } from '../../../../src/protocol/keys';
import { AppFailure } from '../../../../src/shared/result';
import type { AuditEntry } from '../../../../src/main/audit/audit-log';
import type { Outcome } from '../../../../src/main/pipeline/submitter';
import { signedActions, type SignedActionsDeps } from '../../../../src/main/pipeline/signed-action';

const key = new SigningKey(new Uint8Array(32).fill(7));
const action = { type: 'selfRevoke' as const, sessionId: 5n };
const audit = { wallet: 'PK1', kind: 'selfRevoke', accounts: [], sessionId: '5' };

function setup(answer: (onExecuted: (outcome: Outcome) => void) => Outcome) {
  const lines: AuditEntry[] = [];
  const contexts: unknown[] = [];
  const deps: SignedActionsDeps = {
    submitter: {
      submit: async (_key, _framing, _kind, options = {}) => {
        contexts.push(options.context);
        return answer((outcome) => options.onExecuted?.(outcome));
      },
    },
    audit: { append: (entry) => void lines.push(entry) },
    now: () => 1_000,
  };
  return { signed: signedActions(deps), lines, contexts };
}

describe('a signed action', () => {
  it('is recorded once executed, with what the caller learned, and its fields kept with the submission', async () => {
    const executed: Outcome = { status: 'executed-earlier', actionId: 42n, kind: 'selfRevoke' };
    let linesWhenExecuted = -1;
    const { signed, lines, contexts } = setup((onExecuted) => {
      onExecuted(executed);
      linesWhenExecuted = lines.length;
      return executed;
    });
    await signed.submit({ key, framing: 'session', action, audit, executed: () => ({ sessionId: '6' }) });
    expect(linesWhenExecuted).toBe(1);
    expect(lines).toEqual([{ time: 1_000, ...audit, sessionId: '6', result: 'ok', actionId: '42' }]);
    expect(contexts).toEqual([audit]);
  });

  it('is recorded as failed, or unknown when it may have executed, and the failure reaches the caller', async () => {
    for (const [failure, result] of [
      [new AppFailure('EXCHANGE_REJECTED', 'no', { receiptError: 'SESSION_EXPIRED' }), 'err'],
      [new AppFailure('OUTCOME_UNKNOWN', 'maybe'), 'unknown'],
    ] as const) {
      const { signed, lines } = setup(() => {
        throw failure;
      });
      await expect(signed.submit({ key, framing: 'session', action, audit })).rejects.toBe(failure);
      expect(lines).toEqual([
        { time: 1_000, ...audit, result, error: result === 'err' ? 'SESSION_EXPIRED' : 'OUTCOME_UNKNOWN' },
      ]);
    }
  });

  it('has no line when its failure meets its goal (a session already gone)', async () => {
    const gone = new AppFailure('EXCHANGE_REJECTED', 'gone', { receiptError: 'SESSION_REVOKED' });
    const { signed, lines } = setup(() => {
      throw gone;
    });
    const goalMet = (failure: AppFailure) => failure.details?.receiptError === 'SESSION_REVOKED';
    await expect(signed.submit({ key, framing: 'session', action, audit, goalMet })).rejects.toBe(gone);
    expect(lines).toEqual([]);
  });
});
