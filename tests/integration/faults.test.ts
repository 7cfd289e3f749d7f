// Faults mid-submit: the answer lost, the exchange unreachable, the exchange killed and restarted on its data,
// the app offline for longer than an action stays fresh. In every case the action executes exactly once, no
// nonce is reused, nothing is forgotten, and what the app reports is what the exchange did.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { ManualClock, engineSeconds } from '../../src/devnet/clock';
import { loadSchema, readBundledProto } from '../../src/protocol/schema';
import { decodeAction, decodeReceipt, encodeReceipt } from '../../src/protocol/codec';
import { splitActionBody } from '../../src/protocol/framing';
import { launchDevnet, nodeDevnetCommand, type LaunchedDevnet } from '../../src/main/devnet-launcher';
import { MemorySecretStore } from '../support/memory-store';
import { PASSPHRASE, depositCredited, startApp, type AppExchange, type TestApp } from './support/app';
import { startFaultyProxy, type FaultyProxy } from './support/faulty-proxy';
import { amountLine } from '../support/action-lines';
import { chainTokenBalance } from '../support/chain';

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
async function fundedApp(exchange: AppExchange, dataDir?: string, store = new MemorySecretStore()) {
  const app = await startApp(exchange, { store, ...(dataDir ? { dataDir } : {}) });
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  const pending = await app.ok('wallets.create', { label: 'Main', passphrase: PASSPHRASE });
  const wallet = await app.ok('wallets.confirmBackup', {
    pendingId: pending.pendingId,
    confirmation: pending.secretKey.slice(-6),
  });
  await depositCredited(app, wallet.walletId, usdc(100), USDC);
  await app.ok('sessions.create', { walletId: wallet.walletId });
  const account = (await app.ok('portfolio.get')).wallets[0]!.accounts[0]!.accountId;
  return { app, walletId: wallet.walletId, account, store };
}

/** Reviews a transfer of `amount` from `account` into a new account of the wallet; nothing is signed yet. */
function prepareTransfer(app: TestApp, walletId: string, account: number, amount: bigint) {
  return app.ok('actions.prepare', {
    kind: 'transfer',
    walletId,
    fromAccountId: account,
    tokenId: USDC,
    amount,
  });
}

/** The same, signed and sent: the path an action takes when nothing goes wrong. */
async function transferNow(app: TestApp, walletId: string, account: number, amount: bigint) {
  const summary = await prepareTransfer(app, walletId, account, amount);
  return app.ok('actions.confirm', { confirmationId: summary.confirmationId, passphrase: PASSPHRASE });
}

