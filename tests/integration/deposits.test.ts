// Deposits from the app's side, against the devnet's real chain: the wallet's on-chain balances (SOL and
// tokens), the deposit tracked submitted -> confirmed -> credited with exact amounts read back from the
// chain, checks before anything is signed, and a transaction that fails on chain told in plain words with
// nothing credited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { createHash } from 'node:crypto';
import { createSolanaRpc } from '@solana/kit';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { SigningKey } from '../../src/protocol/keys';
import { signDeposit } from '../../src/protocol/solana-tx';
import { PASSPHRASE, startApp, type TestApp } from './support/app';
import { startFaultyProxy, type FaultyProxy } from './support/faulty-proxy';
import { chainTokenBalance } from '../support/chain';

const USDC = 0;
const usdc = (whole: number) => BigInt(whole) * 1_000_000n;
const seed = createHash('sha256').update('perpetua-it:deposits').digest();
const key = new SigningKey(seed);
const address = bs58.encode(key.publicKey);

let devnet: RunningDevnet;
let proxy: FaultyProxy;
let app: TestApp;
let walletId = '';
const events: { status: string; detail?: string }[] = [];

async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  devnet = await startDevnet({ config: { depositDelayMs: 300 } });
  proxy = await startFaultyProxy(() => devnet.rpcUrl);
  app = await startApp({ baseUrl: devnet.baseUrl, rpcUrl: proxy.url });
  app.core.events.subscribe((name, payload) => {
    if (name === 'depositStatus') events.push(payload as { status: string; detail?: string });
  });
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  walletId = (
    await app.ok('wallets.import', { label: 'Known', secret: bs58.encode(seed), passphrase: PASSPHRASE })
  ).walletId;
});
afterAll(async () => {
  await app?.close();
  await proxy?.close();
  await devnet?.close();
});

