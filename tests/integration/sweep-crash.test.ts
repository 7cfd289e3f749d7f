// A sweep that loses the exchange's answer about its 2nd transfer and the app stopping right there: the
// transfer after it is not sent, the restarted app settles the lost one from the exchange's own record, and
// a new review offers only what did not move. Every amount reaches the target exactly once. And the same
// sweep with the app stopped dead while the 2nd transfer is on its way (its data folder copied at that
// instant, as a crash would leave it): the next start finds out what each transfer did, writes the sweep's
// summary line once, and keeps the interrupted run's record for the drill page until it is dismissed.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDevnet } from '../../src/devnet/server';
import { Trader } from '../e2e/support/trader';
import { MemorySecretStore } from '../support/memory-store';
import { startFaultyProxy } from './support/faulty-proxy';
import { PASSPHRASE, startApp, type TestApp } from './support/app';

const USDC = 0;
const usdc = (n: number) => BigInt(n) * 1_000_000n;
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function finishedRun(app: TestApp, runId: string) {
  for (;;) {
    const run = await app.ok('drills.run', { runId });
    if (run.status !== 'running') return run;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A devnet behind a proxy that can lose answers, an app with the trader's wallet, and four accounts: three
 * to sweep (8,499, 1,000 and 500 USDC once reviewed) and the target; the sweep reviewed.
 */
async function sweepSetUp(name: string) {
  const devnet = await startDevnet({ config: { depositDelayMs: 100 } });
  cleanup.push(() => devnet.close());
  const proxy = await startFaultyProxy(() => devnet.baseUrl);
  cleanup.push(() => proxy.close());
  const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-sweep-crash-'));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const store = new MemorySecretStore();
  const exchange = { baseUrl: proxy.url, rpcUrl: devnet.rpcUrl };
  const trader = new Trader(devnet.baseUrl, name, devnet.rpcUrl);
  const balance = async (accountId: number) =>
    (await trader.account(accountId)).balances.find((b) => b.tokenId === USDC)?.amount ?? 0n;

  const app = await startApp(exchange, { dataDir, store });
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  const { walletId } = await app.ok('wallets.import', {
    label: 'Main',
    secret: trader.secret,
    passphrase: PASSPHRASE,
  });
  const first = await trader.deposit(USDC, usdc(10_000));
  // the app's own session first, so that the sweep's transfers are the only actions it sends
  await app.ok('sessions.create', { walletId });
  await trader.createSession();
  const second = await trader.transfer({ fromAccountId: first, tokenId: USDC, amount: usdc(1_000) });
  const third = await trader.transfer({ fromAccountId: first, tokenId: USDC, amount: usdc(500) });
  const target = await trader.transfer({ fromAccountId: first, tokenId: USDC, amount: usdc(1) });
  const review = await app.ok('drills.reviewSweep', {
    accountIds: [first, second, third],
    targetAccountId: target,
  });
  return { proxy, dataDir, store, exchange, balance, app, first, second, third, target, review };
}

describe('a sweep interrupted by a lost answer and a restart', () => {
  it('sends nothing after the lost transfer, settles it after the restart, and moves each amount once', async () => {
    const { proxy, dataDir, store, exchange, balance, app, first, second, third, target, review } =
      await sweepSetUp('sweep-crash');
    expect(review.transfers.map((t) => t.amount)).toEqual([usdc(8_499), usdc(1_000), usdc(500)]);
    // the 2nd transfer reaches the exchange, which executes it; its answer is lost and the exchange goes away
    let forwarded = 0;
    proxy.beforeForward = () => {
      forwarded += 1;
      if (forwarded === 2) proxy.mode = 'drop-action-response';
    };
    proxy.afterForward = () => void (proxy.mode = 'down');
    const run = await finishedRun(
      app,
      (await app.ok('drills.startSweep', { reviewId: review.reviewId })).runId,
    );
    expect(run.steps.map((s) => s.status)).toEqual(['done', 'failed', 'skipped']);
    expect(run.steps[2]!.detail).toMatch(/^Not sent: whether .* went through is not known yet\.$/);
    expect(forwarded).toBe(2);
    expect(app.core.connection!.journal.pending()).toHaveLength(1);
    await app.close();

    // back with the exchange reachable: the journal entry is settled from the exchange's record, once
    proxy.mode = 'pass';
    proxy.beforeForward = undefined;
    const again = await startApp(exchange, { dataDir, store });
    cleanup.push(() => again.close());
    await again.ok('lock.unlock', { passphrase: PASSPHRASE });
    expect(again.core.connection!.journal.pending()).toEqual([]);
    expect(await balance(target)).toBe(usdc(1 + 8_499 + 1_000));
    const recovered = (await again.ok('audit.list', { kind: 'transfer' })).entries[0]!;
    expect(recovered).toMatchObject({ result: 'ok', accounts: [second, target] });
    expect(recovered.detail).toMatch(/^executed-earlier/);

    // a new review offers only the 3rd account: nothing that moved can move again
    const retry = await again.ok('drills.reviewSweep', {
      accountIds: [first, second, third],
      targetAccountId: target,
    });
    expect(retry.transfers.map((t) => [t.fromAccountId, t.amount])).toEqual([[third, usdc(500)]]);
    const done = await finishedRun(
      again,
      (await again.ok('drills.startSweep', { reviewId: retry.reviewId })).runId,
    );
    expect(done.status).toBe('done');
    expect(await balance(target)).toBe(usdc(1 + 8_499 + 1_000 + 500));
    for (const id of [first, second, third]) expect(await balance(id)).toBe(0n);
  });

  it('after a crash mid-sweep, the next start writes the summary line once, with what moved', async () => {
    const { proxy, dataDir, store, exchange, balance, app, first, second, third, target, review } =
      await sweepSetUp('sweep-crash-dead');
    const crashed = mkdtempSync(join(tmpdir(), 'perpetua-sweep-crashed-'));
    cleanup.push(() => rmSync(crashed, { recursive: true, force: true }));

    // the 2nd transfer executes on the exchange; before its answer comes back the app "dies": its folder is
    // copied as it is at that instant, and the app that goes on is never looked at again
    let forwarded = 0;
    proxy.beforeForward = () => {
      forwarded += 1;
      if (forwarded === 2) proxy.mode = 'drop-action-response';
    };
    proxy.afterForward = () => {
      cpSync(dataDir, crashed, { recursive: true });
      proxy.mode = 'down';
    };
    const doomed = await finishedRun(
      app,
      (await app.ok('drills.startSweep', { reviewId: review.reviewId })).runId,
    );
    expect(forwarded).toBe(2);
    await app.close();
    const sweepLines = async (a: TestApp) => (await a.ok('audit.list', { kind: 'drillFinished' })).entries;

    proxy.mode = 'pass';
    proxy.beforeForward = undefined;
    proxy.afterForward = undefined;
    const again = await startApp(exchange, { dataDir: crashed, store });
    await again.ok('lock.unlock', { passphrase: PASSPHRASE });
    // the start settled the lost transfer with the exchange, then the sweep around it
    expect(again.core.connection!.journal.pending()).toEqual([]);
    expect(await sweepLines(again)).toHaveLength(1);
    const [interrupted, ...none] = await again.ok('drills.interrupted', {});
    expect(none).toEqual([]);
    expect(interrupted).toMatchObject({ runId: doomed.runId, interrupted: true, status: 'failed' });
    expect(interrupted!.steps.map((s) => s.status)).toEqual(['done', 'done', 'skipped']);
    expect(interrupted!.steps[2]!.detail).toBe('Not sent: the app stopped before it.');
    expect(interrupted!.summary).toBe(
      `Interrupted: 2 of 3 transfers moved into account ${target}: 8,499.00 USDC from account ${first}, ` +
        `1,000.00 USDC from account ${second}. Not moved: 500.00 USDC from account ${third} (Not sent: the app stopped before it).`,
    );
    const [line] = await sweepLines(again);
    expect(line).toMatchObject({
      result: 'err',
      sentence: 'Finished the multi-account sweep for wallet Main',
    });
    expect(line!.detail).toBe(
      `Interrupted; Swept into account ${target}: 8,499.00 USDC from ${first} moved, 1,000.00 USDC from ${second} moved, 500.00 USDC from ${third} NOT moved`,
    );
    // the record's audit entries are the drill's: its start, both transfers that moved, and its end with
    // what moved, written once it was settled
    expect(interrupted!.audit.map((e) => [e.kind, e.result])).toEqual([
      ['drillStarted', 'ok'],
      ['transfer', 'ok'],
      ['transfer', 'ok'],
      ['drillFinished', 'err'],
    ]);
    expect(await balance(target)).toBe(usdc(1 + 8_499 + 1_000));

    // asked again, and after yet another start: still one summary line, the record still shown
    await again.ok('drills.interrupted', {});
    await again.close();
    const third_ = await startApp(exchange, { dataDir: crashed, store });
    cleanup.push(() => third_.close());
    await third_.ok('lock.unlock', { passphrase: PASSPHRASE });
    expect((await third_.ok('drills.interrupted', {})).map((r) => r.summary)).toEqual([interrupted!.summary]);
    expect(await sweepLines(third_)).toHaveLength(1);
    await third_.ok('drills.dismiss', { runId: doomed.runId });
    expect(await third_.ok('drills.interrupted', {})).toEqual([]);
    expect(await sweepLines(third_)).toHaveLength(1);
  });
});
