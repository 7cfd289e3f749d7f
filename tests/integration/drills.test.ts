// The two drills through the app core against a real devnet, driven through the dispatcher as the screen
// drives them. The compromised-key drill meets a session made on "another device" (the Trader, signing on
// the exchange directly with the wallet's key) holding open orders and triggers; the sweep meets a transfer
// the exchange refuses midway (free collateral shrank between review and signing) and is retried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { Trader } from '../e2e/support/trader';
import { PASSPHRASE, startApp, type TestApp } from './support/app';
import type { ResultOf } from '../../src/shared/ipc/contract';

type Run = ResultOf<'drills.run'>;

let devnet: RunningDevnet;
let app: TestApp;
let trader: Trader;
let walletId = '';
/** the wallet's first account (the Trader's deposit made it) and the one the app transferred into */
let first = 0;
let second = 0;
const USDC = 0;
const usdc = (n: number) => BigInt(n) * 1_000_000n;
/** BTC-PERP: prices in tenths, sizes in ten-thousandths; far below the market, so nothing fills */
const restingBid = (accountId: number) => ({
  accountId,
  marketId: 0,
  side: 'BID' as const,
  size: 1_0000n,
  limitPrice: 1_000_0n,
});

async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const finished = (runId: string): Promise<Run> =>
  until(
    () => app.ok('drills.run', { runId }),
    (r) => r.status !== 'running',
  );
const statuses = (run: Run) => run.steps.map((s) => [s.key.split(':')[0], s.status]);
const balance = async (accountId: number) =>
  (await trader.account(accountId)).balances.find((b) => b.tokenId === USDC)?.amount ?? 0n;

/** A transfer through the app's own pipeline (prepared, then confirmed), as the Transfers page makes it. */
async function transfer(fromAccountId: number, amount: bigint, toAccountId?: number): Promise<void> {
  const summary = await app.ok('actions.prepare', {
    kind: 'transfer',
    walletId,
    fromAccountId,
    tokenId: USDC,
    amount,
    ...(toAccountId !== undefined ? { toAccountId } : {}),
  });
  await app.ok('actions.confirm', { confirmationId: summary.confirmationId });
}

beforeAll(async () => {
  devnet = await startDevnet({ config: { depositDelayMs: 100 } });
  app = await startApp(devnet);
  trader = new Trader(devnet.baseUrl, 'drills-integration', devnet.rpcUrl);
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  walletId = (
    await app.ok('wallets.import', { label: 'Main', secret: trader.secret, passphrase: PASSPHRASE })
  ).walletId;
  first = await trader.deposit(USDC, usdc(10_000));
  await transfer(first, usdc(1_000));
  second = (await trader.accountIds()).find((id) => id !== first)!;
});
afterAll(async () => {
  await app?.close();
  await devnet?.close();
});

