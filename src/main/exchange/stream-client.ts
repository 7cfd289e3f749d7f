// Live updates from the exchange's WebSocket streams, kept honest: a silent connection is presumed dead and
// replaced; reconnects back off exponentially with full jitter so many clients do not stampede; after every
// (re)connect and on any gap in update ids the stream is resynced from the REST snapshot, so an event missed
// while disconnected is never silently lost.
import WebSocket from 'ws';
import { z } from 'zod';

const EnvelopeSchema = z
  .object({
    stream: z.string(),
    update_id: z.number().int().min(0),
    last_update_id: z.number().int().min(-1),
  })
  .passthrough();

export interface StreamClientDeps {
  /** ws://host:port of the exchange */
  wsBaseUrl: string;
  /** deliver one update, in order, with no gap before it */
  onUpdate(stream: string, message: Record<string, unknown>, updateId: number): void;
  /** fetch the REST snapshot of a stream; returns the update id it reflects */
  resync(stream: string): Promise<number>;
  onStatus?(connected: boolean, detail?: string): void;
  /** no message or pong for this long: reconnect */
  livenessMs?: number;
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
  private closed = false;
  /** messages that did not parse, for diagnostics */
  malformed = 0;

  constructor(private readonly deps: StreamClientDeps) {}

  /** Replaces the subscription set; reconnects when it changed. */
  setStreams(streams: string[]): void {
    const next = [...new Set(streams)].sort();
    if (next.join('&') === this.streams.join('&')) return;
    this.streams = next;
    for (const stream of [...this.lastUpdate.keys()])
      if (!next.includes(stream)) this.lastUpdate.delete(stream);
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

  private scheduleReconnect(detail: string): void {
    this.teardown();
    this.deps.onStatus?.(false, detail);
    if (this.closed || this.streams.length === 0 || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, this.nextDelay());
  }

  private teardown(): void {
    for (const timer of [this.livenessTimer, this.pingTimer]) if (timer) clearTimeout(timer);
    this.livenessTimer = this.pingTimer = null;
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
    });
    socket.on('pong', () => this.alive());
    socket.on('message', (data) => {
      this.alive();
      let parsed: z.infer<typeof EnvelopeSchema>;
      try {
        parsed = EnvelopeSchema.parse(JSON.parse(data.toString()));
      } catch {
        this.malformed += 1;
        return;
      }
      this.handle(parsed);
    });
    socket.on('unexpected-response', (_req, res) =>
      this.scheduleReconnect(`the exchange refused the streams (HTTP ${res.statusCode})`),
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
      })
      .catch(() => this.scheduleReconnect(`could not resync ${stream}`))
      .finally(() => this.resyncing.delete(stream));
    this.resyncing.set(stream, run);
    return run;
  }

  private handle(message: z.infer<typeof EnvelopeSchema>): void {
    const { stream } = message;
    if (!this.streams.includes(stream)) return;
    if (this.resyncing.has(stream)) {
      // The snapshot being fetched may or may not include this update; fetch again once it lands.
      void this.resyncing.get(stream)!.then(() => this.handle(message));
      return;
    }
    const last = this.lastUpdate.get(stream);
    if (last !== undefined && message.update_id <= last) return; // already reflected in the snapshot
    if (last === undefined || message.last_update_id !== last) {
      void this.resync(stream);
      return;
    }
    this.lastUpdate.set(stream, message.update_id);
    this.deps.onUpdate(stream, message, message.update_id);
  }

  close(): void {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.teardown();
  }
}
