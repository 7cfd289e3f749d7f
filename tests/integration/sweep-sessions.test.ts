// A sweep over three wallets, two of which have no session on this device: its review lists the two
// wallet-signed sessions its start makes along with the transfers (a 3-wallet sweep signed two createSession
// actions the review did not show), the start asks for a recent unlock for them before anything is signed,
// and the run makes exactly those two.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { Trader } from '../e2e/support/trader';
import { PASSPHRASE, startApp, type TestApp } from './support/app';

const USDC = 0;
const usdc = (n: number) => BigInt(n) * 1_000_000n;

let devnet: RunningDevnet;
let app: TestApp;
let now = Date.now();
const wallets: { label: string; walletId: string; trader: Trader; account: number }[] = [];
let target = 0;

beforeAll(async () => {
  devnet = await startDevnet({ config: { depositDelayMs: 100 } });
  app = await startApp(devnet, { now: () => now });
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  for (const label of ['Alpha', 'Bravo', 'Charlie']) {
    const trader = new Trader(devnet.baseUrl, `sweep-sessions-${label}`, devnet.rpcUrl);
    const { walletId } = await app.ok('wallets.import', {
      label,
      secret: trader.secret,
      passphrase: PASSPHRASE,
    });
    wallets.push({ label, walletId, trader, account: await trader.deposit(USDC, usdc(100)) });
  }
  // Alpha alone has a session made here; its second account (made by the exchange's own transfer) is the target
  await app.ok('sessions.create', { walletId: wallets[0]!.walletId });
  await wallets[0]!.trader.createSession();
  target = await wallets[0]!.trader.transfer({
    fromAccountId: wallets[0]!.account,
    tokenId: USDC,
    amount: usdc(1),
  });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await devnet?.close();
});

const sessionsHere = async () =>
  (await app.ok('sessions.list'))
    .filter((s) => s.createdHere)
    .map((s) => s.walletLabel)
    .sort();

describe('a sweep over wallets with no session here', () => {
  it('reviews the sessions it signs, asks for a recent unlock, then signs exactly those', async () => {
    // six minutes after the unlock: too old for the wallet key to sign without the passphrase
    now += 6 * 60_000;
    const review = await app.ok('drills.reviewSweep', {
      accountIds: wallets.map((w) => w.account),
      targetAccountId: target,
    });
    expect(review.transfers.map((t) => [t.walletLabel, t.fromAccountId])).toEqual(
      wallets.map((w) => [w.label, w.account]),
    );
    expect(review.moneyLeaves).toBe(false);
    expect(review.sessionsToCreate).toEqual([
      { walletId: wallets[1]!.walletId, walletLabel: 'Bravo' },
      { walletId: wallets[2]!.walletId, walletLabel: 'Charlie' },
    ]);

    // refused before anything is signed
    expect(await app.call('drills.startSweep', { reviewId: review.reviewId })).toEqual({
      ok: false,
      error: {
        code: 'LOCKED',
        message: 'Confirm with your passphrase to continue.',
        details: { freshUnlockRequired: true },
      },
    });
    expect(await sessionsHere()).toEqual(['Alpha']);

    // the same review with the passphrase: the two sessions, then the three transfers
    const started = await app.ok('drills.startSweep', { reviewId: review.reviewId, passphrase: PASSPHRASE });
    let run = started;
    while (run.status === 'running') {
      await new Promise((r) => setTimeout(r, 100));
      run = await app.ok('drills.run', { runId: started.runId });
    }
    expect(run.steps.map((s) => s.detail)).toEqual([null, null, null]);
    expect(run.status).toBe('done');
    expect(run.steps.map((s) => s.status)).toEqual(['done', 'done', 'done']);
    expect(await sessionsHere()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const created = (await app.ok('audit.list', { kind: 'createSession' })).entries;
    expect(created.map((e) => e.wallet).sort()).toEqual(
      (await app.ok('wallets.list')).map((w) => w.publicKey).sort(),
    );

    // every wallet has its session now: a new review lists none
    await wallets[1]!.trader.deposit(USDC, usdc(5));
    const again = await app.ok('drills.reviewSweep', {
      accountIds: [wallets[1]!.account],
      targetAccountId: target,
    });
    expect(again.sessionsToCreate).toEqual([]);
  });
});
