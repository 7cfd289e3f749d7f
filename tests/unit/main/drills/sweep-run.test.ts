// A sweep whose answer about one transfer is lost: what follows it is not sent (the same signer's journal
// would hold it back anyway, and the person must not be told it moved), and the record says so. A started
// review cannot be started again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Sweep } from '../../../../src/main/drills/sweep';
import { DrillRuns } from '../../../../src/main/drills/drill-run';
import { DrillRecordStore } from '../../../../src/main/drills/drill-record-store';
import { AuditLog } from '../../../../src/main/audit/audit-log';
import { ownership } from '../../../../src/main/wallets/ownership';
import { AppFailure } from '../../../../src/shared/result';
import type { Account } from '../../../../src/main/exchange/account-model';
import type { Intent } from '../../../../src/shared/ipc/actions';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const WALLET = { walletId: 'w1', label: 'Main', publicKey: '11111111111111111111111111111111', createdAt: 0 };
const usdc = (n: number) => BigInt(n) * 1_000_000n;
const accountOf = (accountId: number, amount: bigint): Account => ({
  accountId,
  balances: [{ tokenId: 0, amount }],
  positions: [],
  openOrders: [],
  updateId: 1,
  margin: {
    equity: amount,
    initialRequirement: 0n,
    maintenanceRequirement: 0n,
    freeCollateral: amount,
    healthBps: null,
  },
});

function sweepWith(lost: number) {
  const dir = mkdtempSync(join(tmpdir(), 'perpetua-sweep-'));
  dirs.push(dir);
  const audit = new AuditLog(join(dir, 'audit.jsonl'));
  const confirmed: string[] = [];
  const store = new DrillRecordStore(join(dir, 'drill-runs.json'));
  const runs = new DrillRuns(() => store);
  const sweep = new Sweep({
    wallets: { list: () => [WALLET] },
    ownership: ownership({
      wallets: { list: () => [WALLET] },
      compromised: { isCompromised: () => false },
      client: { user: async () => ({ accountIds: [1, 2, 3, 9], sessions: [] }) } as never,
    }),
    client: {
      account: async (id: number) => accountOf(id, usdc(id * 100)),
      accountExists: async () => true,
    } as never,
    info: async () => ({
      version: '1',
      quoteTokenId: 0,
      markets: [],
      tokens: [{ tokenId: 0, symbol: 'USDC', name: 'USD Coin', decimals: 6, mint: WALLET.publicKey }],
    }),
    pipeline: {
      prepare: async (intent: Intent) => ({
        confirmationId: `c${intent.kind === 'transfer' ? intent.fromAccountId : 0}`,
        kind: intent.kind,
        title: 'Confirm transfer',
        walletId: WALLET.walletId,
        walletLabel: WALLET.label,
        lines: [],
        warnings: [],
        confirmLabel: 'Sign and transfer',
        needsFreshUnlock: false,
        moneyLeaves: false,
        expiresAt: Date.now() + 60_000,
      }),
      confirm: async (confirmationId: string) => {
        confirmed.push(confirmationId);
        if (confirmationId === `c${lost}`)
          throw new AppFailure('OUTCOME_UNKNOWN', 'The exchange did not answer, so it is not known yet.');
        return { actionId: 7n, kind: 'transfer' as const, title: 'Transferred', message: '', lines: [] };
      },
    },
    journal: { pending: () => [] },
    lock: { reauthenticate: async () => {} },
    audit,
    runs,
  });
  return { sweep, confirmed, runs };
}

describe('a sweep that loses an answer midway', () => {
  it('sends nothing after it and says what moved, what is unknown and what was not sent', async () => {
    const { sweep, confirmed, runs } = sweepWith(2);
    const review = await sweep.review([1, 2, 3], 9);
    expect(review.transfers.map((t) => [t.fromAccountId, t.amount])).toEqual([
      [1, usdc(100)],
      [2, usdc(200)],
      [3, usdc(300)],
    ]);
    const started = await sweep.start(review.reviewId);
    const run = runs.get(started.runId);
    await run.done;
    expect(confirmed).toEqual(['c1', 'c2']);
    expect(run.steps.map((s) => s.status)).toEqual(['done', 'failed', 'skipped']);
    expect(run.summary).toBe(
      'Moved 1 transfer of 3 into account 9: 100.00 USDC from account 1. Not moved: ' +
        '200.00 USDC from account 2 (The exchange did not answer, so it is not known yet); ' +
        '300.00 USDC from account 3 (Not sent: whether 200.00 USDC from account 2 to account 9 went through is not known yet).',
    );

    // the same review cannot run a second time
    await expect(sweep.start(review.reviewId)).rejects.toThrow('This sweep was started already');
    expect(confirmed).toEqual(['c1', 'c2']);
  });
});
