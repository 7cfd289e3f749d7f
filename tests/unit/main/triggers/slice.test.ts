// The triggers panel's method: an account's active triggers as the exchange lists them, and its finished
// ones newest first, each in the contract's words (ASK/BID, STOP_LOSS/TAKE_PROFIT).
import { describe, expect, it } from 'vitest';
import { createTriggers, type TriggersDeps } from '../../../../src/main/triggers/slice';

type Active = Awaited<ReturnType<TriggersDeps['client']['triggers']>>[number];
type Finished = Awaited<ReturnType<TriggersDeps['finishedTriggers']['newest']>>[number];

const exit = { marketId: 0, triggerPrice: 90n, limitPrice: null, limitBaseSize: 5n, limitQuoteSize: null };
const active: Active = {
  ...exit,
  accountId: 3,
  side: 'ask',
  kind: 'StopLoss',
  actionId: 11n,
  createdAt: 1_000,
  triggerId: 1n,
  status: 'Active',
  updatedAt: 1_000,
};
const finished = (triggerId: bigint, time: number): Finished => ({
  ...exit,
  accountId: 3,
  side: 'bid',
  kind: 'TakeProfit',
  time,
  actionId: 20n + triggerId,
  triggerId,
  status: 'Success',
  orderId: 100n + triggerId,
  reason: null,
});

describe('the triggers panel', () => {
  it("shows the account's active triggers, and its finished ones newest first", async () => {
    const asked: number[] = [];
    const deps: TriggersDeps = {
      client: { triggers: async (accountId) => (asked.push(accountId), [active]) },
      // the history lists them oldest first
      finishedTriggers: {
        newest: async (accountId) => (asked.push(accountId), [finished(2n, 500), finished(3n, 900)]),
      },
    };
    const view = await createTriggers(deps).handlers.get({ accountId: 3 });
    expect(asked).toEqual([3, 3]);
    expect(view.active).toEqual([
      {
        triggerId: 1n,
        marketId: 0,
        side: 'ASK',
        kind: 'STOP_LOSS',
        triggerPrice: 90n,
        limitPrice: null,
        size: 5n,
        createdAt: 1_000,
      },
    ]);
    expect(view.finished.map((t) => [t.triggerId, t.side, t.kind, t.status, t.orderId])).toEqual([
      [3n, 'BID', 'TAKE_PROFIT', 'Success', 103n],
      [2n, 'BID', 'TAKE_PROFIT', 'Success', 102n],
    ]);
  });
});
