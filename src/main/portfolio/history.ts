// One page of an account's history, of any kind the app shows, in the contract's shape: the exchange client
// reads the public rows and scales them (exchange/history-model.ts); the page is tagged with its kind so
// the screens know which columns it has. A time window (seconds, as the rows carry them) goes to the
// exchange as RFC3339, as the interface takes it.
import type { HistoryKind } from '../../shared/exchange/history';
import type { HistoryPage } from '../../shared/ipc/history';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { EngineClock } from '../exchange/engine-clock';
import { AppFailure } from '../../shared/result';

export async function historyPage(
  client: Pick<ExchangeClient, 'history'>,
  clock: Pick<EngineClock, 'seconds'>,
  accountId: number,
  kind: HistoryKind,
  query: { startInclusive?: string; pageSize?: number; since?: number; until?: number },
): Promise<HistoryPage> {
  const { since, until, ...rest } = query;
  // Without an until the window ends at the exchange's now, and one starting later is refused there (a 400
  // that reads as the exchange's bad response): it is the caller's argument, said so. The clock is the one
  // actions are stamped with, resampled once a minute, so this costs no request.
  if (since !== undefined && until === undefined && since > Number(await clock.seconds()))
    throw new AppFailure(
      'INVALID_ARGUMENT',
      'history.page: since: must not be after the exchange’s current time.',
    );
  const rfc3339 = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
  return client.history(accountId, kind, {
    ...rest,
    ...(since !== undefined ? { since: rfc3339(since) } : {}),
    ...(until !== undefined ? { until: rfc3339(until) } : {}),
  });
}