describe('deposits from the app, on the real chain', () => {
  it('shows the wallet on chain: no SOL and no token accounts, then what the faucet gave', async () => {
    expect(await app.ok('funds.chainBalances', { walletId })).toMatchObject({
      address,
      sol: 0n,
      tokens: expect.arrayContaining([{ tokenId: USDC, amount: 0n, hasAccount: false }]),
    });
    // nothing to send yet: said before anything is signed
    const none = await app.call('funds.deposit', { walletId, tokenId: USDC, amount: usdc(1) });
    expect(none).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/no USDC on the chain/) },
    });
    await app.ok('funds.faucet', { walletId, tokenId: USDC, amount: usdc(100) });
    const after = await app.ok('funds.chainBalances', { walletId });
    expect(after.sol).toBe(1_000_000_000n);
    expect(after.tokens.find((t) => t.tokenId === USDC)).toEqual({
      tokenId: USDC,
      amount: usdc(100),
      hasAccount: true,
    });
    const tooMuch = await app.call('funds.deposit', { walletId, tokenId: USDC, amount: usdc(101) });
    expect(tooMuch).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/less than/) },
    });
    expect(events).toEqual([]);
  });

  it('tracks a deposit submitted -> confirmed -> credited; the chain and the account agree to the unit, fee included', async () => {
    const tracked = await app.ok('funds.deposit', { walletId, tokenId: USDC, amount: usdc(40) });
    expect(tracked).toMatchObject({ status: 'submitted', amount: usdc(40) });
    const done = await until(
      () => app.ok('funds.deposits'),
      (d) => d[0]?.status === 'credited',
    );
    expect(done[0]).toMatchObject({ status: 'credited', txId: tracked.txId });
    expect(events.map((e) => e.status)).toEqual(['submitted', 'confirmed', 'credited']);
    // on chain: 60 USDC left, one signature's fee (5,000 lamports) paid in SOL
    const chain = await app.ok('funds.chainBalances', { walletId });
    expect(chain.tokens.find((t) => t.tokenId === USDC)!.amount).toBe(usdc(60));
    expect(chain.sol).toBe(1_000_000_000n - 5_000n);
    expect(await chainTokenBalance(devnet, address, USDC)).toBe(usdc(60));
    // at the exchange: the account holds exactly what left the wallet, by that transaction
    const portfolio = await app.ok('portfolio.get');
    const account = portfolio.wallets[0]!.accounts[0]!;
    expect(account.balances).toEqual([{ tokenId: USDC, amount: usdc(40) }]);
    const history = await app.ok('history.page', { accountId: account.accountId, kind: 'deposit' });
    expect(history.items).toEqual([expect.objectContaining({ chainTxId: tracked.txId, amount: usdc(40) })]);
    const tx = await createSolanaRpc(devnet.rpcUrl)
      .getTransaction(tracked.txId as never, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send();
    expect(tx?.meta).toMatchObject({ err: null, fee: 5_000n });
  });

  it('a transaction that fails on chain (the tokens left the wallet meanwhile) is told in plain words and credits nothing', async () => {
    events.length = 0;
    const vault = (
      (await (await fetch(`${devnet.baseUrl}/settlement/vaults`)).json()) as {
        tokenId: number;
        mint: string;
        vault: string;
      }[]
    )[0]!;
    // Between the app's check and its send, the same wallet spends its USDC elsewhere (here: a deposit of
    // its own, signed with the same key, straight to the chain).
    proxy.dropPath = '/';
    proxy.dropBody = /"sendTransaction"/;
    proxy.mode = 'pass';
    proxy.beforeForward = async () => {
      proxy.beforeForward = undefined;
      const rpc = createSolanaRpc(devnet.rpcUrl);
      const drain = signDeposit({
        key,
        mint: vault.mint,
        decimals: 6,
        vault: vault.vault,
        amount: usdc(50),
        correlation: { recipient: address, ref: 'drain' },
        blockhash: (await rpc.getLatestBlockhash().send()).value,
      });
      await rpc.sendTransaction(drain.wire, { encoding: 'base64' }).send();
    };
    const failed = await app.call('funds.deposit', { walletId, tokenId: USDC, amount: usdc(20) });
    expect(failed).toMatchObject({
      ok: false,
      error: {
        code: 'CHAIN_REFUSED',
        message: 'Your wallet holds fewer of these tokens on the chain than that amount. Nothing was sent.',
      },
    });
    const list = await app.ok('funds.deposits');
    expect(list.at(-1)).toMatchObject({
      status: 'failed',
      amount: usdc(20),
      detail: expect.stringMatching(/Nothing was sent/),
    });
    expect(events.map((e) => e.status)).toEqual(['submitted', 'failed']);
    // nothing moved for it: 10 USDC left after the other deposit, and the signature is unknown to the chain
    expect(await chainTokenBalance(devnet, address, USDC)).toBe(usdc(10));
    const status = await createSolanaRpc(devnet.rpcUrl)
      .getSignatureStatuses([list.at(-1)!.txId as never])
      .send();
    expect(status.value).toEqual([null]);
    expect((await fetch(`${devnet.baseUrl}/settlement/deposit/${list.at(-1)!.txId}`)).status).toBe(404);
  });

  it('a wallet with tokens but no SOL for the network fee is told so before anything is signed', async () => {
    const seedB = createHash('sha256').update('perpetua-it:deposits-no-sol').digest();
    const keyB = new SigningKey(seedB);
    const walletB = (
      await app.ok('wallets.import', { label: 'No SOL', secret: bs58.encode(seedB), passphrase: PASSPHRASE })
    ).walletId;
    await app.ok('funds.faucet', { walletId: walletB, tokenId: USDC, amount: usdc(20) });
    // the wallet spends all its SOL elsewhere, paying the one signature's fee out of it
    const lamports = (await app.ok('funds.chainBalances', { walletId: walletB })).sol;
    const data = new Uint8Array(12);
    new DataView(data.buffer).setUint32(0, 2, true); // System program: Transfer
    new DataView(data.buffer).setBigUint64(4, lamports - 5_000n, true);
    const elsewhere = bs58.encode(
      new SigningKey(createHash('sha256').update('elsewhere').digest()).publicKey,
    );
    devnet.devnet.chain.execute(
      [
        {
          programAddress: '11111111111111111111111111111111' as never,
          accounts: [
            { address: bs58.encode(keyB.publicKey) as never, role: 3 },
            { address: elsewhere as never, role: 1 },
          ],
          data,
        },
      ],
      [],
      keyB,
    );
    expect((await app.ok('funds.chainBalances', { walletId: walletB })).sol).toBe(0n);
    const before = events.length;
    const refused = await app.call('funds.deposit', { walletId: walletB, tokenId: USDC, amount: usdc(5) });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENT',
        message: 'This wallet has no SOL to pay the network fee (0.000005 SOL). Get some SOL into it first.',
      },
    });
    // nothing was sent: the tokens are where they were and no deposit is tracked
    expect(await chainTokenBalance(devnet, bs58.encode(keyB.publicKey), USDC)).toBe(usdc(20));
    expect(events.length).toBe(before);
    expect((await app.ok('funds.deposits')).filter((d) => d.walletId === walletB)).toEqual([]);
  });

  it('refuses a Solana RPC address that does not answer getVersion/getHealth, and keeps the one in use', async () => {
    const before = await app.ok('settings.get');
    expect(before.solanaRpc).toEqual({ url: proxy.url, custom: false });
    const bad = await app.call('settings.setSolanaRpc', { url: `${devnet.baseUrl}` });
    expect(bad).toMatchObject({ ok: false, error: { message: expect.stringMatching(/getVersion/) } });
    const notUrl = await app.call('settings.setSolanaRpc', { url: 'ftp://x' });
    expect(notUrl).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    // balances and confirmations read over plain http from another computer could be forged on the way
    const plain = await app.call('settings.setSolanaRpc', { url: 'http://rpc.example.com:8899' });
    expect(plain).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/Use https:\/\/ for a Solana RPC/) },
    });
    expect((await app.ok('settings.get')).solanaRpc).toEqual({ url: proxy.url, custom: false });
    const chosen = await app.ok('settings.setSolanaRpc', { url: devnet.rpcUrl });
    expect(chosen.solanaRpc).toEqual({ url: devnet.rpcUrl, custom: true });
    expect((await app.ok('funds.chainBalances', { walletId })).tokens[0]!.amount).toBe(usdc(10));
    const reset = await app.ok('settings.setSolanaRpc', { url: null });
    expect(reset.solanaRpc).toEqual({ url: proxy.url, custom: false });
  });
});
