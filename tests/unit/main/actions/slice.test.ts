// The action methods: an intent goes to the pipeline for review as it is; a confirmation goes by its id
// with the passphrase the person typed, and what the pipeline refuses is refused.
import { describe, expect, it } from 'vitest';
import { createActions, type ActionsDeps } from '../../../../src/main/actions/slice';
import type { ActionResult, Intent, Summary } from '../../../../src/shared/ipc/actions';
import { AppFailure } from '../../../../src/shared/result';

const INTENT: Intent = { kind: 'withdraw', walletId: 'w1', accountId: 3, tokenId: 0, amount: 25_000_000n };
const SUMMARY: Summary = {
  confirmationId: 'c1',
  kind: 'withdraw',
  title: 'Withdraw',
  walletId: 'w1',
  walletLabel: 'One',
  lines: [],
  warnings: [],
  confirmLabel: 'Sign and withdraw',
  needsFreshUnlock: false,
  moneyLeaves: true,
  expiresAt: 2_000,
};
const RESULT: ActionResult = {
  actionId: 9n,
  kind: 'withdraw',
  title: 'Withdrawal sent',
  message: '',
  lines: [],
};

describe('the action methods', () => {
  it('prepares the intent as given, and confirms by id with the passphrase', async () => {
    const asked: unknown[] = [];
    const pipeline: ActionsDeps['pipeline'] = {
      prepare: async (intent) => {
        asked.push(intent);
        return SUMMARY;
      },
      confirm: async (confirmationId, passphrase) => {
        asked.push([confirmationId, passphrase]);
        if (passphrase !== 'right') throw new AppFailure('LOCKED', 'That passphrase is not right.');
        return RESULT;
      },
    };
    const { handlers } = createActions({ pipeline });
    expect(await handlers.prepare(INTENT)).toBe(SUMMARY);
    await expect(handlers.confirm({ confirmationId: 'c1', passphrase: 'wrong' })).rejects.toMatchObject({
      code: 'LOCKED',
    });
    expect(await handlers.confirm({ confirmationId: 'c1', passphrase: 'right' })).toBe(RESULT);
    expect(asked).toEqual([INTENT, ['c1', 'wrong'], ['c1', 'right']]);
  });
});
