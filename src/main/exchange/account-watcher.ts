// Follows every account of every wallet on the exchange's account streams (all on one connection) and tells
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

export class AccountWatcher {
  private readonly stream: StreamClient;
  private watching = '';

  constructor(
    client: ExchangeClient,
    /** detail: what the devnet's event names beyond its type (a credited deposit's chain transaction) */
    onUpdate: (update: AccountUpdate, detail?: { chainTxId?: string }) => void,
    onStatus?: (connected: boolean, detail?: string, answered?: boolean) => void,
    private readonly live?: LiveReads,
  ) {
    this.stream = new StreamClient({
      wsBaseUrl: client.baseUrl.replace(/^http/, 'ws'),
      livenessMs: EXCHANGE_HEARTBEAT_MS,
      onUpdate: (stream, payload, updateId) => {
        // the devnet names what changed in its `event` extra; a public engine's payload has none
        const event = payload.event as { type?: unknown; chainTxId?: unknown } | undefined;
        live?.changed(Number(stream.split('@')[1]));
        onUpdate(
          {
            accountId: Number(stream.split('@')[1]),
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
        onUpdate({ accountId, updateId, type: 'resync' });
        return updateId;
      },
      onStatus: (connected, detail, answered) => {
        live?.connectionChanged(connected);
        onStatus?.(connected, detail, answered);
      },
    });
  }

  watch(accountIds: number[]): void {
    const next = [...new Set(accountIds)].sort((a, b) => a - b).join(',');
    // another set of streams is another connection (or none, once locked): nothing is vouched for until
    // it has opened and resynced
    if (next !== this.watching) this.live?.connectionChanged(false);
    this.watching = next;
    this.live?.follow(accountIds);
    this.stream.setStreams(accountIds.map((id) => `account@${id}`));
  }

  /** The exchange answered again: reconnect now rather than after the back-off. */
  retryNow(): void {
    this.stream.retryNow();
  }

  close(): void {
    this.stream.close();
  }
}
