// Import by recovery phrase against the real devnet: a phrase made by solana-keygen new (its wallet is the
// BIP39 seed's first 32 bytes, no derivation path) is found, with what each address holds on the chain, and
// imported as one wallet under the passphrase. With the Solana RPC unreachable the list still comes, each
// balance unavailable, and the import goes on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { newPhrase } from '../../src/main/wallets/mnemonic';
import { devnetFaucet } from '../support/chain';
import { PASSPHRASE, startApp, type TestApp } from './support/app';

let devnet: RunningDevnet;
const apps: TestApp[] = [];

beforeAll(async () => {
  devnet = await startDevnet({ config: { depositDelayMs: 0 } });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await devnet?.close();
});

async function unlocked(exchange: { baseUrl: string; rpcUrl: string }): Promise<TestApp> {
  const app = await startApp(exchange);
  apps.push(app);
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  return app;
}

const keygenOf = (found: { paths: { scheme: string; addresses: { publicKey: string }[] }[] }) =>
  found.paths.find((p) => p.scheme === 'keygen')!.addresses;

describe('a solana-keygen phrase on import', () => {
  it('lists the keygen wallet with the SOL and tokens it holds on the chain, and imports it under the passphrase', async () => {
    const app = await unlocked(devnet);
    const phrase = newPhrase(12);
    const first = await app.ok('phrases.discover', { phrase });
    expect(first.paths.map((p) => p.scheme)).toEqual(['bip44-change', 'bip44', 'root', 'keygen']);
    const [keygen] = keygenOf(first);
    expect(keygenOf(first)).toHaveLength(1);
    // a fresh key: the chain answers, with nothing held
    expect(keygen).toMatchObject({ path: 'solana-keygen default (no path)', chain: { sol: 0n } });

    await devnetFaucet(devnet.rpcUrl, keygen!.publicKey, 0, 25_000_000n);
    const found = await app.ok('phrases.discover', { phrase });
    const all = found.paths.flatMap((p) => p.addresses);
    const held = all.find((a) => a.publicKey === keygen!.publicKey)!;
    expect(held.chain!.sol).toBeGreaterThan(0n);
    expect(held.chain!.tokens.find((t) => t.tokenId === 0)).toEqual({
      tokenId: 0,
      amount: 25_000_000n,
      hasAccount: true,
    });
    // every other address of the phrase was read too, and holds nothing
    for (const other of all.filter((a) => a !== held)) expect(other.chain).toMatchObject({ sol: 0n });
    // the exchange has never seen it
    expect(held.lookup).toEqual({ registered: false, accounts: [] });

    // adding it needs the passphrase, as any import does
    expect(
      await app.call('phrases.importWallets', {
        discoveryId: found.discoveryId,
        scheme: 'keygen',
        indices: [0],
        label: 'CLI wallet',
        passphrase: 'not the passphrase',
      }),
    ).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    const [wallet] = await app.ok('phrases.importWallets', {
      discoveryId: found.discoveryId,
      scheme: 'keygen',
      indices: [0],
      label: 'CLI wallet',
      passphrase: PASSPHRASE,
    });
    expect(wallet!.publicKey).toBe(keygen!.publicKey);
    const [view] = await app.ok('phrases.list');
    expect(view).toMatchObject({
      scheme: 'keygen',
      nextIndex: null,
      wallets: [{ publicKey: keygen!.publicKey, path: 'solana-keygen default (no path)' }],
    });
    // the wallet's own on-chain read agrees with what import showed
    const chain = await app.ok('funds.chainBalances', { walletId: wallet!.walletId });
    expect(chain.tokens.find((t) => t.tokenId === 0)!.amount).toBe(25_000_000n);
  });

  it('with the Solana RPC unreachable, the list still comes with each balance unavailable, and the import goes on', async () => {
    const app = await unlocked({ baseUrl: devnet.baseUrl, rpcUrl: 'http://127.0.0.1:9/' });
    const found = await app.ok('phrases.discover', { phrase: newPhrase(12) });
    const all = found.paths.flatMap((p) => p.addresses);
    expect(all).toHaveLength(12);
    expect(all.every((a) => a.chain === null)).toBe(true);
    // the exchange was still asked
    expect(all.every((a) => a.lookup !== null)).toBe(true);
    const wallets = await app.ok('phrases.importWallets', {
      discoveryId: found.discoveryId,
      scheme: 'keygen',
      indices: [0],
      label: 'CLI wallet',
      passphrase: PASSPHRASE,
    });
    expect(wallets.map((w) => w.publicKey)).toEqual([keygenOf(found)[0]!.publicKey]);
  });
});
