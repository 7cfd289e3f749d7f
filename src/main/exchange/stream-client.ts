// Live updates from the exchange's WebSocket streams, kept honest: a silent connection is presumed dead and
// replaced; reconnects back off exponentially with full jitter so many clients do not stampede; after every
// (re)connect and on any gap in update ids the stream is resynced from the REST snapshot, so an event missed
// while disconnected is never silently lost. Pongs only prove the socket is alive, not that each stream on it
// still flows, so every stream has its own liveness too: one silent for a while is checked against its REST
// snapshot, and if the exchange's state moved on without the stream saying so, the subscription is renewed.
import WebSocket from 'ws';
import { z } from 'zod';
import { parseExchangeJson, UInt } from '../../shared/exchange/json';

// The public envelope (websocket.md): one key naming the kind, the update ids inside its payload, and the
// stream told by a field of the payload (there is no stream name in the message). Candles carry no ids and
// are not followed here.
const Ids = {
  update_id: UInt(Number.MAX_SAFE_INTEGER),
  last_update_id: UInt(Number.MAX_SAFE_INTEGER),
};
const SymbolPayload = z.object({ ...Ids, market_symbol: z.string().max(64) }).passthrough();
const EnvelopeSchema = z
  .union([
    z.object({ account: z.object({ ...Ids, account_id: UInt() }).passthrough() }),
    z.object({ trades: SymbolPayload }),
    z.object({ delta: SymbolPayload }),
    z.object({ vault: z.object({ ...Ids, vault_id: UInt() }).passthrough() }),
  ])
  .transform((m) => {
    if ('account' in m)
      return { stream: `account@${m.account.account_id}`, kind: 'account', payload: m.account };
    if ('trades' in m)
      return { stream: `trades@${m.trades.market_symbol}`, kind: 'trades', payload: m.trades };
    if ('delta' in m) return { stream: `deltas@${m.delta.market_symbol}`, kind: 'delta', payload: m.delta };
    return { stream: `vault@${m.vault.vault_id}`, kind: 'vault', payload: m.vault };
  });
type Envelope = z.output<typeof EnvelopeSchema>;

/** Streams probed against their REST snapshot per check (four checks per stream-liveness window). */
const PROBES_PER_CHECK = 1;

export interface StreamClientDeps {
  /** ws://host:port of the exchange */
  wsBaseUrl: string;
  /** deliver one update, in order, with no gap before it: the payload under the message's kind key */
  onUpdate(stream: string, payload: Record<string, unknown>, updateId: number): void;
  /** fetch the REST snapshot of a stream; returns the update id it reflects */
  resync(stream: string): Promise<number>;
  /** `answered`: the exchange refused the connection with an HTTP status, so it is there, not streaming */
  onStatus?(connected: boolean, detail?: string, answered?: boolean): void;
  /** no message or pong for this long: reconnect */
  livenessMs?: number;
  /** a stream with no message for this long is checked against its REST snapshot */
  streamLivenessMs?: number;
  /** how long a stream may trail its snapshot before it counts as stalled */
  streamGraceMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  random?: () => number;
  createSocket?: (url: string) => WebSocket;
}

export class StreamClient {
  private socket: WebSocket | null = null;
  private streams: string[] = [];
  private readonly lastUpdate = new Map<string, number>();
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private livenessTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private streamCheckTimer: NodeJS.Timeout | null = null;
  /** when each stream last said anything, or was last resynced */
  private readonly heardAt = new Map<string, number>();
  /** the highest update id each stream has announced, delivered or not */
  private readonly announced = new Map<string, number>();
  private readonly probing = new Set<string>();
  private closed = false;
  /** messages that did not parse, for diagnostics */
  malformed = 0;
  /** streams found silent while their state moved on, for diagnostics */
  stalled = 0;

  constructor(private readonly deps: StreamClientDeps) {}

  /** Replaces the subscription set; reconnects when it changed. */
  setStreams(streams: string[]): void {
    const next = [...new Set(streams)].sort();
    if (next.join('&') === this.streams.join('&')) return;
    this.streams = next;
    for (const map of [this.lastUpdate, this.heardAt, this.announced])
      for (const stream of [...map.keys()]) if (!next.includes(stream)) map.delete(stream);
    this.reconnectNow();
  }

  /** Exponential backoff with full jitter: a random wait up to base * 2^attempt, capped. */
  nextDelay(): number {
    const cap = Math.min(
      this.deps.backoffMaxMs ?? 30_000,
      (this.deps.backoffBaseMs ?? 500) * 2 ** this.attempt,
    );
    this.attempt = Math.min(this.attempt + 1, 30);
    return Math.floor((this.deps.random ?? Math.random)() * cap);
  }

  private reconnectNow(): void {
    this.teardown();
    if (this.closed || this.streams.length === 0) return;
    this.connect();
  }

  private scheduleReconnect(detail: string, answered = false): void {
    this.teardown();
    this.deps.onStatus?.(false, detail, answered);
    if (this.closed || this.streams.length === 0 || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, this.nextDelay());
  }

  private teardown(): void {
    for (const timer of [this.livenessTimer, this.pingTimer]) if (timer) clearTimeout(timer);
    if (this.streamCheckTimer) clearInterval(this.streamCheckTimer);
    this.livenessTimer = this.pingTimer = this.streamCheckTimer = null;
    if (this.socket) {
      this.socket.removeAllListeners();
      this.socket.on('error', () => {});
      this.socket.terminate();
      this.socket = null;
    }
  }

