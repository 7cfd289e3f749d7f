// The host loads the core's modules once the browser has the lock screen's files, so it must know exactly
// which files those are and when the last one has gone out.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { filesNamedBy, firstPage } from '../../../src/host/first-page';
import { startHost, type RunningHost } from '../../../src/host/server';
import { createEventBus } from '../../../src/main/events';

// as the build writes it (out/renderer/index.html)
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" type="image/svg+xml" href="./favicon.svg" />
    <script type="module" crossorigin src="./assets/index-B3vb6H52.js"></script>
    <link rel="modulepreload" crossorigin href="./assets/time-IqLzPdOl.js">
    <link rel="modulepreload" crossorigin href="/assets/PageHeading-kdgDi6-F.js">
    <link rel="stylesheet" crossorigin href="./assets/index-y5XHHK8p.css">
    <link rel="preconnect" href="https://example.com">
    <script src="https://cdn.example.com/x.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const isSettled = async (p: Promise<void>) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 20))]);

describe('the first page', () => {
  it("names the page's scripts, module preloads and style sheets, not its icon or other sites' files", () => {
    expect(filesNamedBy(BUILT).sort()).toEqual([
      'assets/PageHeading-kdgDi6-F.js',
      'assets/index-B3vb6H52.js',
      'assets/index-y5XHHK8p.css',
      'assets/time-IqLzPdOl.js',
    ]);
  });

  it('is ready once the page and every file it names have gone out, and not before', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpetua-first-page-'));
    writeFileSync(join(dir, 'index.html'), BUILT);
    const page = firstPage(dir);
    // files asked for before the page (a probe, an old tab) do not count toward it
    page.served('assets/index-B3vb6H52.js');
    page.served('index.html');
    page.served('assets/time-IqLzPdOl.js');
    page.served('assets/PageHeading-kdgDi6-F.js');
    page.served('favicon.svg');
    expect(await isSettled(page.ready)).toBe(false);
    page.served('assets/index-B3vb6H52.js');
    expect(await isSettled(page.ready)).toBe(false);
    page.served('assets/index-y5XHHK8p.css');
    expect(await isSettled(page.ready)).toBe(true);
  });
});

describe("the host's file answers", () => {
  let host: RunningHost | undefined;
  afterEach(async () => host?.close());

  it('report each file once it has gone out in full, and nothing refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpetua-first-page-'));
    writeFileSync(join(dir, 'index.html'), BUILT);
    writeFileSync(join(dir, 'app.js'), 'x'.repeat(200_000));
    const served: string[] = [];
    host = await startHost({
      dispatch: async () => ({ ok: true, value: null }),
      events: createEventBus(),
      rendererDir: dir,
      onServed: (relative) => served.push(relative),
    });
    const get = (path: string, cookie?: string) =>
      new Promise<{ status: number; cookie?: string }>((resolve, reject) => {
        const req = request(`${host!.origin}${path}`, { headers: cookie ? { cookie } : {} }, (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode!, cookie: res.headers['set-cookie']?.[0]?.split(';')[0] }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    expect((await get('/app.js')).status).toBe(403); // no session yet
    const token = new URL(host.url).search;
    const { cookie } = await get(`/${token}`);
    expect((await get('/', cookie)).status).toBe(200);
    expect((await get('/app.js', cookie)).status).toBe(200);
    expect((await get('/missing.js', cookie)).status).toBe(404);
    expect(served).toEqual(['index.html', 'app.js']);
  });
});