describe('the compromised-key drill', () => {
  let foreign = '';

  it('reviews every session, open order and trigger of the wallet, including another device’s', async () => {
    await trader.createSession();
    foreign = trader.sessionId!.toString();
    await trader.order(restingBid(first));
    await trader.order(restingBid(first));
    await trader.order(restingBid(second));
    await trader.trigger({
      accountId: first,
      marketId: 0,
      kind: 'STOP_LOSS',
      side: 'ASK',
      triggerPrice: 2_000_0n,
    });
    await trader.trigger({
      accountId: second,
      marketId: 0,
      kind: 'TAKE_PROFIT',
      side: 'ASK',
      triggerPrice: 900_000_0n,
    });

    const review = await app.ok('drills.reviewCompromisedKey', { walletIds: [walletId] });
    expect(review.wallets).toHaveLength(1);
    const wallet = review.wallets[0]!;
    // the app's own session (made by the transfer) and the foreign one
    expect(wallet.sessions.map((s) => [s.sessionId === foreign, s.createdHere]).sort()).toEqual([
      [false, true],
      [true, false],
    ]);
    const byId = new Map(wallet.accounts.map((a) => [a.accountId, a]));
    expect(byId.get(first)!.openOrders).toHaveLength(2);
    expect(byId.get(first)!.triggers.map((t) => t.kind)).toEqual(['STOP_LOSS']);
    expect(byId.get(second)!.openOrders).toHaveLength(1);
    expect(byId.get(second)!.triggers.map((t) => t.kind)).toEqual(['TAKE_PROFIT']);
  });

  it('needs an unlock of the last few minutes to start', async () => {
    await app.ok('lock.lock');
    const locked = await app.call('drills.startCompromisedKey', { walletIds: [walletId] });
    expect(locked.ok).toBe(false);
    await app.ok('lock.unlock', { passphrase: PASSPHRASE });
  });

  it('revokes every session by the wallet key, then cancels every order and removes every trigger', async () => {
    const started = await app.ok('drills.startCompromisedKey', { walletIds: [walletId] });
    expect(started.kind).toBe('compromisedKey');
    const run = await finished(started.runId);
    expect(run.status).toBe('done');
    expect(statuses(run)).toEqual([
      ['revoke', 'done'],
      ['revoke', 'done'],
      ['session', 'done'],
      ['trigger', 'done'],
      ['order', 'done'],
      ['order', 'done'],
      ['trigger', 'done'],
      ['order', 'done'],
      ['check', 'done'],
    ]);
    expect(run.summary).toBe(
      'Revoked 2 sessions, removed 2 triggers and cancelled 3 orders. No session but the new one made here can sign for Main; the wallet key itself still can (it can make a new session or withdraw at any time). If the wallet key or its recovery phrase may have leaked, run the leaked wallet-key drill to move the money to a new wallet.',
    );

    // the exchange's own view: only the drill's new session, no open order, no trigger
    const sessions = await trader.sessions();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.sessionId).not.toBe(foreign);
    expect((await app.ok('sessions.list'))[0]).toMatchObject({
      label: 'After the compromised-key drill',
      createdHere: true,
    });
    for (const accountId of [first, second]) {
      expect((await trader.account(accountId)).openOrders).toEqual([]);
      expect(await trader.triggers(accountId)).toEqual([]);
    }
    // and the other device's session can no longer sign
    await expect(trader.order(restingBid(first))).rejects.toThrow(/refused placeOrder: SESSION/);

    // what was done, as the audit log recorded it: each action with its id, wallet-signed revocations first
    const kinds = run.audit.map((e) => [e.kind, e.result]);
    expect(kinds).toEqual([
      ['drillStarted', 'ok'],
      ['revokeSession', 'ok'],
      ['revokeSession', 'ok'],
      ['createSession', 'ok'],
      ['removeTrigger', 'ok'],
      ['cancelOrder', 'ok'],
      ['cancelOrder', 'ok'],
      ['removeTrigger', 'ok'],
      ['cancelOrder', 'ok'],
      ['drillFinished', 'ok'],
    ]);
    expect(run.audit.filter((e) => !e.kind.startsWith('drill')).every((e) => e.actionId)).toBe(true);
    // the drill's own lines name the wallet it was run for
    expect(run.audit.filter((e) => e.kind.startsWith('drill')).map((e) => e.sentence)).toEqual([
      'Started the compromised-key drill for wallet Main',
      'Finished the compromised-key drill for wallet Main',
    ]);
    expect(run.audit.find((e) => e.kind === 'revokeSession' && e.sessionId === foreign)).toBeDefined();
  });

  it('with nothing left, a second run only revokes and replaces the drill’s own session', async () => {
    const run = await finished((await app.ok('drills.startCompromisedKey', { walletIds: [walletId] })).runId);
    expect(statuses(run)).toEqual([
      ['revoke', 'done'],
      ['session', 'done'],
      ['check', 'done'],
    ]);
  });
});

