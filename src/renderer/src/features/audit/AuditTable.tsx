// The audit log's entries as a person reads them, one table wherever they are shown (Settings, and what a
// drill recorded): when, the sentence main wrote (with its detail and action id beneath, quieter), and how
// it ended.
import { Table, Text } from '@mantine/core';
import type { ResultOf } from '../../../../shared/ipc/contract';
import { formatDateTime } from '../../../../shared/time';

type AuditEntry = ResultOf<'audit.list'>['entries'][number];

/** How an entry ended; a drill's own line is 'err' without a code when a step of it failed. */
const outcome = (e: AuditEntry): string =>
  e.result === 'ok'
    ? 'done'
    : e.result === 'unknown'
      ? 'outcome unknown'
      : e.error
        ? `refused: ${e.error}`
        : 'not all done';

export function AuditTable({ entries, label }: { entries: readonly AuditEntry[]; label: string }) {
  return (
    <Table aria-label={label} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Time</Table.Th>
          <Table.Th>What happened</Table.Th>
          <Table.Th>Result</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((e, i) => {
          const beneath = [e.detail, e.actionId ? `action ${e.actionId}` : null].filter(Boolean).join(' · ');
          return (
            <Table.Tr key={i}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.time)}</Table.Td>
              <Table.Td>
                {e.sentence}
                {beneath ? (
                  <Text size="sm" c="dimmed">
                    {beneath}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{outcome(e)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