async function balance(app: TestApp): Promise<bigint[]> {
  return (await app.ok('portfolio.get')).wallets[0]!.accounts.map(
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
    const { app, walletId, account, store } = await fundedApp(
      { baseUrl: proxy.url, rpcUrl: devnet.rpcUrl },
      dataDir,
    );

    const summary = await prepareTransfer(app, walletId, account, usdc(25));
    proxy.actionsForwarded = 0;
    proxy.mode = 'drop-action-response';
    proxy.afterForward = () => void (proxy.mode = 'down');
    const outcome = await app.call('actions.confirm', {
      confirmationId: summary.confirmationId,
      passphrase: PASSPHRASE,
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'OUTCOME_UNKNOWN' } });
    expect(app.core.connection!.journal.pending()).toHaveLength(1);
    expect(proxy.actionsForwarded).toBe(1); // the exchange did execute it
    await app.close();

    // The app restarts with the exchange reachable again: recovery settles the journal entry.
    proxy.mode = 'pass';
    const again = await startApp({ baseUrl: proxy.url, rpcUrl: devnet.rpcUrl }, { dataDir, store });
    cleanup.push(() => again.close());
    await again.ok('lock.unlock', { passphrase: PASSPHRASE });
    expect(again.core.connection!.journal.pending()).toEqual([]);
    expect(await balance(again)).toEqual([usdc(75), usdc(25)]);
    // the audit log keeps the 'unknown' line and adds what recovery found, with the same amounts
    const audit = (await again.ok('audit.list', {})).entries;
    expect(audit[1]).toMatchObject({ kind: 'transfer', result: 'unknown' });
    expect(audit[0]).toMatchObject({
      kind: 'transfer',
      result: 'ok',
      accounts: [account],
      amounts: { amount: usdc(25).toString() },
      detail: expect.stringMatching(/^executed-earlier/),
    });

    // the next action uses a fresh nonce and goes through
    await transferNow(again, walletId, account, usdc(5));
    expect(await balance(again)).toEqual([usdc(70), usdc(25), usdc(5)]);
  });

  it('an answer lost but the exchange still there: found in its action log without a resend, counted once', async () => {
    const devnet = await startDevnet({ config: { depositDelayMs: 100 } });
    cleanup.push(() => devnet.close());
    const proxy = await startFaultyProxy(() => devnet.baseUrl);
    cleanup.push(() => proxy.close());
    const { app, walletId, account } = await fundedApp({ baseUrl: proxy.url, rpcUrl: devnet.rpcUrl });
    cleanup.push(() => app.close());

    const summary = await prepareTransfer(app, walletId, account, usdc(10));
    proxy.actionsForwarded = 0;
    proxy.mode = 'drop-action-response';
    proxy.afterForward = () => void (proxy.mode = 'pass');
    const result = await app.ok('actions.confirm', {
      confirmationId: summary.confirmationId,
      passphrase: PASSPHRASE,
    });
    // the signer's nonce shows it was used, and the action log shows by this action: nothing is resent
    expect(proxy.actionsForwarded).toBe(1);
    expect(result.kind).toBe('transfer');
    expect(await balance(app)).toEqual([usdc(90), usdc(10)]);
    expect(app.core.connection!.journal.pending()).toEqual([]);
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
    const { app, walletId, account } = await fundedApp({ baseUrl: proxy.url, rpcUrl: devnet.solanaRpcUrl });
    cleanup.push(() => app.close());
    const walletAddress = (await app.ok('wallets.list'))[0]!.publicKey;

    const summary = await app.ok('actions.prepare', {
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
    const outcome = await app.call('actions.confirm', {
      confirmationId: summary.confirmationId,
      passphrase: PASSPHRASE,
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'OUTCOME_UNKNOWN' } });
    expect(app.core.connection!.journal.pending()).toHaveLength(1);

    devnet = await launch();
    proxy.mode = 'pass';
    const settled = await app.core.connection!.submitter.recover();
    expect(settled).toHaveLength(1);
    expect(settled[0]!.outcome).toMatchObject({ status: 'executed-earlier', kind: 'withdraw' });
    expect(app.core.connection!.journal.pending()).toEqual([]);

    // The exchange saved the withdrawal before answering, so its action log has it: it exists exactly once.
    expect(await balance(app)).toEqual([usdc(60)]);
    const chain = await until(
      () => chainTokenBalance({ baseUrl: devnet.baseUrl, rpcUrl: devnet.solanaRpcUrl }, walletAddress, USDC),
      (b) => b > 0n,
    );
    expect(chain).toBe(usdc(40) - amountLine(summary, 'fee'));
    await transferNow(app, walletId, account, usdc(1));
    expect(await balance(app)).toEqual([usdc(59), usdc(1)]);
  });
});

/**
 * Stands in front of the devnet. With `staleFirst` it acts as an exchange that checks an action's timestamp
 * BEFORE looking for duplicates (the devnet looks for duplicates first), so a resent copy of an action that
 * did execute is answered TIMESTAMP_STALE once it is old. With `dropActions` a POST /action is cut off before
 * it reaches the exchange. Everything else goes to the devnet untouched.
 */