  private alive(): void {
    const liveness = this.deps.livenessMs ?? 30_000;
    if (this.livenessTimer) clearTimeout(this.livenessTimer);
    this.livenessTimer = setTimeout(
      () => this.scheduleReconnect('no data or pong within the liveness window'),
      liveness,
    );
  }

  private connect(): void {
    const path = this.streams.map(encodeURIComponent).join('&').replace(/%40/g, '@');
    const url = `${this.deps.wsBaseUrl}/ws/${path}`;
    const socket = (this.deps.createSocket ?? ((u) => new WebSocket(u)))(url);
    this.socket = socket;
    socket.on('open', () => {
      this.attempt = 0;
      this.deps.onStatus?.(true);
      this.alive();
      const ping = (): void => {
        if (socket.readyState === WebSocket.OPEN) socket.ping();
        this.pingTimer = setTimeout(ping, (this.deps.livenessMs ?? 30_000) / 3);
      };
      ping();
      // Anything may have happened while we were away: start every stream from the REST snapshot.
      for (const stream of this.streams) void this.resync(stream);
      const window = this.deps.streamLivenessMs ?? 60_000;
      this.streamCheckTimer = setInterval(() => this.checkStreams(window), window / 4);
    });
    socket.on('pong', () => this.alive());
    socket.on('message', (data) => {
      this.alive();
      let json: unknown;
      try {
        json = parseExchangeJson(data.toString());
      } catch {
        this.malformed += 1;
        return;
      }
      const parsed = EnvelopeSchema.safeParse(json);
      if (!parsed.success) {
        this.malformed += 1;
        return;
      }
      this.handle(parsed.data);
    });
    socket.on('unexpected-response', (_req, res) =>
      this.scheduleReconnect(`the exchange refused the streams (HTTP ${res.statusCode})`, true),
    );
    socket.on('error', (error) => this.scheduleReconnect(error.message));
    socket.on('close', () => this.scheduleReconnect('the connection closed'));
  }

  private readonly resyncing = new Map<string, Promise<void>>();

  private resync(stream: string): Promise<void> {
    const existing = this.resyncing.get(stream);
    if (existing) return existing;
    const run = this.deps
      .resync(stream)
      .then((updateId) => {
        this.lastUpdate.set(stream, Math.max(updateId, this.lastUpdate.get(stream) ?? -1));
        this.heardAt.set(stream, Date.now());
      })
      .catch(() => this.scheduleReconnect(`could not resync ${stream}`))
      .finally(() => this.resyncing.delete(stream));
    this.resyncing.set(stream, run);
    return run;
  }

  /**
   * Probes the quietest streams, at most PROBES_PER_CHECK at a time: each probe is a REST read, and a quiet
   * account is the usual case (480 of them once cost 480 reads a minute; now 4). A stall is the connection's more
   * often than one stream's, so the few probed find it as well; a stream's own silence is found within
   * (streams / PROBES_PER_CHECK) checks.
   */
  private checkStreams(window: number): void {
    const now = Date.now();
    const quiet = this.streams
      .filter(
        (s) => now - (this.heardAt.get(s) ?? now) >= window && !this.resyncing.has(s) && !this.probing.has(s),
      )
      .sort((a, b) => (this.heardAt.get(a) ?? now) - (this.heardAt.get(b) ?? now));
    for (const stream of quiet.slice(0, PROBES_PER_CHECK)) void this.probe(stream);
  }

  /**
   * A quiet stream may just be a quiet account, so silence alone proves nothing. The REST snapshot tells:
   * if it moved past what the stream delivered and the stream does not catch up within the grace period
   * (it may merely trail REST by a moment), the stream stalled and is subscribed afresh.
   */
  private async probe(stream: string): Promise<void> {
    if (this.probing.has(stream)) return;
    this.probing.add(stream);
    try {
      const socket = this.socket;
      const before = this.lastUpdate.get(stream) ?? -1;
      await this.resync(stream);
      const snapshot = this.lastUpdate.get(stream) ?? -1;
      if (snapshot <= before) return;
      await new Promise((r) => setTimeout(r, this.deps.streamGraceMs ?? 5_000));
      if (this.closed || this.socket !== socket || !this.streams.includes(stream)) return;
      if ((this.announced.get(stream) ?? -1) >= snapshot) return;
      this.stalled += 1;
      this.scheduleReconnect(`${stream} fell silent while the exchange's state moved on`);
    } finally {
      this.probing.delete(stream);
    }
  }

  private handle(message: Envelope): void {
    const { stream, payload } = message;
    if (!this.streams.includes(stream)) return;
    this.heardAt.set(stream, Date.now());
    this.announced.set(stream, Math.max(payload.update_id, this.announced.get(stream) ?? -1));
    if (this.resyncing.has(stream)) {
      // The snapshot being fetched may or may not include this update; fetch again once it lands.
      void this.resyncing.get(stream)!.then(() => this.handle(message));
      return;
    }
    const last = this.lastUpdate.get(stream);
    if (last !== undefined && payload.update_id <= last) return; // already reflected in the snapshot
    if (last === undefined || payload.last_update_id !== last) {
      void this.resync(stream);
      return;
    }
    this.lastUpdate.set(stream, payload.update_id);
    this.deps.onUpdate(stream, payload, payload.update_id);
  }

  /** The exchange was seen answering again: reconnect now instead of after the back-off. */
  retryNow(): void {
    if (!this.reconnectTimer || this.closed) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.attempt = 0;
    this.connect();
  }

  close(): void {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.teardown();
  }
}
