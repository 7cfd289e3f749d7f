// A sweep that loses the exchange's answer about its 2nd transfer and the app stopping right there: the
// transfer after it is not sent, the restarted app settles the lost one from the exchange's own record, and
// a new review offers only what did not move. Every amount reaches the target exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
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

describe('a sweep interrupted by a lost answer and a restart', () => {
  it('sends nothing after the lost transfer, settles it after the restart, and moves each amount once', async () => {
    const devnet = await startDevnet({ config: { depositDelayMs: 100 } });
    cleanup.push(() => devnet.close());
    const proxy = await startFaultyProxy(() => devnet.baseUrl);
    cleanup.push(() => proxy.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-sweep-crash-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const store = new MemorySecretStore();
    const exchange = { baseUrl: proxy.url, rpcUrl: devnet.rpcUrl };
    const trader = new Trader(devnet.baseUrl, 'sweep-crash', devnet.rpcUrl);
    const balance = async (accountId: number) =>
      (await trader.account(accountId)).balances.find((b) => b.tokenId === USDC)?.amount ?? 0n;

    const app = await startApp(exchange, { dataDir, store });
    await app.ok('lock.setup', { passphrase: PASSPHRASE });
    const { walletId } = await app.ok('wallets.import', { label: 'Main', secret: trader.secret });
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
    expect(app.core.services.journal.pending()).toHaveLength(1);
    await app.close();

    // back with the exchange reachable: the journal entry is settled from the exchange's record, once
    proxy.mode = 'pass';
    proxy.beforeForward = undefined;
    const again = await startApp(exchange, { dataDir, store });
    cleanup.push(() => again.close());
    await again.ok('lock.unlock', { passphrase: PASSPHRASE });
    expect(again.core.services.journal.pending()).toEqual([]);
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
});
