// Follows every account of every wallet on the exchange's account streams (a few combined connections) and tells
// the renderer when one changed (or was resynced after a gap or a reconnect), so screens refresh from live
// data; and tells the live reads (live-reads.ts) what the streams vouch for, so reads of an account that did
// not change are not sent again.
import { StreamClient } from './stream-client';
import type { ExchangeClient } from './exchange-client';
import type { LiveReads } from './live-reads';
import type { z } from 'zod';
import type { AccountUpdateSchema } from '../../shared/ipc/portfolio';

/**
 * A person should see within five seconds that the exchange went away, and a process that hangs closes no
 * socket: the heartbeat (a ping every third of this, a pong or data due within it) is what notices.
 */
export const EXCHANGE_HEARTBEAT_MS = 4_000;

export type AccountUpdate = z.output<typeof AccountUpdateSchema>;

/**
 * Streams per connection: the devnet takes at most 32 on one (a public engine states no number), so 480
 * accounts are 15 connections rather than one refused connection, or 480.
 */
export const STREAMS_PER_CONNECTION = 32;

/** A quiet stream is checked against its snapshot after this long, on one connection (stream-client.ts's default). */
const STREAM_LIVENESS_MS = 60_000;

/** One connection's accounts and its client. */
interface Connection {
  accountIds: number[];
  stream: StreamClient;
  connected: boolean;
}

export class AccountWatcher {
  private connections: Connection[] = [];
  /** what the last status said of all the connections together */
  private allConnected: boolean | null = null;
  /**
   * Per account, the update id of the portfolio read the screens were last given: a stream's next resync
   * that finds the same tells them nothing. After an unlock (or a follow begun on the lock screen) the
   * streams' first resyncs of hundreds of accounts would otherwise each have the screen read its figures and
   * every kind of its history again, of accounts unchanged since the read it had just drawn.
   */
  private readonly shown = new Map<number, number>();

  constructor(
    private readonly client: ExchangeClient,
    /** detail: what the devnet's event names beyond its type (a credited deposit's chain transaction) */
    private readonly onUpdate: (update: AccountUpdate, detail?: { chainTxId?: string }) => void,
    private readonly onStatus?: (connected: boolean, detail?: string, answered?: boolean) => void,
    private readonly live?: LiveReads,
  ) {}

  /**
   * `connections`: how many there are to be. A quiet stream is checked against its REST snapshot once its
   * connection's liveness window passes, one per check (stream-client.ts); the window grows with the number of
   * connections, so the checks of all of them together stay at four reads a minute however many accounts.
   */
  private open(connections: number): Connection {
    const { client, onUpdate, live } = this;
    // the stream's callbacks name the connection it is part of, made once the stream is
    const self: { connection?: Connection } = {};
    const stream = new StreamClient({
      wsBaseUrl: client.baseUrl.replace(/^http/, 'ws'),
      livenessMs: EXCHANGE_HEARTBEAT_MS,
      streamLivenessMs: STREAM_LIVENESS_MS * connections,
      onUpdate: (stream, payload, updateId) => {
        // the devnet names what changed in its `event` extra; a public engine's payload has none
        const event = payload.event as { type?: unknown; chainTxId?: unknown } | undefined;
        const accountId = Number(stream.split('@')[1]);
        live?.changed(accountId);
        this.shown.delete(accountId);
        onUpdate(
          {
            accountId,
            updateId,
            type: typeof event?.type === 'string' ? event.type : 'update',
          },
          typeof event?.chainTxId === 'string' ? { chainTxId: event.chainTxId } : {},
        );
      },
      resync: async (stream) => {
        const accountId = Number(stream.split('@')[1]);
        // read afresh: the resync is what the streams' vouching starts from
        const { updateId } = await client.account(accountId, true);
        const shown = this.shown.get(accountId);
        this.shown.delete(accountId);
        if (shown !== updateId) onUpdate({ accountId, updateId, type: 'resync' });
        return updateId;
      },
      onStatus: (connected, detail, answered) => {
        const connection = self.connection!;
        connection.connected = connected;
        live?.connectionChanged(connection.accountIds, connected);
        this.report(connected, detail, answered);
      },
    });
    self.connection = { accountIds: [], connected: false, stream };
    return self.connection;
  }

  /**
   * The exchange is reachable when every connection is up; one lost is told at once (it is what the
   * heartbeat is for), the way back only once all are up again, so several connections do not flap it.
   */
  private report(connected: boolean, detail?: string, answered?: boolean): void {
    const all = this.connections.length > 0 && this.connections.every((c) => c.connected);
    if (!connected) {
      this.allConnected = false;
      this.onStatus?.(false, detail, answered);
    } else if (all && this.allConnected !== true) {
      this.allConnected = true;
      this.onStatus?.(true);
    }
  }

  /** `shown`: each account's update id in the portfolio read the screens are given with this watch */
  watch(accountIds: number[], shown?: ReadonlyMap<number, number>): void {
    for (const [accountId, updateId] of shown ?? []) this.shown.set(accountId, updateId);
    const sorted = [...new Set(accountIds)].sort((a, b) => a - b);
    this.live?.follow(sorted);
    const chunks: number[][] = [];
    for (let i = 0; i < sorted.length; i += STREAMS_PER_CONNECTION)
      chunks.push(sorted.slice(i, i + STREAMS_PER_CONNECTION));
    for (const extra of this.connections.splice(chunks.length)) {
      extra.stream.close();
      this.live?.connectionChanged(extra.accountIds, false);
    }
    chunks.forEach((ids, i) => {
      const connection = this.connections[i] ?? this.open(chunks.length);
      this.connections[i] = connection;
      if (ids.join(',') === connection.accountIds.join(',')) return;
      // another set of streams is another connection: nothing of it is vouched for until it has opened
      this.live?.connectionChanged([...connection.accountIds, ...ids], false);
      connection.connected = false;
      connection.accountIds = ids;
      connection.stream.setStreams(ids.map((id) => `account@${id}`));
    });
    if (chunks.length === 0) this.allConnected = null;
  }

  /** The exchange answered again: reconnect now rather than after the back-off. */
  retryNow(): void {
    for (const c of this.connections) c.stream.retryNow();
  }

  close(): void {
    for (const c of this.connections) c.stream.close();
    this.connections = [];
  }
}
