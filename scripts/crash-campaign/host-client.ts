// The campaign's person at the keyboard: a client of the browser host's bridge, the way the page talks to it
// (the one-time address traded for the session cookie, then one WebSocket). A call whose answer the host
// never sent (it was killed, or hung) comes back as lost, never as an error the app said.
import WebSocket from 'ws';
import { parseWire, stringifyWire } from '../../src/shared/wire-json';

export type CallResult<T> =
  | { ok: true; value: T }
  | { ok: false; error: { code: string; message: string } }
  | { lost: true; why: string };

interface Waiting {
  resolve(result: CallResult<unknown>): void;
  timer: NodeJS.Timeout;
}

export class HostClient {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = parseWire(data.toString()) as { id?: number; result?: CallResult<unknown> };
      const waiting = message.id === undefined ? undefined : this.waiting.get(message.id);
      if (!waiting || !message.result) return;
      this.waiting.delete(message.id!);
      clearTimeout(waiting.timer);
      waiting.resolve(message.result);
    });
    ws.on('close', () => this.loseAll('the host closed the bridge'));
    ws.on('error', () => this.loseAll('the bridge failed'));
  }

  /** Opens the bridge at the address the host printed (its one-time token is spent here). */
  static async open(url: string): Promise<HostClient> {
    const origin = new URL(url).origin;
    const page = await fetch(url, { redirect: 'manual' });
    const cookie = page.headers.get('set-cookie')?.split(';')[0];
    if (!cookie) throw new Error(`${url} gave no session: ${page.status}`);
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/bridge`, { origin, headers: { cookie } });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return new HostClient(ws);
  }

  call<T>(method: string, arg?: unknown, timeoutMs = 60_000): Promise<CallResult<T>> {
    if (this.ws.readyState !== WebSocket.OPEN)
      return Promise.resolve({ lost: true, why: 'the bridge is closed' });
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve({ lost: true, why: `no answer within ${timeoutMs} ms` });
      }, timeoutMs);
      this.waiting.set(id, { resolve: resolve as Waiting['resolve'], timer });
      this.ws.send(stringifyWire({ id, method, arg }));
    });
  }

  /** The value, or an exception naming what went wrong: for the steps that must work (set-up, the final reads). */
  async must<T>(method: string, arg?: unknown): Promise<T> {
    const result = await this.call<T>(method, arg);
    if ('lost' in result) throw new Error(`${method}: ${result.why}`);
    if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
    return result.value;
  }

  close(): void {
    this.ws.terminate();
  }

  private loseAll(why: string): void {
    for (const [id, waiting] of this.waiting) {
      clearTimeout(waiting.timer);
      waiting.resolve({ lost: true, why });
      this.waiting.delete(id);
    }
  }
}
