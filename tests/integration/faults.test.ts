// Faults mid-submit: the answer lost, the exchange unreachable, the exchange killed and restarted on its data.
// In every case the action executes exactly once, no nonce is reused, and nothing is forgotten.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { launchDevnet, nodeDevnetCommand, type LaunchedDevnet } from '../../src/main/devnet-launcher';
import { MemorySecretStore } from '../support/memory-store';
import { PASSPHRASE, startApp, type TestApp } from './support/app';
import { startFaultyProxy, type FaultyProxy } from './support/faulty-proxy';

const USDC = 0;
const usdc = (n: number) => BigInt(n) * 1_000_000n;
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A wallet with 100 USDC credited in one account and a session, ready to move funds. */
async function fundedApp(url: string, dataDir?: string, store = new MemorySecretStore()) {
  const app = await startApp(url, { store, ...(dataDir ? { dataDir } : {}) });
  await app.ok('setupPassphrase', { passphrase: PASSPHRASE });
  const pending = await app.ok('createWallet', { label: 'Main' });
  const wallet = await app.ok('confirmWalletBackup', {
    pendingId: pending.pendingId,
    confirmation: pending.secretKey.slice(-6),
  });
  await app.ok('faucet', { walletId: wallet.walletId, tokenId: USDC, amount: usdc(100) });
  await app.ok('deposit', { walletId: wallet.walletId, tokenId: USDC, amount: usdc(100) });
  await until(
    () => app.ok('listDeposits'),
    (d) => d[0]?.status === 'credited',
  );
  await app.ok('createSession', { walletId: wallet.walletId });
  const account = (await app.ok('getPortfolio')).wallets[0]!.accounts[0]!.accountId;
  return { app, walletId: wallet.walletId, account, store };
}

async function balance(app: TestApp): Promise<bigint[]> {
  return (await app.ok('getPortfolio')).wallets[0]!.accounts.map(
    (a) => a.balances.find((b) => b.tokenId === USDC)?.amount ?? 0n,
  );
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('lost answers', () => {
  it('an answer lost while the exchange goes away: outcome unknown, then settled once after a restart of the app', async () => {
    const devnet: RunningDevnet = await startDevnet({ config: { depositDelayMs: 100 } });
    cleanup.push(() => devnet.close());
    const proxy: FaultyProxy = await startFaultyProxy(() => devnet.baseUrl);
    cleanup.push(() => proxy.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-fault-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { app, walletId, account, store } = await fundedApp(proxy.url, dataDir);

    const summary = await app.ok('prepareAction', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: USDC,
      amount: usdc(25),
    });
    proxy.actionsForwarded = 0;
    proxy.mode = 'drop-action-response';
    proxy.afterForward = () => void (proxy.mode = 'down');
    const outcome = await app.call('confirmAction', { confirmationId: summary.confirmationId });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'OUTCOME_UNKNOWN' } });
    expect(app.core.services.journal.pending()).toHaveLength(1);
    expect(proxy.actionsForwarded).toBe(1); // the exchange did execute it
    await app.close();

    // The app restarts with the exchange reachable again: recovery settles the journal entry.
    proxy.mode = 'pass';
    const again = await startApp(proxy.url, { dataDir, store });
    cleanup.push(() => again.close());
    await again.ok('unlock', { passphrase: PASSPHRASE });
    expect(again.core.services.journal.pending()).toEqual([]);
    expect(await balance(again)).toEqual([usdc(75), usdc(25)]);
    const audit = (await again.ok('listAuditLog', {})).entries;
    expect(audit[0]).toMatchObject({ kind: 'transfer', result: 'unknown' });

    // the next action uses a fresh nonce and goes through
    const next = await again.ok('prepareAction', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: USDC,
      amount: usdc(5),
    });
    await again.ok('confirmAction', { confirmationId: next.confirmationId });
    expect(await balance(again)).toEqual([usdc(70), usdc(25), usdc(5)]);
  });

  it('an answer lost but the exchange still there: the identical resend reports DUPLICATE and the action counts once', async () => {
    const devnet = await startDevnet({ config: { depositDelayMs: 100 } });
    cleanup.push(() => devnet.close());
    const proxy = await startFaultyProxy(() => devnet.baseUrl);
    cleanup.push(() => proxy.close());
    const { app, walletId, account } = await fundedApp(proxy.url);
    cleanup.push(() => app.close());

    const summary = await app.ok('prepareAction', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: USDC,
      amount: usdc(10),
      toAccountId: undefined,
    });
    proxy.actionsForwarded = 0;
    proxy.mode = 'drop-action-response';
    proxy.afterForward = () => void (proxy.mode = 'pass');
    const result = await app.ok('confirmAction', { confirmationId: summary.confirmationId });
    expect(proxy.actionsForwarded).toBe(2); // the lost one and its identical resend
    expect(result.kind).toBe('transfer');
    expect(await balance(app)).toEqual([usdc(90), usdc(10)]);
    expect(app.core.services.journal.pending()).toEqual([]);
  });
});

describe('the exchange killed mid-submit', () => {
  it('killed right after executing, restarted on the same data: the withdrawal happens exactly once', async () => {
    const port = await freePort();
    const devnetData = mkdtempSync(join(tmpdir(), 'perpetua-devnet-kill-'));
    cleanup.push(() => rmSync(devnetData, { recursive: true, force: true }));
    const launch = () => launchDevnet({ ...nodeDevnetCommand(process.cwd()), port, dataDir: devnetData });
    let devnet: LaunchedDevnet = await launch();
    cleanup.push(() => devnet.stop());
    const proxy = await startFaultyProxy(() => devnet.baseUrl);
    cleanup.push(() => proxy.close());
    const { app, walletId, account } = await fundedApp(proxy.url);
    cleanup.push(() => app.close());
    const walletAddress = (await app.ok('listWallets'))[0]!.publicKey;

    const summary = await app.ok('prepareAction', {
      kind: 'withdraw',
      walletId,
      accountId: account,
      tokenId: USDC,
      amount: usdc(40),
    });
    proxy.mode = 'drop-action-response';
    proxy.afterForward = async () => {
      process.kill(devnet.pid, 'SIGKILL');
      await devnet.stop();
    };
    const outcome = await app.call('confirmAction', { confirmationId: summary.confirmationId });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'OUTCOME_UNKNOWN' } });
    expect(app.core.services.journal.pending()).toHaveLength(1);

    devnet = await launch();
    proxy.mode = 'pass';
    const settled = await app.core.services.submitter.recover();
    expect(settled).toHaveLength(1);
    expect(settled[0]!.outcome).toMatchObject({ status: 'executed-earlier', kind: 'withdraw' });
    expect(app.core.services.journal.pending()).toEqual([]);

    // The exchange saved the withdrawal before answering, so the resend finds it: it exists exactly once.
    expect(await balance(app)).toEqual([usdc(60)]);
    const chain = await until(
      async () =>
        (await fetch(`${devnet.baseUrl}/chain/balance/${walletAddress}`).then((r) => r.json())) as {
          balances: { tokenId: number; amount: string }[];
        },
      (b) => BigInt(b.balances[0]!.amount) > 0n,
    );
    expect(BigInt(chain.balances[0]!.amount)).toBe(usdc(40) - summary.fee);
    const next = await app.ok('prepareAction', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: USDC,
      amount: usdc(1),
    });
    await app.ok('confirmAction', { confirmationId: next.confirmationId });
    expect(await balance(app)).toEqual([usdc(59), usdc(1)]);
  });
});
