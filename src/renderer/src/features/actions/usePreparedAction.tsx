// The one path of every form that asks main for an action: prepare (main checks the intent and answers with
// a summary), review (the confirmation dialog), confirm (main signs what it built) and the result shown
// after. A form gives the intent; this keeps the summary, the dialog, the busy flag, the error and the result.
import { useState, type ReactNode } from 'react';
import { unwrap, wallet } from '../../bridge/wallet';
import type { ArgsOf } from '../../../../shared/ipc/contract';
import type { ActionResult, Summary } from '../../../../shared/ipc/actions';
import { ConfirmAction } from './ConfirmAction';
import { ActionOutcome } from './ActionOutcome';
import { useAction } from '../../hooks/useAction';

type Intent = ArgsOf<'actions.prepare'>;

export function usePreparedAction({ onDone }: { onDone?: (result: ActionResult) => void } = {}) {
  const { run, busy, error } = useAction();
  const [summary, setSummary] = useState<Summary | null>(null);
  const [result, setResult] = useState<ActionResult | null>(null);
  /**
   * Asks main to prepare the intent (or what the function resolves to, after checks of its own). Once the
   * summary is there, `opened` runs in the same render as the review opens (a dialog that collected the
   * intent closes as the review takes its place).
   */
  const prepare = async (intent: Intent | (() => Promise<Intent>), opened?: () => void): Promise<void> => {
    const prepared = await run(async () => {
      setResult(null);
      return unwrap(wallet.actions.prepare(typeof intent === 'function' ? await intent() : intent));
    });
    if (!prepared) return;
    opened?.();
    setSummary(prepared);
  };
  const review: ReactNode = summary ? (
    <ConfirmAction
      summary={summary}
      onClose={() => setSummary(null)}
      onDone={(r) => {
        setSummary(null);
        setResult(r);
        onDone?.(r);
      }}
    />
  ) : null;
  return { prepare, busy, error, review, result, outcome: <ActionOutcome result={result} /> };
}

export type PreparedAction = ReturnType<typeof usePreparedAction>;
