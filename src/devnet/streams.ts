// WebSocket streams: GET /ws/<stream>&<stream>... Messages are the public engine's (websocket.md): one key
// naming the kind (`trades`, `delta`, `account`; the interface's `vault`) whose payload carries update_id and
// last_update_id, so a client can spot a gap against the REST snapshot; candles are bare objects. The
// payload, not the envelope, says which stream a message belongs to (market_symbol, account_id, vault_id).
import type { WebSocket } from 'ws';
import { stringify } from 'lossless-json';

export interface StreamKind {
  /** e.g. 'account' for account@<id> */
  prefix: string;
  /** describes the form for error messages, e.g. 'account@<account_id>' */
  form: string;
  /** checks the argument; returns an error message when it names nothing that exists */
  validate(arg: string): string | null;
  /** called synchronously when a stream of this kind gains its first subscriber */
  onFirstSubscriber?(arg: string): void;
}

export class StreamHub {
  private readonly kinds = new Map<string, StreamKind>();
  private readonly subscribers = new Map<string, Set<WebSocket>>();

  register(kind: StreamKind): void {
    this.kinds.set(kind.prefix, kind);
  }

  forms(): string[] {
    return [...this.kinds.values()].map((k) => k.form);
  }

  /** Parses `a@x&b@y`; returns the stream names or the reason they are refused. */
  parse(spec: string): { streams: string[] } | { error: string; status: 400 | 404 } {
    const names = spec.split('&');
    if (names.length === 0 || names.length > 32 || names.some((n) => n.length === 0 || n.length > 128)) {
      return {
        error: `give between 1 and 32 streams joined with "&"; valid forms: ${this.forms().join(', ')}`,
        status: 400,
      };
    }
    for (const name of names) {
      const at = name.indexOf('@');
      const kind = at > 0 ? this.kinds.get(name.slice(0, at)) : undefined;
      if (!kind)
        return { error: `unknown stream "${name}"; valid forms: ${this.forms().join(', ')}`, status: 400 };
      const problem = kind.validate(name.slice(at + 1));
      if (problem) return { error: `stream "${name}": ${problem}`, status: 404 };
    }
    return { streams: [...new Set(names)] };
  }

  hasSubscribers(stream: string): boolean {
    return (this.subscribers.get(stream)?.size ?? 0) > 0;
  }

  subscribe(ws: WebSocket, streams: string[]): void {
    for (const stream of streams) {
      if (!this.hasSubscribers(stream)) {
        const at = stream.indexOf('@');
        this.kinds.get(stream.slice(0, at))?.onFirstSubscriber?.(stream.slice(at + 1));
      }
      const set = this.subscribers.get(stream) ?? new Set();
      set.add(ws);
      this.subscribers.set(stream, set);
    }
    ws.on('close', () => {
      for (const stream of streams) this.subscribers.get(stream)?.delete(ws);
    });
  }

  /**
   * `{ [kindKey]: { update_id, last_update_id, ...payload } }` to the stream's subscribers. lastUpdateId: the
   * update id this message follows (default updateId − 1); a gap means a missed message.
   */
  publish(
    stream: string,
    kindKey: string,
    payload: Record<string, unknown>,
    updateId: number,
    lastUpdateId = updateId - 1,
  ): void {
    this.send(stream, { [kindKey]: { update_id: updateId, last_update_id: lastUpdateId, ...payload } });
  }

  /** A message as it is (a candle is a bare object); numbers are written from their exact text. */
  send(stream: string, message: unknown): void {
    const set = this.subscribers.get(stream);
    if (!set || set.size === 0) return;
    const text = stringify(message) ?? 'null';
    for (const ws of set) if (ws.readyState === ws.OPEN) ws.send(text);
  }

  closeAll(): void {
    for (const set of this.subscribers.values()) for (const ws of set) ws.terminate();
    this.subscribers.clear();
  }
}
