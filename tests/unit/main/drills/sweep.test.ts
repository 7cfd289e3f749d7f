// What a sweep may take from an account: free collateral only, per token, nothing a position needs.
// A sweep whose answer about one transfer is lost: what follows it is not sent (the same signer's journal
// would hold it back anyway, and the person must not be told it moved), and the record says so. A started
// review cannot be started again. A review lists the sessions its start signs with a wallet key, and the
// start asks for a recent unlock for them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Sweep, SWEEP_SAFETY_BPS, spareOf } from '../../../../src/main/drills/sweep';
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
/** three wallets, account n belonging to wallet n */
const WALLETS = [1, 2, 3].map((n) => ({
  ...WALLET,
  walletId: `w${n}`,
  label: `Wallet ${n}`,
  publicKey: `key${n}`,
}));
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

interface Options {
  /** the wallets (default: Main alone, owning every account) */
  wallets?: typeof WALLETS;
  /** the wallets with a session this device can sign with (default: all) */
  withSession?: string[];
  /** whether the last unlock is recent enough for wallet-signed actions (default: yes) */
  fresh?: boolean;
}

function sweepWith(lost: number, options: Options = {}) {
  const wallets = options.wallets ?? [WALLET];
  const reauthenticated: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'perpetua-sweep-'));
  dirs.push(dir);
  const audit = new AuditLog(join(dir, 'audit.jsonl'));
  const confirmed: string[] = [];
  const store = new DrillRecordStore(join(dir, 'drill-runs.json'));
  const runs = new DrillRuns(() => store);
  const sweep = new Sweep({
    wallets: { list: () => wallets },
    ownership: ownership({
      wallets: { list: () => wallets },
      compromised: { isCompromised: () => false },
      client: {
        user: async (publicKey: string) => ({
          accountIds: wallets.length === 1 ? [1, 2, 3, 9] : [Number(publicKey.slice(3)), 9],
          sessions: [],
        }),
      } as never,
    }),
    client: {
      user: async (publicKey: string) => ({
        accountIds: wallets.length === 1 ? [1, 2, 3, 9] : [Number(publicKey.slice(3)), 9],
        sessions: [],
      }),
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
        walletId: intent.walletId,
        walletLabel: wallets.find((w) => w.walletId === intent.walletId)!.label,
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
    sessions: {
      signer: async (walletId: string) =>
        (options.withSession ?? wallets.map((w) => w.walletId)).includes(walletId)
          ? ({ sessionId: 1n } as never)
          : null,
    },
    lock: {
      reauthenticate: async (passphrase: string) => void reauthenticated.push(passphrase),
      requireFreshUnlock: () => {
        if (options.fresh === false)
          throw new AppFailure('LOCKED', 'Confirm with your passphrase to continue.');
      },
    },
    audit,
    runs,
  });
  return { sweep, confirmed, runs, reauthenticated };
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

describe('a sweep over wallets without a session here', () => {
  it('lists a wallet-signed session for each of them, and none for a wallet that has one', async () => {
    const { sweep } = sweepWith(0, { wallets: WALLETS.slice(0, 2), withSession: ['w1'] });
    const review = await sweep.review([1, 2], 9);
    expect(review.transfers.map((t) => t.walletId)).toEqual(['w1', 'w2']);
    expect(review.sessionsToCreate).toEqual([{ walletId: 'w2', walletLabel: 'Wallet 2' }]);

    const all = sweepWith(0, { wallets: WALLETS, withSession: [] });
    expect((await all.sweep.review([1, 2, 3], 9)).sessionsToCreate.map((w) => w.walletLabel)).toEqual([
      'Wallet 1',
      'Wallet 2',
      'Wallet 3',
    ]);
    const none = sweepWith(0, { wallets: WALLETS });
    expect((await none.sweep.review([1, 2, 3], 9)).sessionsToCreate).toEqual([]);
  });

  it('a stale unlock stops the start before anything is signed; the passphrase then starts it', async () => {
    const { sweep, confirmed, runs, reauthenticated } = sweepWith(0, {
      wallets: WALLETS,
      withSession: ['w1'],
      fresh: false,
    });
    const review = await sweep.review([1, 2, 3], 9);
    await expect(sweep.start(review.reviewId)).rejects.toThrow('Confirm with your passphrase to continue.');
    expect(confirmed).toEqual([]);
    // the review was given back: the same one starts with the passphrase
    const started = await sweep.start(review.reviewId, 'the passphrase');
    expect(reauthenticated).toEqual(['the passphrase']);
    await runs.get(started.runId).done;
    expect(confirmed).toEqual(['c1', 'c2', 'c3']);
  });

  it('needs no passphrase when every wallet has its session', async () => {
    const { sweep, confirmed, runs, reauthenticated } = sweepWith(0, { wallets: WALLETS, fresh: false });
    const started = await sweep.start((await sweep.review([1, 2, 3], 9)).reviewId);
    await runs.get(started.runId).done;
    expect(confirmed).toEqual(['c1', 'c2', 'c3']);
    expect(reauthenticated).toEqual([]);
  });
});

const USDC = 0;
const BTC = 1;
const account = (over: Partial<Account> & { free: bigint }): Account => ({
  accountId: 7,
  balances: [],
  positions: [],
  openOrders: [],
  updateId: 1,
  ...over,
  margin: {
    equity: over.free,
    initialRequirement: 0n,
    maintenanceRequirement: 0n,
    freeCollateral: over.free,
    healthBps: null,
  },
});
const order = {
  orderId: '1',
  clientOrderId: null,
  marketId: 0,
  side: 'BID' as const,
  price: 1n,
  remainingSize: 1n,
};

describe('what a sweep may take from an account', () => {
  it('takes every token of an account with nothing open, the quote token first', () => {
    const spare = spareOf(
      account({
        free: 1_500n,
        balances: [
          { tokenId: BTC, amount: 3n },
          { tokenId: USDC, amount: 1_000n },
        ],
      }),
      USDC,
    );
    expect(spare).toEqual({
      moves: [
        { tokenId: USDC, amount: 1_000n },
        { tokenId: BTC, amount: 3n },
      ],
      kept: [],
    });
  });

  it('keeps what open orders need, less a safety margin, and every other token', () => {
    const spare = spareOf(
      account({
        free: 10_000n,
        openOrders: [order],
        balances: [
          { tokenId: USDC, amount: 20_000n },
          { tokenId: BTC, amount: 3n },
        ],
      }),
      USDC,
    );
    const margin = (10_000n * SWEEP_SAFETY_BPS) / 10_000n;
    expect(spare.moves).toEqual([{ tokenId: USDC, amount: 10_000n - margin }]);
    expect(spare.kept).toEqual([
      { accountId: 7, tokenId: USDC, amount: 10_000n + margin, reason: 'Open positions and orders need it.' },
      { accountId: 7, tokenId: BTC, amount: 3n, reason: 'It backs the account’s open positions and orders.' },
    ]);
  });

  it('moves nothing from an account whose positions need all of it, or more', () => {
    for (const free of [0n, -5n]) {
      const spare = spareOf(
        account({ free, openOrders: [order], balances: [{ tokenId: USDC, amount: 100n }] }),
        USDC,
      );
      expect(spare.moves).toEqual([]);
      expect(spare.kept).toEqual([
        { accountId: 7, tokenId: USDC, amount: 100n, reason: 'Open positions and orders need it.' },
      ]);
    }
  });
});
