// Shows main's summary of a prepared action and confirms it by id: one shape for every kind, a table of the
// lines main stated and its warnings. Money leaving the person's wallets (main says so with moneyLeaves) is
// confirmed with the passphrase, which main checks for this one confirmation; anything else asks for it only
// when main answers that the unlock is too old.
import { useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { accountKeys } from '../accounts';
import { auditKeys } from '../audit';
import { useFreshUnlock } from '../../hooks/useFreshUnlock';
import { ErrorNote } from '../../components/ErrorNote';
import { useReturnFocus } from '../../components/focus-return';
import type { ActionResult, Summary } from '../../../../shared/ipc/actions';
import { SummaryTable } from './SummaryTable';

export function ConfirmAction({
  summary,
  onClose,
  onDone,
}: {
  summary: Summary;
  onClose: () => void;
  onDone: (result: ActionResult) => void;
}) {
  const client = useQueryClient();
  const fresh = useFreshUnlock({
    asked: summary.moneyLeaves,
    carried: summary.moneyLeaves,
    description: summary.moneyLeaves ? 'This sends money out of your wallets.' : undefined,
  });
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  /** from the first Enter or click on, unless it fails: what is shown is never signed twice */
  const sending = useRef(false);

  const confirm = async () => {
    if (sending.current || !fresh.ready) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const result = await fresh.guard((passphrase) =>
        unwrap(
          wallet.actions.confirm({
            confirmationId: summary.confirmationId,
            ...(summary.moneyLeaves && passphrase !== undefined ? { passphrase } : {}),
          }),
        ),
      );
      void client.invalidateQueries({ queryKey: accountKeys.portfolio });
      void client.invalidateQueries({ queryKey: auditKeys.audit });
      // signed: this dialog is done and stays that way until it closes
      onDone(result);
    } catch (e) {
      setError(e);
      sending.current = false;
    } finally {
      setBusy(false);
    }
  };

  useReturnFocus();
  return (
    <Modal opened onClose={onClose} title={summary.title} size="lg">
      <Stack
        component="form"
        onSubmit={(e) => {
          // stopped here: the page around this dialog may be a form too (see form-submit)
          e.preventDefault();
          e.stopPropagation();
          void confirm();
        }}
        // a held Enter repeats: the press that opened this dialog must not also sign what it shows
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.repeat) e.preventDefault();
        }}
      >
        <SummaryTable lines={summary.lines} />
        {summary.warnings.map((w) => (
          <Alert key={w} color="orange" title="Check this">
            {w}
          </Alert>
        ))}
        {fresh.field}
        <ErrorNote error={error} title="Not sent" />
        <Text size="xs" c="dimmed">
          Perpetua signs exactly what is shown here. This confirmation expires two minutes after it was
          prepared.
        </Text>
        <Group justify="flex-end">
          {/* the dialog opens here, never on the signing button: a stray Enter cannot sign */}
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={busy}
            disabled={!fresh.ready}
            color={summary.moneyLeaves ? 'orange' : 'teal'}
          >
            {summary.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
