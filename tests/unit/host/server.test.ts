// The browser host on loopback against a real devnet: only the page it served, holding its token, may
// talk to the core.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { request } from 'node:http';
import { startDevnet, type RunningDevnet } from '../../../src/devnet/server';
import { startHost, type RunningHost } from '../../../src/host/server';
import { createCore } from '../../../src/main/core';
import { createDispatcher } from '../../../src/main/ipc-dispatch';
import { parseWire, stringifyWire } from '../../../src/shared/wire-json';
import { MemorySecretStore } from '../../support/memory-store';

const TOKEN = 'test-token-'.padEnd(43, 'x');
let devnet: RunningDevnet;
let host: RunningHost;

beforeAll(async () => {
  devnet = await startDevnet();
  const core = createCore({
    version: '0.0.0',
    host: 'browser-host',
    exchange: { kind: 'embedded-devnet', baseUrl: devnet.baseUrl },
    dataDir: mkdtempSync(join(tmpdir(), 'perpetua-host-')),
    store: new MemorySecretStore(),
  });
  const rendererDir = mkdtempSync(join(tmpdir(), 'perpetua-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<html>app</html>');
  host = await startHost({
    dispatch: createDispatcher(core.handlers),
    events: core.events,
    rendererDir,
    token: TOKEN,
  });
});
afterAll(async () => {
  await host?.close();
  await devnet?.close();
});

/** Opens a one-time address as a browser would: answers the redirect and the cookie it set. */
function open(
  url: string,
  cookie?: string,
): Promise<{ status: number; location?: string; cookie?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: cookie ? { cookie } : {} }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          location: res.headers.location,
          cookie: res.headers['set-cookie']?.[0],
          body,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

let sessionCookie = '';
async function session(): Promise<string> {
  if (!sessionCookie) {
    const first = await open(host.url);
    sessionCookie = first.cookie!.split(';')[0]!;
  }
  return sessionCookie;
}

async function connect(options: { cookie?: string; origin?: string; host?: string }): Promise<WebSocket> {
  const url = `${host.origin.replace('http', 'ws')}/bridge`;
  const headers: Record<string, string> = { cookie: options.cookie ?? (await session()) };
  if (options.host) headers.host = options.host;
  const ws = new WebSocket(url, { origin: options.origin ?? host.origin, headers });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function call(
  ws: WebSocket,
  method: string,
  arg?: unknown,
): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }> {
  return new Promise((resolve) => {
    ws.once('message', (data) => resolve((parseWire(data.toString()) as { result: never }).result));
    ws.send(stringifyWire({ id: 1, method, arg }));
  });
}

describe('browser host bridge', () => {
  it('carries a getMarkets call to the real devnet and back', async () => {
    const ws = await connect({});
    const result = await call(ws, 'app.markets');
    expect(result.ok).toBe(true);
    expect((result.value as { markets: { symbol: string }[] }).markets.map((m) => m.symbol)).toContain(
      'BTC-PERP',
    );
    ws.close();
  });

  it('refuses a bridge without the session cookie, or with a made-up one', async () => {
    const name = (await session()).split('=')[0]!;
    await expect(connect({ cookie: '' })).rejects.toThrow('refused 403');
    await expect(connect({ cookie: `${name}=${'x'.repeat(43)}` })).rejects.toThrow('refused 403');
    await expect(connect({ cookie: `${name}=${TOKEN}` })).rejects.toThrow('refused 403');
  });

  it('the printed token works once: traded for an HttpOnly SameSite=Strict cookie and dropped from the address', async () => {
    const url = host.mintUrl();
    const first = await open(url);
    expect(first.status).toBe(303);
    expect(first.location).toBe('/');
    expect(first.cookie).toMatch(/HttpOnly/);
    expect(first.cookie).toMatch(/SameSite=Strict/);
    // the same address again, from a browser without the session (history, a copied link): refused
    const replay = await open(url);
    expect(replay.status).toBe(403);
    expect(replay.cookie).toBeUndefined();
    expect(replay.body).toContain('opened without its access token');
    // the browser that holds the session may re-open it and gets the page
    const cookie = first.cookie!.split(';')[0]!;
    expect((await open(url, cookie)).status).toBe(303);
    expect((await open(`${host.origin}/`, cookie)).status).toBe(200);
    // no session, no page
    expect((await open(`${host.origin}/`)).status).toBe(403);
  });

  it('one bridge per browser session: a newer one replaces the older', async () => {
    const older = await connect({});
    const closed = new Promise<number>((resolve) => older.once('close', (code) => resolve(code)));
    const newer = await connect({});
    expect(await closed).toBe(4000);
    expect((await call(newer, 'app.markets')).ok).toBe(true);
    newer.close();
  });

  it('refuses a foreign Origin', async () => {
    await expect(connect({ origin: 'https://evil.example' })).rejects.toThrow('refused 403');
    await expect(connect({ origin: host.origin.replace('127.0.0.1', 'localhost') })).rejects.toThrow(
      'refused 403',
    );
  });

  it('refuses a foreign Host (DNS rebinding)', async () => {
    const port = new URL(host.origin).port;
    await expect(connect({ host: `evil.example:${port}` })).rejects.toThrow('refused 403');
  });

  it('serves the page only under its own host name, with the CSP', async () => {
    const cookie = await session();
    const get = (hostHeader: string) =>
      new Promise<{ status: number; csp: string | undefined }>((resolve, reject) => {
        const req = request(`${host.origin}/`, { headers: { host: hostHeader, cookie } }, (res) => {
          res.resume();
          resolve({
            status: res.statusCode!,
            csp: res.headers['content-security-policy'] as string | undefined,
          });
        });
        req.on('error', reject);
        req.end();
      });
    const own = await get(new URL(host.origin).host);
    expect(own.status).toBe(200);
    expect(own.csp).toContain(`connect-src ${host.origin.replace('http', 'ws')}`);
    expect(own.csp).not.toContain('unsafe-eval');
    expect((await get('evil.example')).status).toBe(403);
  });

  it('answers malformed arguments with INVALID_ARGUMENT and closes on garbage', async () => {
    const ws = await connect({});
    expect(await call(ws, 'app.markets', { injected: 1 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    expect(await call(ws, 'rm -rf', undefined)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('{not json');
    expect(await closed).toBe(1007);
  });
});
