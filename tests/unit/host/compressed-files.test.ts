// The browser host serves the built renderer compressed, in the encoding the browser asks for, and the
// bytes decode to exactly the file on disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { startHost, type RunningHost } from '../../../src/host/server';
import { chooseEncoding } from '../../../src/host/compressed-files';
import { createCore } from '../../../src/main/core';
import { createDispatcher } from '../../../src/main/ipc-dispatch';
import { MemorySecretStore } from '../../support/memory-store';

let host: RunningHost;
const script = Buffer.from(
  Array.from({ length: 4_000 }, (_, i) => `export const value${i} = ${i * 31};\n`).join(''),
);
const icon = Buffer.alloc(5_000, 0x89);
const builtBrotli = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });

beforeAll(async () => {
  // the core is never started: only the file server is under test
  const core = createCore({
    version: '0.0.0',
    host: 'browser-host',
    exchange: { kind: 'embedded-devnet', baseUrl: 'http://127.0.0.1:9' },
    dataDir: mkdtempSync(join(tmpdir(), 'perpetua-host-gz-')),
    store: new MemorySecretStore(),
  });
  const rendererDir = mkdtempSync(join(tmpdir(), 'perpetua-renderer-gz-'));
  writeFileSync(join(rendererDir, 'index.html'), '<html>app</html>');
  writeFileSync(join(rendererDir, 'app.js'), script);
  writeFileSync(join(rendererDir, 'logo.png'), icon);
  // as the build writes them (scripts/precompress.ts): forms of the file beside it, here at quality 1 so
  // that the bytes served tell whose they are
  writeFileSync(join(rendererDir, 'built.js'), script);
  writeFileSync(join(rendererDir, 'built.js.br'), builtBrotli);
  writeFileSync(join(rendererDir, 'built.js.gz'), gzipSync(script, { level: 1 }));
  // forms older than their file (a file rebuilt without them) are not trusted
  writeFileSync(join(rendererDir, 'stale.js'), script);
  writeFileSync(join(rendererDir, 'stale.js.br'), brotliCompressSync(Buffer.from('an older build')));
  writeFileSync(join(rendererDir, 'stale.js.gz'), gzipSync(Buffer.from('an older build')));
  const past = new Date(Date.now() - 60_000);
  utimesSync(join(rendererDir, 'stale.js.br'), past, past);
  utimesSync(join(rendererDir, 'stale.js.gz'), past, past);
  host = await startHost({ dispatch: createDispatcher(core.handlers), events: core.events, rendererDir });
});
afterAll(async () => {
  await host?.close();
});

function raw(url: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { method, headers });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** the session a browser gets for the printed one-time address (files are served only within one) */
let cookie = '';
async function get(path: string, acceptEncoding?: string, method = 'GET') {
  if (!cookie) cookie = String((await raw(host.url, {})).headers['set-cookie']).split(';')[0]!;
  return raw(
    `${host.origin}${path}`,
    {
      cookie,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
    method,
  );
}

describe('the browser host serves the renderer compressed', () => {
  it('answers brotli to a browser that accepts it, and the bytes decode to the file', async () => {
    const res = await get('/app.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.body).equals(script)).toBe(true);
  });

  it('answers gzip when brotli is refused or not offered, and plain bytes when nothing is accepted', async () => {
    const gz = await get('/app.js', 'br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(script)).toBe(true);

    const plain = await get('/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.equals(script)).toBe(true);

    const head = await get('/app.js', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('serves the forms the build wrote beside a file, from the first request', async () => {
    const br = await get('/built.js', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(builtBrotli)).toBe(true);
    const gz = await get('/built.js', 'gzip');
    expect(gunzipSync(gz.body).equals(script)).toBe(true);
  });

  it('compresses a file itself when the forms beside it are older than the file', async () => {
    const br = await get('/stale.js', 'br');
    expect(brotliDecompressSync(br.body).equals(script)).toBe(true);
    const gz = await get('/stale.js', 'gzip');
    expect(gunzipSync(gz.body).equals(script)).toBe(true);
  });

  it('leaves already-compressed formats alone', async () => {
    const res = await get('/logo.png', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(icon)).toBe(true);
  });

  it('still refuses what it refused before: unknown files, foreign methods', async () => {
    expect((await get('/missing.js', 'br')).status).toBe(404);
    expect((await get('/app.js', 'br', 'POST')).status).toBe(405);
  });
});

describe('choosing an encoding from Accept-Encoding', () => {
  const both = ['br', 'gzip'] as const;
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['br;q=0, *', 'gzip'],
    ['identity', 'identity'],
    ['gzip;q=banana', 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(chooseEncoding(header, [...both])).toBe(expected);
  });
  it('offers only the forms it has', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br, gzip', [])).toBe('identity');
  });
});