describe('the multi-account sweep', () => {
  let third = 0;
  let target = 0;

  it('reviews one transfer per account and token, of free collateral only', async () => {
    await transfer(first, usdc(500));
    third = (await trader.accountIds()).find((id) => id !== first && id !== second)!;
    // another wallet of the person's: its account is the target
    const other = new Trader(devnet.baseUrl, 'drills-integration-savings', devnet.rpcUrl);
    await app.ok('wallets.import', { label: 'Savings', secret: other.secret, passphrase: PASSPHRASE });
    target = await other.deposit(USDC, usdc(1));

    const review = await app.ok('drills.reviewSweep', {
      accountIds: [first, second, third],
      targetAccountId: target,
    });
    expect(review.moneyLeaves).toBe(false);
    expect(review.transfers.map((t) => [t.fromAccountId, t.tokenId, t.amount, t.moneyLeaves])).toEqual([
      [first, USDC, usdc(8_500), false],
      [second, USDC, usdc(1_000), false],
      [third, USDC, usdc(500), false],
    ]);
    expect(review.kept).toEqual([]);
  });

  it('refuses the target among the sources, an unknown target, and an account of no wallet here', async () => {
    const refused = async (args: { accountIds: number[]; targetAccountId: number }) => {
      const result = await app.call('drills.reviewSweep', args);
      expect(result.ok).toBe(false);
      return result.ok ? '' : result.error.message;
    };
    expect(await refused({ accountIds: [first, target], targetAccountId: target })).toMatch(/is the target/);
    expect(await refused({ accountIds: [first], targetAccountId: 99_999 })).toBe(
      'Account 99999 does not exist.',
    );
    const stranger = new Trader(devnet.baseUrl, 'drills-integration-stranger', devnet.rpcUrl);
    const theirs = await stranger.deposit(USDC, usdc(1));
    expect(await refused({ accountIds: [theirs], targetAccountId: target })).toBe(
      `Account ${theirs} does not belong to any of your wallets.`,
    );
  });

  it('records exactly what moved when the 2nd of 3 transfers is refused, and never moves anything twice', async () => {
    const review = await app.ok('drills.reviewSweep', {
      accountIds: [first, second, third],
      targetAccountId: target,
    });
    // between review and signing, another device's order takes margin on the 2nd account
    await trader.createSession();
    await trader.order(restingBid(second));
    const before = await balance(target);

    const run = await finished((await app.ok('drills.startSweep', { reviewId: review.reviewId })).runId);
    expect(run.status).toBe('failed');
    expect(run.steps.map((s) => [s.transfer!.fromAccountId, s.status])).toEqual([
      [first, 'done'],
      [second, 'failed'],
      [third, 'done'],
    ]);
    expect(run.steps[1]!.detail).toMatch(/margin|risk|collateral/i);
    expect(run.summary).toBe(
      `Moved 2 transfers of 3 into account ${target}: 8,500.00 USDC from account ${first}, 500.00 USDC from account ${third}. ` +
        `Not moved: 1,000.00 USDC from account ${second} (${run.steps[1]!.detail!.replace(/\.$/, '')}).`,
    );
    // the exchange: exactly the two moved
    expect((await balance(target)) - before).toBe(usdc(9_000));
    expect(await balance(second)).toBe(usdc(1_000));
    // the audit log: the sweep's start, each transfer as it ended, then its end saying what did not move
    expect(run.audit.map((e) => [e.kind, e.result, e.accounts[0]])).toEqual([
      ['drillStarted', 'ok', undefined],
      ['transfer', 'ok', first],
      ['transfer', 'err', second],
      ['transfer', 'ok', third],
      ['drillFinished', 'err', undefined],
    ]);
    expect(run.audit[4]!.detail).toBe(
      `Swept into account ${target}: 8,500.00 USDC from ${first} moved, 1,000.00 USDC from ${second} NOT moved, 500.00 USDC from ${third} moved`,
    );

    // the same review cannot run again
    const again = await app.call('drills.startSweep', { reviewId: review.reviewId });
    expect(again.ok).toBe(false);
    // a new review reads the balances afresh: only what the 2nd account can spare now, less the safety margin
    const retry = await app.ok('drills.reviewSweep', {
      accountIds: [first, second, third],
      targetAccountId: target,
    });
    expect(retry.transfers.map((t) => t.fromAccountId)).toEqual([second]);
    const spare = retry.transfers[0]!.amount;
    expect(spare).toBeLessThan(usdc(1_000));
    expect(retry.kept.map((k) => [k.accountId, k.reason])).toEqual([
      [first, 'Nothing to move: the account is empty.'],
      [second, 'Open positions and orders need it.'],
      [third, 'Nothing to move: the account is empty.'],
    ]);
    const second_run = await finished(
      (await app.ok('drills.startSweep', { reviewId: retry.reviewId })).runId,
    );
    expect(second_run.status).toBe('done');
    expect((await balance(target)) - before).toBe(usdc(9_000) + spare);
    const received = (await app.ok('history.page', { accountId: target, kind: 'transfer' })).items;
    expect(received).toHaveLength(3);
  });

  it('asks for the passphrase once when the target is someone else’s, and moves nothing without it', async () => {
    const stranger = new Trader(devnet.baseUrl, 'drills-integration-friend', devnet.rpcUrl);
    const friend = await stranger.deposit(USDC, usdc(1));
    const review = await app.ok('drills.reviewSweep', { accountIds: [target], targetAccountId: friend });
    expect(review.moneyLeaves).toBe(true);
    expect(review.transfers[0]!.warnings.join(' ')).toMatch(/belongs to someone else/);

    const without = await app.call('drills.startSweep', { reviewId: review.reviewId });
    expect(without.ok ? null : without.error.code).toBe('LOCKED');
    const wrong = await app.call('drills.startSweep', { reviewId: review.reviewId, passphrase: 'not it' });
    expect(wrong.ok).toBe(false);
    expect(await balance(friend)).toBe(usdc(1));

    const run = await finished(
      (await app.ok('drills.startSweep', { reviewId: review.reviewId, passphrase: PASSPHRASE })).runId,
    );
    expect(run.status).toBe('done');
    expect(await balance(friend)).toBe(usdc(1) + review.transfers[0]!.amount);
  });
});
