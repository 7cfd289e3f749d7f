// The app follows the settlement chain through the RPC's PubSub WebSocket where it has one: a deposit's
// signature until it lands, a wallet's accounts until they change. Against the real devnet (PubSub at the
// RPC port + 1) it says "live"; behind a plain HTTP proxy (an RPC without PubSub) it says "polling" and
// subscriptions are refused, so the caller polls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { createHash } from 'node:crypto';
import { createSolanaRpc } from '@solana/kit';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { SigningKey } from '../../src/protocol/keys';
import { associatedTokenAddress, signDeposit } from '../../src/protocol/solana-tx';
import { createChainWatch } from '../../src/main/funds/chain-watch';
import { createChainClient } from '../../src/main/funds/chain-client';
import { PASSPHRASE, startApp, type TestApp } from './support/app';
import { startFaultyProxy, type FaultyProxy } from './support/faulty-proxy';

const USDC = 0;
const usdc = (whole: number) => BigInt(whole) * 1_000_000n;
const seed = createHash('sha256').update('perpetua-it:chain-watch').digest();
const key = new SigningKey(seed);
const address = bs58.encode(key.publicKey);

let devnet: RunningDevnet;
let proxy: FaultyProxy;
const stops: (() => void)[] = [];
beforeAll(async () => {
  devnet = await startDevnet({ config: { depositDelayMs: 300 } });
  proxy = await startFaultyProxy(() => devnet.rpcUrl);
});
afterAll(async () => {
  stops.forEach((s) => s());
  await proxy?.close();
  await devnet?.close();
});

async function until(test: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** the devnet faucet, through the app's own chain client */
const faucet = (amount: bigint) => createChainClient(devnet.rpcUrl).requestTokens(address, USDC, amount);

async function signedDeposit(amount: bigint) {
  const vault = (
    (await (await fetch(`${devnet.baseUrl}/settlement/vaults`)).json()) as { mint: string; vault: string }[]
  )[0]!;
  const rpc = createSolanaRpc(devnet.rpcUrl);
  return signDeposit({
    key,
    mint: vault.mint,
    decimals: 6,
    vault: vault.vault,
    amount,
    correlation: { recipient: address, ref: `w${Math.random()}`.slice(0, 16) },
    blockhash: (await rpc.getLatestBlockhash().send()).value,
  });
}

describe('the chain watch (PubSub subscriptions)', () => {
  it('is live on the devnet RPC and tells a signature landing, ok or failed, and an account changing', async () => {
    const watch = createChainWatch(devnet.rpcUrl);
    expect(watch.url).toBe(devnet.pubsubUrl);
    expect(await watch.live()).toBe(true);

    const balance: number[] = [];
    const { mint } = (
      (await (await fetch(`${devnet.baseUrl}/settlement/vaults`)).json()) as { mint: string }[]
    )[0]!;
    const ata = associatedTokenAddress(address, mint);
    const stopAccounts = await watch.accounts(
      [address, ata],
      () => balance.push(Date.now()),
      () => {},
    );
    expect(stopAccounts).not.toBeNull();
    stops.push(stopAccounts!);
    await faucet(usdc(10));
    await until(() => balance.length >= 1);

    const ok = await signedDeposit(usdc(2));
    const landed: unknown[] = [];
    stops.push(
      (await watch.signature(
        ok.signature,
        (err) => landed.push(err),
        () => {},
      ))!,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(landed).toEqual([]); // not sent yet
    await createSolanaRpc(devnet.rpcUrl)
      .sendTransaction(ok.wire as never, { encoding: 'base64' })
      .send();
    await until(() => landed.length === 1);
    expect(landed).toEqual([null]);

    // more than the wallet holds, sent without preflight: it lands and fails, and the watch says how
    const failing = await signedDeposit(usdc(1_000));
    const failed: unknown[] = [];
    stops.push(
      (await watch.signature(
        failing.signature,
        (err) => failed.push(err),
        () => {},
      ))!,
    );
    await createSolanaRpc(devnet.rpcUrl)
      .sendTransaction(failing.wire as never, { encoding: 'base64', skipPreflight: true })
      .send();
    await until(() => failed.length === 1);
    expect(failed[0]).toMatchObject({ InstructionError: [expect.anything(), expect.anything()] });
  });

  it('is not live behind a plain HTTP proxy (no PubSub at its port + 1): the caller polls', async () => {
    const watch = createChainWatch(proxy.url);
    expect(await watch.live()).toBe(false);
    expect(
      await watch.signature(
        '1'.repeat(64),
        () => {},
        () => {},
      ),
    ).toBeNull();
  });
});

describe('the app on each kind of RPC', () => {
  let app: TestApp | null = null;
  afterAll(async () => {
    await app?.close();
  });

  it('says "live" on the devnet RPC and confirms and credits a deposit; "polling" behind the proxy', async () => {
    app = await startApp({ baseUrl: devnet.baseUrl, rpcUrl: devnet.rpcUrl });
    await app.ok('lock.setup', { passphrase: PASSPHRASE });
    expect(await app.ok('funds.chainUpdates')).toEqual({
      mode: 'live',
      pubsubUrl: devnet.pubsubUrl,
      pollMs: 500,
    });
    const { walletId } = await app.ok('wallets.import', {
      label: 'Live',
      secret: bs58.encode(seed),
      passphrase: PASSPHRASE,
    });
    const statuses: string[] = [];
    const balanceEvents: unknown[] = [];
    app.core.events.subscribe((name, payload) => {
      if (name === 'depositStatus') statuses.push((payload as { status: string }).status);
      if (name === 'chainBalances') balanceEvents.push(payload);
    });
    // the first balance read subscribes to the wallet's accounts: a change on chain is told without a re-read
    await app.ok('funds.chainBalances', { walletId });
    // (the subscription is made in the background: the faucet pays again until it is in place)
    for (let i = 0; i < 20 && balanceEvents.length === 0; i += 1) {
      await faucet(usdc(1));
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(balanceEvents[0]).toEqual({ walletId });
    await app.ok('funds.deposit', { walletId, tokenId: USDC, amount: usdc(3) });
    await until(() => statuses.includes('credited'), 10_000);
    expect(statuses).toEqual(['submitted', 'confirmed', 'credited']);

    await app.ok('settings.setSolanaRpc', { url: proxy.url });
    expect(await app.ok('funds.chainUpdates')).toMatchObject({ mode: 'polling', pubsubUrl: null });
  });
});
