// One drill's steps as they run, then what it did in a sentence and the audit log's own lines for it: the
// record a person keeps of what moved or was revoked, and what did not happen.
import { Alert, Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { DrillRun } from './useDrillRun';
import { AuditTable } from '../audit';

type Status = DrillRun['steps'][number]['status'];

const STATUS: Record<Status, { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  done: { label: 'Done', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  skipped: { label: 'Skipped', color: 'yellow' },
};

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
            <AuditTable label="Audit entries of this drill" entries={run.audit} />
          )}
        </>
      ) : null}
    </Stack>
  );
}
