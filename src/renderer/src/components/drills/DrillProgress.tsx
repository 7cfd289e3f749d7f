// One drill's steps as they run, then what it did in a sentence and the audit log's own lines for it: the
// record a person keeps of what moved or was revoked, and what did not happen.
import { Alert, Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { DrillRun } from '../../hooks/useDrillRun';
import { useTokens } from '../../hooks/queries';
import { formatDateTime } from '../../../../shared/time';

type Status = DrillRun['steps'][number]['status'];

const STATUS: Record<Status, { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  done: { label: 'Done', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  skipped: { label: 'Skipped', color: 'yellow' },
};

/** The drills' own audit lines (the actions' lines carry their sentence from main). */
const DRILL_KINDS: Record<string, string> = {
  sweep: 'Sweep',
  compromisedKeyDrill: 'Compromised-key drill',
};

/** An audit entry's outcome; the drills' own lines are 'err' without a code when a step failed. */
const outcome = (e: DrillRun['audit'][number]): string =>
  e.result === 'ok'
    ? 'done'
    : e.result === 'unknown'
      ? 'outcome unknown'
      : e.error
        ? `refused: ${e.error}`
        : 'not all done';

function StepStatus({ status }: { status: Status }) {
  const { label, color } = STATUS[status];
  return (
    <Badge
      color={color}
      variant="light"
      tt="none"
      style={{ minWidth: 'max-content' }}
      leftSection={status === 'running' ? <Loader size={10} /> : null}
    >
      {label}
    </Badge>
  );
}

export function DrillProgress({ run, title }: { run: DrillRun; title: string }) {
  const { format } = useTokens();
  const running = run.status === 'running' && !run.interrupted;
  return (
    <Stack>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Table aria-label="Steps" aria-busy={running} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Step</Table.Th>
            <Table.Th w={110}>Status</Table.Th>
            <Table.Th>What came of it</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {run.steps.map((s) => (
            <Table.Tr key={s.key}>
              <Table.Td>{s.label}</Table.Td>
              <Table.Td>
                <StepStatus status={s.status} />
              </Table.Td>
              <Table.Td>
                {[s.detail, s.actionId ? `action ${s.actionId}` : null].filter(Boolean).join(' · ')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {run.summary ? (
        <Alert
          role="status"
          color={run.status === 'done' ? 'teal' : 'red'}
          title={
            run.interrupted
              ? 'Interrupted: the app stopped during this drill'
              : run.status === 'done'
                ? 'Finished'
                : 'Finished, not everything was done'
          }
        >
          {run.summary}
        </Alert>
      ) : run.interrupted ? (
        <Alert role="status" color="yellow" title="Interrupted: the app stopped during this drill">
          Whether every step went through is not known yet. Perpetua asks the exchange as soon as it is
          reachable, and shows the outcome here.
        </Alert>
      ) : null}
      {!running ? (
        <>
          <Title order={2} size="h4">
            What the audit log recorded
          </Title>
          {run.audit.length === 0 ? (
            <Text c="dimmed">Nothing was recorded.</Text>
          ) : (
            <Table aria-label="Audit entries of this drill" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Accounts</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Result</Table.Th>
                  <Table.Th>Action id</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {run.audit.map((e, i) => (
                  <Table.Tr key={i}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.time)}</Table.Td>
                    <Table.Td>
                      {DRILL_KINDS[e.kind] ?? e.sentence}
                      {e.detail ? (
                        <Text size="sm" c="dimmed">
                          {e.detail}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{e.accounts.join(', ')}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {e.amounts?.amount && e.amounts.amount !== '0' && e.tokenId !== undefined
                        ? format(BigInt(e.amounts.amount), e.tokenId)
                        : ''}
                    </Table.Td>
                    <Table.Td>{outcome(e)}</Table.Td>
                    <Table.Td>{e.actionId ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      ) : null}
    </Stack>
  );
}
