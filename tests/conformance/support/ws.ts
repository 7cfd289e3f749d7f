// Subscribes to devnet streams over a real WebSocket and collects the JSON messages.
import WebSocket from 'ws';
import type { TestExchange } from './exchange';
import { parseExchangeJson } from '../../../src/shared/exchange/json';

/**
 * A message as these tests read it: the stream it belongs to (told by the payload: account_id,
 * market_symbol, vault_id), the update ids from inside the payload, and under the kind key the payload, or
 * for the account stream the devnet's own `event` it carries. The public shape itself is checked
 * separately (tests/conformance/json-shapes.test.ts); `raw` is the message as sent.
 */
export interface StreamMessage {
  stream: string;
  update_id: number;
  last_update_id: number;
  raw?: unknown;
  [kind: string]: unknown;
}

const camel = (o: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), v]),
  );

/** a trades payload with its first trade's fields in camelCase on top (most messages carry one trade) */
function tradesView(payload: Record<string, unknown>) {
  const trades = ((payload.trades ?? []) as Record<string, unknown>[]).map(camel);
  return { ...trades[0], trades, marketSymbol: payload.market_symbol };
}

/** a delta's levels with their numbers as the exact text they were sent as */
function deltaView(text: string) {
  const delta = (parseExchangeJson(text) as { delta: Record<string, unknown> }).delta;
  const levels = (list: unknown) =>
    (list as { price: { value: string }; size: { value: string } }[]).map((l) => ({
      price: l.price.value,
      size: l.size.value,
    }));
  return { ...delta, bids: levels(delta.bids), asks: levels(delta.asks) };
}

export function readable(raw: Record<string, unknown>, text = ''): StreamMessage {
  for (const kind of ['account', 'trades', 'delta', 'vault']) {
    const payload = raw[kind] as Record<string, unknown> | undefined;
    if (!payload) continue;
    const stream =
      kind === 'account'
        ? `account@${String(payload.account_id)}`
        : kind === 'vault'
          ? `vault@${String(payload.vault_id)}`
          : `${kind === 'delta' ? 'deltas' : 'trades'}@${String(payload.market_symbol)}`;
    return {
      stream,
      update_id: payload.update_id as number,
      last_update_id: payload.last_update_id as number,
      // a vault's state as the app reads it: numbers kept as their text, for the shared schema
      [kind]:
        kind === 'account'
          ? payload.event
          : kind === 'vault'
            ? (parseExchangeJson(text) as { vault: { state: unknown } }).vault.state
            : kind === 'trades'
              ? tradesView(payload)
              : kind === 'delta'
                ? deltaView(text)
                : payload,
      raw,
    };
  }
  // a candle: a bare object
  return { stream: `candle@${String(raw.mid)}:${String(raw.res)}`, update_id: 0, last_update_id: 0, raw };
}

export interface Subscription<M> {
  ws: WebSocket;
  messages: M[];
  /** waits (up to 5 s) until at least `count` messages arrived; returns the first `count` */
  next(count: number): Promise<M[]>;
}

export function openStreams<M = StreamMessage>(ex: TestExchange, streams: string): Promise<Subscription<M>> {
  const ws = new WebSocket(`${ex.url.replace('http', 'ws')}/ws/${streams}`);
  const messages: M[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    const text = data.toString();
    messages.push(readable(JSON.parse(text) as Record<string, unknown>, text) as M);
    waiters.splice(0).forEach((w) => w());
  });
  const next = async (count: number) => {
    const deadline = Date.now() + 5_000;
    while (messages.length < count && Date.now() < deadline)
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    return messages.slice(0, count);
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, next }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      // the public error body is null: the reason travels in x-error-message
      res.on('end', () =>
        reject(new Error(`${res.statusCode} ${String(res.headers['x-error-message'] ?? body)}`)),
      );
    });
  });
}
