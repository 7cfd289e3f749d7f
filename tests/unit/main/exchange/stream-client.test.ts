// The stream client against the real devnet (drops and resyncs) and against a hostile server on loopback
// (garbage, gaps, silence).
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import { StreamClient } from '../../../../src/main/exchange/stream-client';
import { TestWallet, USDC, startExchange, usdc } from '../../../conformance/support/exchange';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function waitFor(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('stream client against the devnet', () => {
  it('delivers account updates in order, and after a dropped connection resyncs what it missed', async () => {
    const ex = await startExchange({ tickMs: 50 });
    cleanup.push(() => ex.close());
    const w = new TestWallet(ex);
    await w.deposit(USDC, usdc(100));
    await w.createSession();
    const [account] = await w.accountIds();
    const updates: { type: unknown; updateId: number }[] = [];
    const resyncs: number[] = [];
    const status: boolean[] = [];
    const client = new StreamClient({
      wsBaseUrl: ex.url.replace('http', 'ws'),
      onUpdate: (_s, m, updateId) => updates.push({ type: (m.event as { type: string }).type, updateId }),
      resync: async () => {
        const { updateId } = await ex.getJson<{ updateId: number }>(`/account/${account}`);
        resyncs.push(updateId);
        return updateId;
      },
      onStatus: (connected) => status.push(connected),
      backoffBaseMs: 20,
      livenessMs: 2_000,
    });
    cleanup.push(() => client.close());
    client.setStreams([`account@${account}`]);
    await waitFor(() => resyncs.length === 1);
    const base = resyncs[0]!;

    const transfer = () =>
      ex.submit(
        w.sessionBody({
          type: 'transfer',
          sessionId: w.session!.id,
          fromAccountId: account!,
          tokenId: USDC,
          amount: 1n,
        }),
      );
    await transfer();
    await transfer();
    await waitFor(() => updates.length === 2);
    expect(updates.map((u) => u.updateId)).toEqual([base + 1, base + 2]);

    // The exchange drops every socket; a change happens while the client is away.
    ex.running.devnet.hub.closeAll();
    await transfer();
    await waitFor(() => resyncs.length === 2);
    expect(resyncs[1]).toBe(base + 3); // the missed change is in the snapshot the client resynced from
    expect(status).toEqual([true, false, true]);

    await transfer();
    await waitFor(() => updates.length === 3);
    expect(updates[2]!.updateId).toBe(base + 4);
  });
});

describe('stream client against a hostile server', () => {
  async function hostile(behaviour: (socket: ServerSocket, connection: number) => void, autoPong = true) {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', autoPong });
    await new Promise<void>((r) => wss.once('listening', () => r()));
    let connections = 0;
    wss.on('connection', (socket) => behaviour(socket, ++connections));
    cleanup.push(
      () =>
        new Promise<void>((r) => {
          for (const c of wss.clients) c.terminate();
          wss.close(() => r());
        }),
    );
    return { url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`, connections: () => connections };
  }

  it('ignores garbage, resyncs on a gap instead of applying it, and skips what the snapshot covers', async () => {
    const server = await hostile((socket) => {
      const send = (o: unknown) => socket.send(typeof o === 'string' ? o : JSON.stringify(o));
      send('not json at all');
      // the public envelope: ids inside the payload, the account told by account_id
      const account = (id: number, type: string, updateId: number, last: number) => ({
        account: { account_id: id, update_id: updateId, last_update_id: last, event: { type } },
      });
      send({ account: { account_id: 1, update_id: 'seven', last_update_id: 6 } });
      send({ stream: 'account@1', account: { type: 'z' }, update_id: 6, last_update_id: 5 }); // ids outside
      send(account(1, 'a', 5, 4)); // covered by snapshot (5)
      send(account(1, 'b', 6, 5)); // next in line
      send(account(1, 'c', 9, 8)); // a gap
      send(account(2, 'x', 1, 0)); // not subscribed
    });
    let snapshot = 5;
    const resyncs: number[] = [];
    const updates: unknown[] = [];
    const client = new StreamClient({
      wsBaseUrl: server.url,
      onUpdate: (_s, m) => updates.push((m.event as { type: string }).type),
      resync: async () => {
        resyncs.push(snapshot);
        const at = snapshot;
        snapshot = 9;
        return at;
      },
      livenessMs: 5_000,
    });
    cleanup.push(() => client.close());
    client.setStreams(['account@1']);
    await waitFor(() => resyncs.length === 2);
    // not JSON, an id that is not a number, and the ids outside the payload
    expect(client.malformed).toBe(3);
    expect(updates).toEqual(['b']);
    expect(resyncs).toEqual([5, 9]);
  });

  it('reconnects when the connection goes silent (no data, no pongs)', async () => {
    const server = await hostile(() => {}, false);
    const status: (string | undefined)[] = [];
    const client = new StreamClient({
      wsBaseUrl: server.url,
      onUpdate: () => {},
      resync: async () => 0,
      onStatus: (connected, detail) => status.push(connected ? 'up' : detail),
      livenessMs: 300,
      backoffBaseMs: 10,
    });
    cleanup.push(() => client.close());
    client.setStreams(['account@1']);
    await waitFor(() => server.connections() >= 2, 5_000);
    expect(status).toContain('no data or pong within the liveness window');
  });

  it('checks a quiet stream against its snapshot, and renews it only when the state moved without it', async () => {
    // The socket stays healthy (pongs) but the exchange never sends anything on the stream.
    const server = await hostile(() => {});
    let snapshot = 3;
    const resyncs: number[] = [];
    const status: (string | undefined)[] = [];
    const client = new StreamClient({
      wsBaseUrl: server.url,
      onUpdate: () => {},
      resync: async () => {
        resyncs.push(snapshot);
        return snapshot;
      },
      onStatus: (connected, detail) => status.push(connected ? 'up' : detail),
      livenessMs: 5_000,
      streamLivenessMs: 200,
      streamGraceMs: 100,
    });
    cleanup.push(() => client.close());
    client.setStreams(['account@1']);
    // a quiet account whose snapshot does not move is simply quiet: probed, never reconnected
    await waitFor(() => resyncs.length >= 3);
    expect(server.connections()).toBe(1);
    expect(client.stalled).toBe(0);

    snapshot = 7; // the account changed, but the stream said nothing
    await waitFor(() => server.connections() === 2);
    expect(client.stalled).toBe(1);
    expect(status).toContain("account@1 fell silent while the exchange's state moved on");
  });

  it('lets a stream that merely trails its snapshot catch up without renewing it', async () => {
    let socket: ServerSocket | undefined;
    const server = await hostile((s) => (socket = s));
    const resyncs: number[] = [];
    const client = new StreamClient({
      wsBaseUrl: server.url,
      onUpdate: () => {},
      resync: async () => {
        // the first probe finds the account moved on; the stream announces it a moment later
        const snapshot = resyncs.length === 0 ? 3 : 4;
        if (resyncs.length === 1)
          setTimeout(
            () =>
              socket!.send(JSON.stringify({ account: { account_id: 1, update_id: 4, last_update_id: 3 } })),
            100,
          );
        resyncs.push(snapshot);
        return snapshot;
      },
      livenessMs: 5_000,
      streamLivenessMs: 200,
      streamGraceMs: 400,
    });
    cleanup.push(() => client.close());
    client.setStreams(['account@1']);
    await waitFor(() => resyncs.length >= 2);
    await new Promise((r) => setTimeout(r, 800));
    expect(client.stalled).toBe(0);
    expect(server.connections()).toBe(1);
  });

  it('backs off exponentially with full jitter, capped', () => {
    const client = new StreamClient({
      wsBaseUrl: 'ws://127.0.0.1:9',
      onUpdate: () => {},
      resync: async () => 0,
      backoffBaseMs: 100,
      backoffMaxMs: 1_000,
      random: () => 0.5,
    });
    expect([1, 2, 3, 4, 5, 6].map(() => client.nextDelay())).toEqual([50, 100, 200, 400, 500, 500]);
    const zero = new StreamClient({
      wsBaseUrl: 'ws://127.0.0.1:9',
      onUpdate: () => {},
      resync: async () => 0,
      random: () => 0,
    });
    expect(zero.nextDelay()).toBe(0);
  });
});
