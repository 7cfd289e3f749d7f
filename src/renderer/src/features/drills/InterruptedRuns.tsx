// The record of a drill the app was stopped in the middle of (a crash, a power cut): main settles it at the
// next start (what each unfinished step did, found out; its summary written to the audit log once), and
// the drill's page shows it here until the person dismisses it.
import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import type { DrillRun } from './useDrillRun';
import { formatDateTime } from '../../../../shared/time';
import { ErrorNote } from '../../components/ErrorNote';
import { DrillProgress } from './DrillProgress';

const KEY = ['drillsInterrupted'];
/** while one is not settled yet (the exchange away), asked again this often */
const UNSETTLED_POLL_MS = 5_000;

export function InterruptedRuns({
  kind,
  name,
  finish,
}: {
  kind: DrillRun['kind'];
  name: string;
  /** how a run of this drill is finished, when it can be (the leaked wallet-key drill) */
  finish?: ((run: DrillRun) => ReactNode) | undefined;
}) {
  const client = useQueryClient();
  const runs = useQuery({
    queryKey: KEY,
    queryFn: () => unwrap(wallet.drills.interrupted({})),
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'running') ? UNSETTLED_POLL_MS : false),
  });
  const dismiss = useMutation({
    mutationFn: (runId: string) => unwrap(wallet.drills.dismiss({ runId })),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
  const shown = (runs.data ?? []).filter((r) => r.kind === kind);
  return (
    <Stack>
      <ErrorNote error={runs.error ?? dismiss.error} title="The record of an interrupted drill" />
      {shown.map((run) => (
        <Paper key={run.runId} withBorder p="md" component="section" aria-label={`Interrupted ${name}`}>
          <Stack>
            <DrillProgress
              run={run}
              title={`${name} interrupted (started ${formatDateTime(run.startedAt)})`}
            />
            {finish && run.status !== 'running' ? finish(run) : null}
            <Group>
              <Button
                variant="default"
                onClick={() => dismiss.mutate(run.runId)}
                disabled={run.status === 'running'}
                loading={dismiss.isPending}
              >
                Dismiss this record
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
