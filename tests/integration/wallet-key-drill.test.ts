// The leaked wallet-key drill through the app core against a real devnet and its real chain, driven through
// the dispatcher as the screen drives it. A wallet with two accounts (a long to close, a short kept open),
// a resting order, a trigger, exchange balances and chain balances (USDC, BTC and SOL) is evacuated to a
// wallet made from a new recovery phrase: the new wallet has no exchange account, so a deposit of the old
// wallet's own chain USDC opens it. Then the same drill with the app "killed" while a transfer is on its
// way (its data folder copied at that instant, the exchange gone for the doomed app): the next start shows
// where it stopped, and finishing it moves each amount exactly once. And a wallet with no chain tokens to
// open the new account with: each balance is withdrawn to the new wallet's address at the exchange's fee.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { Trader } from '../e2e/support/trader';
import { startFaultyProxy } from './support/faulty-proxy';
import { PASSPHRASE, startApp, type TestApp } from './support/app';
import type { ResultOf } from '../../src/shared/ipc/contract';

type Run = ResultOf<'drills.run'>;

const USDC = 0;
const BTC = 1;
const usdc = (n: number) => BigInt(n) * 1_000_000n;
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function finished(app: TestApp, runId: string): Promise<Run> {
  const end = Date.now() + 60_000;
  for (;;) {
    const run = await app.ok('drills.run', { runId });
    if (run.status !== 'running' || Date.now() > end) return run;
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A wallet made the way the screen makes it: a new phrase, then the backup check answered. */
async function newWallet(app: TestApp, label: string) {
  const made = await app.ok('phrases.create', { label, wordCount: 12, passphrase: PASSPHRASE });
  return app.ok('phrases.confirmBackup', {
    pendingId: made.pendingId,
    answers: made.checkPositions.map((p) => made.mnemonic[p - 1]!),
  });
}

/**
 * A devnet (behind a proxy that can lose answers), an app holding the Trader's wallet "Old", and Old's
 * holdings: account `first` with a 0.1 BTC long, a resting bid and a stop-loss; account `second` with a
 * 0.1 BTC short; 250 USDC and 0.01 BTC and some SOL on the chain.
 */
async function setUp(name: string) {
  const devnet: RunningDevnet = await startDevnet({ config: { depositDelayMs: 100 } });
  cleanup.push(() => devnet.close());
  const proxy = await startFaultyProxy(() => devnet.baseUrl);
  cleanup.push(() => proxy.close());
  const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-wallet-key-'));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const exchange = { baseUrl: proxy.url, rpcUrl: devnet.rpcUrl };
  const app = await startApp(exchange, { dataDir });
  cleanup.push(() => app.close());
  const trader = new Trader(devnet.baseUrl, name, devnet.rpcUrl);
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  const old = await app.ok('wallets.import', { label: 'Old', secret: trader.secret, passphrase: PASSPHRASE });
  const first = await trader.deposit(USDC, usdc(10_000));
  await trader.createSession();
  const second = await trader.transfer({ fromAccountId: first, tokenId: USDC, amount: usdc(3_000) });
  await trader.order({ accountId: first, marketId: 0, side: 'BID', size: 1000n });
  await trader.order({ accountId: second, marketId: 0, side: 'ASK', size: 1000n });
  await trader.order({ accountId: first, marketId: 0, side: 'BID', size: 1000n, limitPrice: 1_000_0n });
  await trader.trigger({
    accountId: first,
    marketId: 0,
    kind: 'STOP_LOSS',
    side: 'ASK',
    triggerPrice: 2_000_0n,
  });
  await app.ok('funds.faucet', { walletId: old.walletId, tokenId: USDC, amount: usdc(250) });
  await app.ok('funds.faucet', { walletId: old.walletId, tokenId: BTC, amount: 1_000_000n });
  const fresh = await newWallet(app, 'New');
  const account = async (id: number) => trader.account(id);
  const held = async (id: number, tokenId = USDC) =>
    (await account(id)).balances.find((b) => b.tokenId === tokenId)?.amount ?? 0n;
  const newAccount = async () =>
    (await app.ok('portfolio.get')).wallets.find((w) => w.wallet.walletId === fresh.walletId)?.accounts[0]
      ?.accountId;
  return {
    devnet,
    proxy,
    dataDir,
    exchange,
    app,
    trader,
    old,
    fresh,
    first,
    second,
    account,
    held,
    newAccount,
  };
}

describe('the leaked wallet-key drill', () => {
  it('moves everything to the new wallet, closing the chosen position, and retires the old one', async () => {
    const { app, old, fresh, first, second, account, held, trader, newAccount } = await setUp('wallet-key');
    const chainBefore = await app.ok('funds.chainBalances', { walletId: old.walletId });
    expect(chainBefore.tokens.find((t) => t.tokenId === USDC)!.amount).toBe(usdc(250));

    const review = await app.ok('drills.reviewWalletKey', {
      walletIds: [old.walletId],
      targetWalletId: fresh.walletId,
      close: [{ accountId: first, marketId: 0 }],
    });
    // the new wallet has no account: the old wallet's chain USDC opens it, for a network fee only
    expect(review.target.hasAccount).toBe(false);
    expect(review.route).toMatch(
      /^New has no exchange account yet.*250\.00 USDC Old holds on the chain.*network fee 0\.000005 SOL/,
    );
    const labels = review.actions.map((a) => a.label);
    expect(labels.slice(0, 3)).toEqual([
      `Remove stop-loss 1 on account ${first}`,
      expect.stringMatching(new RegExp(`^Cancel order \\d+ on account ${first}$`)),
      `Close the BTC-PERP long on account ${first} (reduce-only, immediate or cancel)`,
    ]);
    expect(labels).toContain(
      'Deposit the 250.00 USDC it holds on the chain into the exchange, credited to New: this opens New’s exchange account',
    );
    expect(labels.filter((l) => l.startsWith('Transfer '))).toHaveLength(2);
    expect(labels).toContain('Send the 0.01 BTC it holds on the chain to New’s address');
    expect(labels.at(-2)).toMatch(/^Revoke every session of Old/);
    expect(labels.at(-1)).toMatch(/^Mark Old compromised/);
    // each position with what closing it would do; the kept one's margin listed with when and how
    const long = review.positions.find((p) => p.accountId === first)!;
    expect(long.close).toBe(true);
    expect(long.lines.map((l) => l.key)).toEqual(
      expect.arrayContaining(['estimatedPrice', 'fee', 'realizedPnl', 'limitPrice']),
    );
    expect(review.positions.find((p) => p.accountId === second)!.close).toBe(false);
    expect(review.kept.map((k) => k.what)).toContain(
      `The margin held by the BTC-PERP position on account ${second}, kept open`,
    );
    expect(review.urgency).toMatch(/can still sign until the money has moved/);

    // the passphrase, once: a wrong one is refused and leaves the review to be started
    const wrong = await app.call('drills.startWalletKey', {
      reviewId: review.reviewId,
      passphrase: 'not it',
    });
    expect(wrong.ok).toBe(false);
    const started = await app.ok('drills.startWalletKey', {
      reviewId: review.reviewId,
      passphrase: PASSPHRASE,
    });
    const run = await finished(app, started.runId);
    expect(run.steps.filter((s) => s.status !== 'done').map((s) => [s.label, s.detail])).toEqual([]);
    expect(run.status).toBe('done');
    // a started review is used up
    expect(
      (await app.call('drills.startWalletKey', { reviewId: review.reviewId, passphrase: PASSPHRASE })).ok,
    ).toBe(false);

    // the old wallet: the long closed, nothing open but the kept short, only what the short needs left
    expect((await account(first)).positions).toEqual([]);
    expect((await account(first)).openOrders).toEqual([]);
    expect(await trader.triggers(first)).toEqual([]);
    expect(await held(first)).toBe(0n);
    expect((await account(second)).positions).toHaveLength(1);
    const chainAfter = await app.ok('funds.chainBalances', { walletId: old.walletId });
    expect(chainAfter.sol).toBe(0n);
    expect(chainAfter.tokens.every((t) => t.amount === 0n)).toBe(true);
    // the new wallet: its account holds the deposit and the transfers; its address the BTC and the SOL
    const chainNew = await app.ok('funds.chainBalances', { walletId: fresh.walletId });
    expect(chainNew.tokens.find((t) => t.tokenId === BTC)!.amount).toBe(1_000_000n);
    expect(chainNew.sol).toBeGreaterThan(0n);
    expect((await app.ok('drills.compromised', {}))[0]).toMatchObject({
      publicKey: old.publicKey,
      movedTo: fresh.publicKey,
    });
    const sessions = await app.ok('sessions.list');
    expect(sessions.filter((s) => s.walletId === old.walletId)).toEqual([]);

    // a finished drill has nothing to finish; the old wallet can no longer be chosen as where money goes
    const again = await app.call('drills.finishWalletKey', { runId: run.runId, passphrase: PASSPHRASE });
    expect(again.ok ? null : again.error.code).toBe('CONFLICT');
    const back = await app.call('drills.reviewWalletKey', {
      walletIds: [fresh.walletId],
      targetWalletId: old.walletId,
      close: [],
    });
    expect(back.ok ? null : [back.error.code, back.error.message]).toEqual([
      'INVALID_ARGUMENT',
      'Old is marked compromised: choose a new wallet.',
    ]);
    const unknown = await app.call('drills.finishWalletKey', {
      runId: 'no-such-run',
      passphrase: PASSPHRASE,
    });
    expect(unknown.ok ? null : unknown.error.code).toBe('NOT_FOUND');

    // the old wallet is no longer "own": a transfer to its account now sends money out (the passphrase)
    const newAccountId = (await newAccount())!;
    expect(await held(newAccountId)).toBeGreaterThan(usdc(250));
    const summary = await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId: fresh.walletId,
      fromAccountId: newAccountId,
      tokenId: USDC,
      amount: usdc(1),
      toAccountId: first,
    });
    expect(summary.moneyLeaves).toBe(true);
    const refused = await app.call('actions.confirm', { confirmationId: summary.confirmationId });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? null : refused.error.code).toBe('LOCKED');
  }, 120_000);

  it('after a crash mid-drill, the next start shows where it stopped and finishing it does nothing twice', async () => {
    const { proxy, dataDir, exchange, app, old, fresh, first, second, held } =
      await setUp('wallet-key-crash');
    const crashed = mkdtempSync(join(tmpdir(), 'perpetua-wallet-key-crashed-'));
    cleanup.push(() => rmSync(crashed, { recursive: true, force: true }));
    const recordFile = join(app.core.connection!.networkDir, 'drill-runs.json');
    const running = (): string | undefined => {
      if (!existsSync(recordFile)) return undefined;
      const { runs } = JSON.parse(readFileSync(recordFile, 'utf8')) as {
        runs: { steps: { key: string; status: string }[] }[];
      };
      return runs.at(-1)?.steps.find((s) => s.status === 'running')?.key;
    };
    // the first transfer of an exchange balance reaches the exchange, which executes it; its answer is
    // lost, the app "dies" (its folder copied at that instant) and the doomed app never reaches it again
    proxy.beforeForward = () => {
      if (running()?.startsWith('move:')) proxy.mode = 'drop-action-response';
    };
    proxy.afterForward = () => {
      cpSync(dataDir, crashed, { recursive: true });
      proxy.mode = 'down';
    };
    const review = await app.ok('drills.reviewWalletKey', {
      walletIds: [old.walletId],
      targetWalletId: fresh.walletId,
      close: [{ accountId: first, marketId: 0 }],
    });
    const doomed = await finished(
      app,
      (await app.ok('drills.startWalletKey', { reviewId: review.reviewId, passphrase: PASSPHRASE })).runId,
    );
    expect(doomed.status).toBe('failed');
    const movedBefore = await held(second);
    await app.close();

    proxy.mode = 'pass';
    proxy.beforeForward = undefined;
    proxy.afterForward = undefined;
    const again = await startApp(exchange, { dataDir: crashed, store: app.store });
    cleanup.push(() => again.close());
    await again.ok('lock.unlock', { passphrase: PASSPHRASE });
    // the lost transfer was settled with the exchange at start; the drill shows where it stopped
    expect(again.core.connection!.journal.pending()).toEqual([]);
    const [interrupted] = await again.ok('drills.interrupted', {});
    expect(interrupted).toMatchObject({
      runId: doomed.runId,
      kind: 'walletKey',
      interrupted: true,
      status: 'failed',
    });
    expect(interrupted!.summary).toMatch(
      /^Interrupted at “Transfer .* from account \d+ to account \d+ of New”: \d+ of \d+ steps done\. Finish the drill/,
    );
    const doneBefore = interrupted!.steps.filter((s) => s.status === 'done').map((s) => s.key);
    expect(doneBefore).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^trigger:/),
        expect.stringMatching(/^order:/),
        `close:${first}:0`,
        'open',
      ]),
    );

    const finishedRun = await finished(
      again,
      (await again.ok('drills.finishWalletKey', { runId: doomed.runId, passphrase: PASSPHRASE })).runId,
    );
    expect(finishedRun.steps.filter((s) => s.status === 'failed')).toEqual([]);
    expect(finishedRun.status).toBe('done');
    // the transfer the crash cut off was found done, not sent again
    expect(finishedRun.steps.find((s) => s.key === `move:${first}:${USDC}`)).toMatchObject({
      status: 'skipped',
      detail: expect.stringMatching(/^Nothing of it was left when the drill was finished/),
    });
    // each step of the run exactly once: nothing before the crash was signed again
    const audit = (await again.ok('audit.list', {})).entries.filter((e) => e.result === 'ok');
    const count = (kind: string) => audit.filter((e) => e.kind === kind).length;
    expect([count('removeTrigger'), count('cancelOrder'), count('closePosition')]).toEqual([1, 1, 1]);
    // two exchange balances moved, once each: the lost one (found executed) and the other
    expect(count('transfer')).toBe(2);
    const newAccountId = (await again.ok('portfolio.get')).wallets.find(
      (w) => w.wallet.walletId === fresh.walletId,
    )!.accounts[0]!.accountId;
    expect(await held(first)).toBe(0n);
    expect(await held(second)).toBeLessThan(movedBefore);
    expect(await held(newAccountId)).toBeGreaterThan(usdc(250));
    expect((await again.ok('drills.compromised', {})).map((c) => c.publicKey)).toEqual([old.publicKey]);
  }, 180_000);

  it('without chain tokens to open the new account, withdraws each balance to the new address at its fee', async () => {
    const devnet = await startDevnet({ config: { depositDelayMs: 100 } });
    cleanup.push(() => devnet.close());
    const app = await startApp(devnet);
    cleanup.push(() => app.close());
    const trader = new Trader(devnet.baseUrl, 'wallet-key-withdraw', devnet.rpcUrl);
    await app.ok('lock.setup', { passphrase: PASSPHRASE });
    const old = await app.ok('wallets.import', {
      label: 'Old',
      secret: trader.secret,
      passphrase: PASSPHRASE,
    });
    // the deposit spends all the chain USDC the faucet gave: only SOL is left on the chain
    const first = await trader.deposit(USDC, usdc(1_000));
    const fresh = await newWallet(app, 'New');

    const review = await app.ok('drills.reviewWalletKey', {
      walletIds: [old.walletId],
      targetWalletId: fresh.walletId,
      close: [],
    });
    expect(review.route).toMatch(
      /^New has no exchange account yet, and no wallet here holds tokens on the chain/,
    );
    const withdrawal = review.actions.find((a) => a.label.startsWith('Withdraw'))!;
    expect(withdrawal.label).toBe(
      `Withdraw all 1,000.00 USDC from account ${first} to New’s address on the chain`,
    );
    expect(withdrawal.cost).toMatch(/^withdrawal fee \d[\d,]*\.\d{2,} USDC$/);

    // the withdrawal sends money out of the wallets: the passphrase given once at the start is what it uses
    const run = await finished(
      app,
      (await app.ok('drills.startWalletKey', { reviewId: review.reviewId, passphrase: PASSPHRASE })).runId,
    );
    expect(run.steps.filter((s) => s.status !== 'done').map((s) => [s.label, s.detail])).toEqual([]);
    expect((await trader.account(first)).balances.find((b) => b.tokenId === USDC)?.amount ?? 0n).toBe(0n);
    // the exchange pays the withdrawal out to the new address, less its fee
    let paid = 0n;
    for (let i = 0; i < 100 && paid === 0n; i += 1) {
      paid = (await app.ok('funds.chainBalances', { walletId: fresh.walletId })).tokens.find(
        (t) => t.tokenId === USDC,
      )!.amount;
      if (paid === 0n) await new Promise((r) => setTimeout(r, 200));
    }
    expect(paid).toBeGreaterThan(0n);
    expect(paid).toBeLessThan(usdc(1_000));
  }, 120_000);
});
