// The Solana RPC answers a change to the chain only once it is on disk, as a POST to the exchange is answered:
// a devnet killed the moment after it said "confirmed" must not come back without that transaction.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { DEVNET_CONNECTION_LIMITS, startDevnet } from '../../../../src/devnet/server';
import { SolanaRpc } from '../../../../src/devnet/chain/rpc';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe('the chain’s answers wait for the disk', () => {
  it('an airdrop is answered only after the devnet says its change is durable', async () => {
    const running = await startDevnet({ tickMs: 0 });
    cleanup.push(() => running.close());
    let release = () => {};
    const durable = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const rpc = await new SolanaRpc({
      chain: running.devnet.chain,
      bridge: running.devnet.bridge,
      changed: () => {},
      durable,
    }).listen('127.0.0.1', 0, DEVNET_CONNECTION_LIMITS);
    cleanup.push(() => rpc.close());

    let answered = false;
    const answer = fetch(rpc.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'requestAirdrop',
        params: [bs58.encode(randomBytes(32)), 1_000_000],
      }),
    }).then(async (res) => {
      answered = true;
      return (await res.json()) as { result?: unknown };
    });
    await vi.waitFor(() => expect(durable).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    release();
    expect((await answer).result).toEqual(expect.any(String));
  });
});
