// Subscribes to devnet streams over a real WebSocket and collects the JSON messages.
import WebSocket from 'ws';
import type { TestExchange } from './exchange';

export interface StreamMessage {
  stream: string;
  update_id: number;
  last_update_id: number;
  [kind: string]: unknown;
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
    messages.push(JSON.parse(data.toString()) as M);
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
      res.on('end', () => reject(new Error(`${res.statusCode} ${body}`)));
    });
  });
}
