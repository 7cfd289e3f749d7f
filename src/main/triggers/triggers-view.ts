// What the triggers panel shows: an account's active triggers and its newest finished ones.
import type { z } from 'zod';
import type { TriggersViewSchema } from '../../shared/ipc/triggers';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { FinishedTriggers } from './finished-triggers';

type TriggersView = z.output<typeof TriggersViewSchema>;

/** What the panel reads: the exchange's active triggers, and the newest finished ones. */
export interface TriggersReads {
  client: Pick<ExchangeClient, 'triggers'>;
  finishedTriggers: Pick<FinishedTriggers, 'newest'>;
}

export async function triggersView(s: TriggersReads, accountId: number): Promise<TriggersView> {
  const [active, finished] = await Promise.all([
    s.client.triggers(accountId),
    s.finishedTriggers.newest(accountId),
  ]);
  const view = (t: (typeof active)[number] | (typeof finished)[number]) => ({
    triggerId: t.triggerId,
    marketId: t.marketId,
    side: t.side === 'ask' ? ('ASK' as const) : ('BID' as const),
    kind: t.kind === 'StopLoss' ? ('STOP_LOSS' as const) : ('TAKE_PROFIT' as const),
    triggerPrice: t.triggerPrice,
    limitPrice: t.limitPrice,
    size: t.limitBaseSize,
  });
  return {
    active: active.map((t) => ({ ...view(t), createdAt: t.createdAt })),
    // newest first: the latest outcome is what a person looks for
    finished: finished
      .map((t) => ({ ...view(t), status: t.status, time: t.time, orderId: t.orderId, reason: t.reason }))
      .reverse(),
  };
}
