// The triggers group: an account's stop-loss and take-profit triggers, active and finished (adding, editing
// and removing one are actions: see actions.ts).
import { z } from 'zod';
import { TriggerKindSchema } from './actions';
import { AccountId, MarketId } from './ids';
import { UNLOCKED_READ, group } from './method';

const TriggerView = z.object({
  triggerId: z.bigint(),
  marketId: MarketId,
  side: z.enum(['ASK', 'BID']),
  kind: TriggerKindSchema,
  triggerPrice: z.bigint(),
  limitPrice: z.bigint().nullable(),
  size: z.bigint().nullable(),
});
export const TriggersViewSchema = z.object({
  active: z.array(TriggerView.extend({ createdAt: z.number().int() })),
  finished: z.array(
    TriggerView.extend({
      status: z.enum(['Success', 'cancelled', 'removed']),
      time: z.number().int(),
      orderId: z.bigint().nullable(),
      reason: z.string().nullable(),
    }),
  ),
});

export const triggers = group({
  get: { args: z.object({ accountId: AccountId }), result: TriggersViewSchema, access: UNLOCKED_READ },
});
