// What came of a signed action, as main worded it, with the exchange's action id to look it up by.
import { Alert } from '@mantine/core';
import type { ActionResult } from '../../../shared/ipc/actions';

export function ActionOutcome({ result }: { result: ActionResult | null }) {
  if (!result) return null;
  return (
    <Alert color="teal" title={result.title} role="status">
      {result.message} (action {result.actionId.toString()})
    </Alert>
  );
}
