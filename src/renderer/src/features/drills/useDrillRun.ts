// A drill's run as main reports it, re-read while it runs so the screen shows each step as it ends.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import type { ResultOf } from '../../../../shared/ipc/contract';

export type DrillRun = ResultOf<'drills.run'>;

const POLL_MS = 400;
const runKey = (runId: string | null) => ['drillRun', runId];

export function useDrillRun(runId: string | null) {
  return useQuery({
    queryKey: runKey(runId),
    queryFn: () => unwrap(wallet.drills.run({ runId: runId! })),
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  });
}

/** Keeps the run main answered the start with, so its first steps show before the first poll. */
export function useRememberRun(): (run: DrillRun) => void {
  const client = useQueryClient();
  return (run) => client.setQueryData(runKey(run.runId), run);
}
