// Issue 28: half-open connections to the Solana RPC's port took the devnet down for seconds. Its HTTP and
// PubSub ports now have the devnet HTTP port's cap and header deadline: 1,100 silent connections to each
// leave the devnet answering, are never all held, and are dropped after the deadline so that callers get
// in again. (The sockets live in this process; with-keyring.sh inherits the shell's descriptor limit.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'node:net';
import { holdIdle } from '../support/idle-sockets';
import WebSocket from 'ws';
import { startExchange, type TestExchange } from './support/exchange';

const IDLE = 1_100;
const LIMITS = { maxConnections: 64, headersTimeoutMs: 600, checkIntervalMs: 100 };

let ex: TestExchange;
const idle: Socket[] = [];
beforeAll(async () => {
  ex = await startExchange({ connectionLimits: LIMITS });
});
afterAll(async () => {
  for (const s of idle) s.destroy();
  await ex.close();
});

const health = async () => {
  const res = await fetch(ex.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"jsonrpc":"2.0","id":1,"method":"getHealth"}',
    signal: AbortSignal.timeout(2_000),
  });
  return ((await res.json()) as { result: string }).result;
};

const subscribeSlot = () =>
  new Promise<unknown>((resolve, reject) => {
    const ws = new WebSocket(ex.running.pubsubUrl);
    ws.once('error', reject);
    ws.once('open', () => ws.send('{"jsonrpc":"2.0","id":1,"method":"slotSubscribe"}'));
    ws.once('message', (data) => {
      ws.close();
      resolve(JSON.parse(String(data)));
    });
  });

describe('idle connections to the Solana RPC and its PubSub port', () => {
  it('are capped, leave the devnet answering, and are dropped after the header deadline', async () => {
    const rpcPort = Number(new URL(ex.rpcUrl).port);
    const pubsubPort = Number(new URL(ex.running.pubsubUrl).port);
    await holdIdle(rpcPort, IDLE, idle);
    await holdIdle(pubsubPort, IDLE, idle);
    const held = ex.running.rpcConnections();
    expect(held.http).toBeLessThanOrEqual(LIMITS.maxConnections);
    expect(held.pubsub).toBeLessThanOrEqual(LIMITS.maxConnections);
    // the exchange's own port is untouched and the process is not busy with the flood
    const started = Date.now();
    expect((await ex.get('/info')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);

    // the silent sockets are cut at the header deadline (those the kernel held back while the cap was
    // reached arrive later and are cut in turn), after which callers get in again
    const deadline = Date.now() + 15_000;
    while (
      Date.now() < deadline &&
      (ex.running.rpcConnections().http > 0 || ex.running.rpcConnections().pubsub > 0)
    )
      await new Promise((r) => setTimeout(r, LIMITS.checkIntervalMs));
    expect(ex.running.rpcConnections()).toEqual({ http: 0, pubsub: 0 });
    expect(await health()).toBe('ok');
    expect(await subscribeSlot()).toMatchObject({ result: expect.any(Number), id: 1 });
  }, 30_000);
});