async function startExchangeFront(devnet: RunningDevnet, clock: ManualClock) {
  const schema = loadSchema(readBundledProto());
  const front = {
    url: '',
    staleFirst: false,
    dropActions: false,
    actionsForwarded: 0,
    close: async () => {},
  };
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        if (req.method === 'POST' && req.url === '/action') {
          if (front.dropActions) return req.socket.destroy();
          let stale = false;
          try {
            const action = decodeAction(schema, splitActionBody(body).payload);
            stale = action.currentTimestamp < BigInt(engineSeconds(clock) - 120);
          } catch {
            // unreadable: the devnet answers it
          }
          if (front.staleFirst && stale) {
            res.writeHead(200, { 'content-type': 'application/octet-stream' });
            return res.end(
              encodeReceipt(schema, { actionId: 0n, kind: { type: 'err', error: 'TIMESTAMP_STALE' } }),
            );
          }
          front.actionsForwarded += 1;
        }
        try {
          const answer = await fetch(`${devnet.baseUrl}${req.url}`, {
            method: req.method,
            headers: { 'content-type': req.headers['content-type'] ?? 'application/octet-stream' },
            ...(req.method === 'POST' ? { body } : {}),
          });
          const payload = Buffer.from(await answer.arrayBuffer());
          res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
          res.end(payload);
        } catch {
          req.socket.destroy();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  front.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  front.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return front;
}

describe('offline for longer than an action stays fresh', () => {
  it('executed, answer lost, app offline past the staleness window: recovery finds it in the action log, never resends, reports its action id, and the funds moved once', async () => {
    const clock = new ManualClock(Date.now());
    const devnet = await startDevnet({ clock, config: { depositDelayMs: 0 } });
    cleanup.push(() => devnet.close());
    const exchange = await startExchangeFront(devnet, clock);
    exchange.staleFirst = true;
    cleanup.push(() => exchange.close());
    const proxy = await startFaultyProxy(() => exchange.url);
    cleanup.push(() => proxy.close());
    const { app, walletId, account } = await fundedApp({ baseUrl: proxy.url, rpcUrl: devnet.rpcUrl });
    cleanup.push(() => app.close());

    const summary = await prepareTransfer(app, walletId, account, usdc(25));
    proxy.actionsForwarded = 0;
    proxy.mode = 'drop-action-response';
    proxy.afterForward = () => void (proxy.mode = 'down');
    const outcome = await app.call('actions.confirm', {
      confirmationId: summary.confirmationId,
      passphrase: PASSPHRASE,
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'OUTCOME_UNKNOWN' } });
    expect(proxy.actionsForwarded).toBe(1);
    const [pending] = app.core.connection!.journal.pending();
    expect(pending).toBeDefined();

    // Offline for half an hour of engine time. Resending the identical bytes now would be answered
    // TIMESTAMP_STALE, though the first copy executed: a resend cannot tell the two apart.
    clock.advance(30 * 60_000);
    const resent = await fetch(`${exchange.url}/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.from(pending!.body, 'base64'),
    });
    const schema = await app.core.connection!.schema();
    expect(decodeReceipt(schema, Buffer.from(await resent.arrayBuffer())).kind).toEqual({
      type: 'err',
      error: 'TIMESTAMP_STALE',
    });

    proxy.mode = 'pass';
    proxy.actionsForwarded = 0;
    const settled = await app.core.connection!.submitter.recover();
    expect(settled).toHaveLength(1);
    const recovered = settled[0]!.outcome;
    expect(recovered).toMatchObject({ status: 'executed-earlier', kind: 'transfer' });
    expect(proxy.actionsForwarded).toBe(0); // settled from the exchange's record, not by resending
    expect(app.core.connection!.journal.pending()).toEqual([]);

    // the id reported is the exchange's own record of this signer's action with this nonce
    const actionId = (recovered as { actionId: bigint }).actionId;
    const [logged] = (await fetch(`${devnet.baseUrl}/action?from=${actionId}&to=${actionId}`).then((r) =>
      r.json(),
    )) as { signer: string; nonce: number; kind: string }[];
    expect(logged).toEqual(
      expect.objectContaining({ signer: pending!.signer, nonce: pending!.nonce, kind: 'transfer' }),
    );

    expect(await balance(app)).toEqual([usdc(75), usdc(25)]);
    const audit = (await app.ok('audit.list', {})).entries;
    expect(audit.slice(0, 2)).toMatchObject([
      {
        kind: 'transfer',
        result: 'ok',
        actionId: actionId.toString(),
        detail: expect.stringMatching(/^executed-earlier/),
      },
      { kind: 'transfer', result: 'unknown' },
    ]);

    // and the next action signs with engine time (not the stale offset) and the next nonce
    await transferNow(app, walletId, account, usdc(5));
    expect(await balance(app)).toEqual([usdc(70), usdc(25), usdc(5)]);
  });

  it('never arrived, app offline past the staleness window: the nonce proves it did not execute, so the stale resend settles it as not executed', async () => {
    const clock = new ManualClock(Date.now());
    const devnet = await startDevnet({ clock, config: { depositDelayMs: 0 } });
    cleanup.push(() => devnet.close());
    const exchange = await startExchangeFront(devnet, clock);
    cleanup.push(() => exchange.close());
    const { app, walletId, account } = await fundedApp({ baseUrl: exchange.url, rpcUrl: devnet.rpcUrl });
    cleanup.push(() => app.close());

    const summary = await prepareTransfer(app, walletId, account, usdc(25));
    exchange.actionsForwarded = 0;
    exchange.dropActions = true; // the request never reaches the exchange
    const outcome = await app.call('actions.confirm', {
      confirmationId: summary.confirmationId,
      passphrase: PASSPHRASE,
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'OUTCOME_UNKNOWN' } });
    expect(app.core.connection!.journal.pending()).toHaveLength(1);

    expect(exchange.actionsForwarded).toBe(0);
    clock.advance(30 * 60_000);
    exchange.dropActions = false;
    const settled = await app.core.connection!.submitter.recover();
    expect(settled.map((r) => r.outcome)).toEqual([
      { status: 'not-executed', reason: 'rejected', error: 'TIMESTAMP_STALE' },
    ]);
    expect(exchange.actionsForwarded).toBe(1); // the one identical resend, safe because the nonce was unused
    expect(app.core.connection!.journal.pending()).toEqual([]);
    expect(await balance(app)).toEqual([usdc(100)]);
    const audit = (await app.ok('audit.list', {})).entries;
    expect(audit.slice(0, 2)).toMatchObject([
      {
        kind: 'transfer',
        result: 'err',
        error: 'TIMESTAMP_STALE',
        detail: expect.stringMatching(/^not-executed/),
      },
      { kind: 'transfer', result: 'unknown' },
    ]);
  });
});

describe('deposits across faults', () => {
  it('a deposit whose answer was lost is sent again unchanged: one chain transaction, funds moved once, credited', async () => {
    const devnet = await startDevnet({ config: { depositDelayMs: 0 } });
    cleanup.push(() => devnet.close());
    // the proxy stands in front of the chain's JSON-RPC this time
    const proxy = await startFaultyProxy(() => devnet.rpcUrl);
    cleanup.push(() => proxy.close());
    const { app, walletId } = await fundedApp({ baseUrl: devnet.baseUrl, rpcUrl: proxy.url });
    cleanup.push(() => app.close());
    const publicKey = (await app.ok('wallets.list'))[0]!.publicKey;
    const chainBalance = () => chainTokenBalance(devnet, publicKey, USDC);
    await app.ok('funds.faucet', { walletId, tokenId: USDC, amount: usdc(50) });
    expect(await chainBalance()).toBe(usdc(50));

    proxy.dropPath = '/';
    proxy.dropBody = /"sendTransaction"/;
    proxy.actionsForwarded = 0;
    proxy.mode = 'drop-action-response';
    proxy.afterForward = () => void (proxy.mode = 'pass');
    const lost = await app.call('funds.deposit', { walletId, tokenId: USDC, amount: usdc(20) });
    expect(lost).toMatchObject({ ok: false, error: { code: 'OUTCOME_UNKNOWN' } });
    expect((await app.ok('funds.deposits')).at(-1)).toMatchObject({ status: 'submitted', amount: usdc(20) });

    // sent again by itself, byte for byte: the chain answers with the signature of what the first copy did
    const deposits = await until(
      () => app.ok('funds.deposits'),
      (d) => d.at(-1)?.status === 'credited',
    );
    expect(deposits.at(-1)).toMatchObject({ status: 'credited', amount: usdc(20) });
    expect(proxy.actionsForwarded).toBe(2);
    expect(await chainBalance()).toBe(usdc(30));
    const credited = (await app.ok('portfolio.get')).wallets[0]!.accounts[0]!.balances[0]!.amount;
    expect(credited).toBe(usdc(120));
  });

  it('a deposit still on its way when the app quits is followed after the restart until credited', async () => {
    const clock = new ManualClock(Date.now());
    const devnet = await startDevnet({ clock, config: { depositDelayMs: 60_000 } });
    cleanup.push(() => devnet.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-deposit-restart-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const store = new MemorySecretStore();
    const first = await startApp(devnet, { dataDir, store });
    await first.ok('lock.setup', { passphrase: PASSPHRASE });
    const pending = await first.ok('wallets.create', { label: 'Main', passphrase: PASSPHRASE });
    const { walletId } = await first.ok('wallets.confirmBackup', {
      pendingId: pending.pendingId,
      confirmation: pending.secretKey.slice(-6),
    });
    await first.ok('funds.faucet', { walletId, tokenId: USDC, amount: usdc(10) });
    const sent = await first.ok('funds.deposit', { walletId, tokenId: USDC, amount: usdc(10) });
    expect(sent).toMatchObject({
      status: 'submitted',
      txId: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/),
    });
    await until(
      () => first.ok('funds.deposits'),
      (d) => d[0]?.status === 'confirmed',
    );
    await first.close();

    const second = await startApp(devnet, { dataDir, store });
    cleanup.push(() => second.close());
    const events: string[] = [];
    second.core.events.subscribe((name, payload) => {
      if (name === 'depositStatus') events.push((payload as { status: string }).status);
    });
    await second.ok('lock.unlock', { passphrase: PASSPHRASE });
    expect(await second.ok('funds.deposits')).toEqual([
      expect.objectContaining({ depositId: sent.depositId, txId: sent.txId, status: 'confirmed' }),
    ]);
    clock.advance(61_000);
    devnet.tick();
    const after = await until(
      () => second.ok('funds.deposits'),
      (d) => d[0]?.status === 'credited',
    );
    expect(after[0]).toMatchObject({ depositId: sent.depositId, status: 'credited' });
    expect(events).toContain('credited');
  });
});
