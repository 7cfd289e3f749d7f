// What came of a signed action, as main worded it. The exchange's action id is there for whoever needs to
// look it up, behind "Details", not in the sentence a person reads.
import { useState } from 'react';
import { Alert, Anchor, Text } from '@mantine/core';
import type { ActionResult } from '../../../../shared/ipc/actions';

export function ActionOutcome({ result }: { result: ActionResult | null }) {
  const [details, setDetails] = useState(false);
  if (!result) return null;
  return (
    <Alert color="teal" title={result.title} role="status">
      {result.message}{' '}
      {details ? (
        <Text span size="sm">
          Exchange action id {result.actionId.toString()}.
        </Text>
      ) : (
        <Anchor component="button" type="button" size="sm" onClick={() => setDetails(true)}>
          Details
        </Anchor>
      )}
    </Alert>
  );
}
