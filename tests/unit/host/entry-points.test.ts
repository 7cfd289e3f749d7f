// Every HTTP and WebSocket entry point of the browser host and the devnet answers malformed input with a
// 4xx or a clean close and keeps serving: each case here was a one-request crash (issue 14 item 7), or let a
// web page drive the devnet (item 10).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startDevnet, type RunningDevnet } from '../../../src/devnet/server';
import { startHost, type RunningHost } from '../../../src/host/server';
import { createCore } from '../../../src/main/core';
import { createDispatcher } from '../../../src/main/ipc-dispatch';
import { MemorySecretStore } from '../../support/memory-store';
import { rawRequest } from '../../support/raw-http';

let devnet: RunningDevnet;
let host: RunningHost;
let hostPort = 0;

beforeAll(async () => {
  devnet = await startDevnet({ tickMs: 0 });
  const core = createCore({
    version: '0.0.0',
    host: 'browser-host',
    exchange: { kind: 'embedded-devnet', baseUrl: devnet.baseUrl },
    dataDir: mkdtempSync(join(tmpdir(), 'perpetua-entry-')),
    store: new MemorySecretStore(),
  });
  const rendererDir = mkdtempSync(join(tmpdir(), 'perpetua-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<html>app</html>');
  host = await startHost({ dispatch: createDispatcher(core.handlers), events: core.events, rendererDir });
  hostPort = Number(new URL(host.origin).port);
});
afterAll(async () => {
  await host?.close();
  await devnet?.close();
});

const get = (path: string, hostHeader: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: ${hostHeader}\r\n${extra}Connection: close\r\n\r\n`;
const upgrade = (path: string, hostHeader: string, origin: string) =>
  get(
    path,
    hostHeader,
    `Origin: ${origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n`,
  ).replace('Connection: close\r\n', '');

async function hostStillServes(): Promise<void> {
  const answer = await rawRequest(hostPort, get('/', `127.0.0.1:${hostPort}`));
  expect(answer.status).toBe(403); // alive: no session here, so the page is refused, not the connection
}
async function devnetStillServes(): Promise<void> {
  expect((await fetch(`${devnet.baseUrl}/markets/live`)).status).toBe(200);
}

describe('browser host entry points', () => {
  const own = () => `127.0.0.1:${hostPort}`;

  it('a malformed percent-encoding in the path is a 400', async () => {
    expect((await rawRequest(hostPort, get('/%E0%A4%A', own()))).status).toBe(400);
    expect((await rawRequest(hostPort, get('/assets/%ZZ.js', own()))).status).toBe(400);
    await hostStillServes();
  });

  it('an upgrade to an invalid URL (`//x:99999/...`) is refused with 400', async () => {
    const answer = await rawRequest(hostPort, upgrade('//x:99999/bridge', own(), `http://${own()}`));
    expect(answer.status).toBe(400);
    await hostStillServes();
  });

  it('an upgrade with a broken escape, or to an unknown path, is refused, not thrown', async () => {
    expect((await rawRequest(hostPort, upgrade('/%E0%A4%A', own(), `http://${own()}`))).status).toBe(404);
    expect((await rawRequest(hostPort, upgrade('/bridge', own(), `http://${own()}`))).status).toBe(403);
    expect((await rawRequest(hostPort, get('http://[::1/x', own()))).status).toBe(400);
    await hostStillServes();
  });

  it('an IPC frame whose method is not a string closes the bridge cleanly and the host lives on', async () => {
    const page = await fetch(host.url, { redirect: 'manual' });
    const cookie = page.headers.get('set-cookie')!.split(';')[0]!;
    for (const frame of [
      '{"id":1,"method":{"toString":1}}',
      '{"id":1,"method":["app.markets"]}',
      '{"id":1,"method":null}',
      '7',
      'null',
    ]) {
      const ws = new WebSocket(`${host.origin.replace('http', 'ws')}/bridge`, {
        origin: host.origin,
        headers: { cookie },
      });
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      ws.send(frame);
      expect(await closed).toBe(1007);
    }
    await hostStillServes();
  });
});

describe('devnet entry points', () => {
  const own = () => `127.0.0.1:${devnet.port}`;

  it('a malformed percent-encoding in the path is a 400 with the named error body', async () => {
    const answer = await rawRequest(devnet.port, get('/%E0%A4%A', own()));
    expect(answer.status).toBe(400);
    // the public error style: BadRequest's body is null, its name travels in x-error
    expect(answer.head).toMatch(/^x-error: BadRequest$/im);
    expect((await rawRequest(devnet.port, get('/market/%E0%A4%A/book', own()))).status).toBe(400);
    await devnetStillServes();
  });

  it('an upgrade to an invalid URL (`//x:99999/...`) is refused with 400', async () => {
    const answer = await rawRequest(devnet.port, upgrade('//x:99999/ws/trades', own(), `http://${own()}`));
    expect(answer.status).toBe(400);
    await devnetStillServes();
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin, on HTTP and on streams', async () => {
    const port = devnet.port;
    expect((await rawRequest(port, get('/markets/live', `evil.example:${port}`))).status).toBe(403);
    expect(
      (await rawRequest(port, get('/markets/live', own(), 'Origin: https://evil.example\r\n'))).status,
    ).toBe(403);
    expect((await rawRequest(port, get('/markets/live', own(), 'Origin: null\r\n'))).status).toBe(403);
    expect(
      (await rawRequest(port, upgrade('/ws/trades', `evil.example:${port}`, 'http://evil.example'))).status,
    ).toBe(403);
    // programs name the machine by address or as localhost, without an Origin; a same-origin page is fine too
    expect((await rawRequest(port, get('/markets/live', `localhost:${port}`))).status).toBe(200);
    expect((await rawRequest(port, get('/markets/live', `[::1]:${port}`))).status).toBe(200);
    expect((await rawRequest(port, get('/markets/live', own(), `Origin: http://${own()}\r\n`))).status).toBe(
      200,
    );
  });

  it('a rebinding page cannot move devnet prices', async () => {
    // the walk moves prices with wall time, so compare BTC's index with a tolerance instead of the whole text
    const btcIndex = async () =>
      (
        (await (await fetch(`${devnet.baseUrl}/markets/live`)).json()) as {
          marketId: number;
          indexPrice: number;
        }[]
      ).find((m) => m.marketId === 0)!.indexPrice;
    const before = await btcIndex();
    const body = JSON.stringify({ marketId: 0, price: '1' });
    const post = (hostHeader: string, origin: string) =>
      rawRequest(
        devnet.port,
        `POST /devnet/index-price HTTP/1.1\r\nHost: ${hostHeader}\r\nOrigin: ${origin}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
    expect((await post(`rebind.example:${devnet.port}`, `http://rebind.example:${devnet.port}`)).status).toBe(
      403,
    );
    expect((await post(own(), 'https://evil.example')).status).toBe(403);
    // the refused posts asked for the smallest price there is; a walk of a few seconds stays within 1%
    expect(Math.abs((await btcIndex()) - before) / before).toBeLessThan(0.01);
  });
});
