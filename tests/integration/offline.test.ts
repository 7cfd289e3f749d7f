// The exchange going away, as a hung process does (it keeps its sockets open and says nothing): the real
// devnet in a child process, stopped with SIGSTOP. The app must notice within five seconds, refuse an action
// at once with nothing sent (not after a timeout, and not as "outcome unknown"), and come back by itself
// when the exchange does.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchDevnet, nodeDevnetCommand, type LaunchedDevnet } from '../../src/main/devnet-launcher';
import type { EventOf } from '../../src/shared/ipc/events';
import { PASSPHRASE, startApp, type TestApp } from './support/app';

let devnet: LaunchedDevnet;
let app: TestApp;
let walletId = '';
let account = 0;
const statuses: EventOf<'exchangeStatus'>[] = [];
const usdc = (n: number) => BigInt(n) * 1_000_000n;
const lastStatus = () => statuses.at(-1)?.connected;
const balance = async () =>
  (await app.ok('portfolio.account', { accountId: account })).balances.find((b) => b.tokenId === 0)?.amount;

beforeAll(async () => {
  devnet = await launchDevnet(nodeDevnetCommand(process.cwd()));
  app = await startApp({ baseUrl: devnet.baseUrl, rpcUrl: devnet.solanaRpcUrl });
  app.core.events.subscribe((name, payload) => {
    if (name === 'exchangeStatus') statuses.push(payload as EventOf<'exchangeStatus'>);
  });
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  const pending = await app.ok('wallets.create', { label: 'Main', passphrase: PASSPHRASE });
  ({ walletId } = await app.ok('wallets.confirmBackup', {
    pendingId: pending.pendingId,
    confirmation: pending.secretKey.slice(-6),
  }));
  await app.ok('funds.faucet', { walletId, tokenId: 0, amount: usdc(50) });
  await app.ok('funds.deposit', { walletId, tokenId: 0, amount: usdc(50) });
  await vi.waitFor(async () => expect((await app.ok('funds.deposits'))[0]?.status).toBe('credited'), {
    timeout: 15_000,
    interval: 200,
  });
  account = (await app.ok('portfolio.get')).wallets[0]!.accounts[0]!.accountId;
  await vi.waitFor(() => expect(lastStatus()).toBe(true), { timeout: 10_000 });
}, 60_000);

afterAll(async () => {
  if (devnet) process.kill(devnet.pid, 'SIGCONT');
  await app?.close();
  await devnet?.stop();
});

describe('the exchange stops answering', () => {
  it('is noticed within five seconds, an action fails at once with nothing sent, and the app comes back by itself', async () => {
    const before = await balance();
    process.kill(devnet.pid, 'SIGSTOP');
    try {
      // the heartbeat notices a silent process: no socket closes to say so
      await vi.waitFor(() => expect(lastStatus()).toBe(false), { timeout: 5_000, interval: 50 });
      const offline = await app.call('actions.prepare', {
        kind: 'transfer',
        walletId,
        fromAccountId: account,
        tokenId: 0,
        amount: usdc(1),
      });
      expect(offline).toMatchObject({
        ok: false,
        error: { code: 'EXCHANGE_UNREACHABLE', message: expect.stringContaining('nothing was sent') },
      });
      // a read says it could not be read: "nothing was sent" is an action's words, not the portfolio's
      const read = await app.call('portfolio.get');
      expect(read).toMatchObject({
        ok: false,
        error: { code: 'EXCHANGE_UNREACHABLE', message: expect.stringContaining('could not be read') },
      });
      expect(read.ok ? '' : read.error.message).not.toContain('sent');
    } finally {
      process.kill(devnet.pid, 'SIGCONT');
    }
    // a request now finds the exchange answering and calls the live connection back without its back-off
    expect(await balance()).toBe(before);
    await vi.waitFor(() => expect(lastStatus()).toBe(true), { timeout: 5_000, interval: 50 });
    const review = await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: 0,
      amount: usdc(1),
    });
    await app.ok('actions.confirm', { confirmationId: review.confirmationId });
    expect(await balance()).toBe(before! - usdc(1));
  }, 30_000);

  it('a review confirmed after the exchange went away is refused with nothing sent, and nothing is left open', async () => {
    // the review (reads) happens while the exchange answers; it goes away before the confirmation
    const before = await balance();
    const review = await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: 0,
      amount: usdc(2),
    });
    process.kill(devnet.pid, 'SIGSTOP');
    try {
      await vi.waitFor(() => expect(lastStatus()).toBe(false), { timeout: 5_000, interval: 50 });
      const outcome = await app.call('actions.confirm', { confirmationId: review.confirmationId });
      expect(outcome).toMatchObject({ ok: false, error: { code: 'EXCHANGE_UNREACHABLE' } });
    } finally {
      process.kill(devnet.pid, 'SIGCONT');
    }
    expect(await balance()).toBe(before);
    // nothing is left open for this signer: the next action goes straight through, and moves money once
    const again = await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: 0,
      amount: usdc(2),
    });
    await app.ok('actions.confirm', { confirmationId: again.confirmationId });
    expect(await balance()).toBe(before! - usdc(2));
  }, 30_000);
});
