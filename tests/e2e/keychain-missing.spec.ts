// A computer with no OS keychain: the host runs with no D-Bus session at all (no Secret Service to reach, as
// tests/integration/keychain.test.ts produces it), through the real keychain binding. `npm start` says in one
// line how to get one, the app still opens, and its first step (choosing the passphrase) says what to install
// instead of a form that cannot work; nothing is stored anywhere else.
import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startApp, type RunningApp } from './support/app';

let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp([], {
    env: { DBUS_SESSION_BUS_ADDRESS: undefined, DISPLAY: undefined, WAYLAND_DISPLAY: undefined },
  });
});
test.afterAll(async () => {
  await app?.stop();
});

/** Every file under dir with its contents, to show that nothing was written. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[path] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return files;
}

/** One call over the host's bridge, as the page makes it (same token, same origin). */
async function bridgeCall(method: string, arg: unknown): Promise<unknown> {
  const url = new URL(app.url);
  const token = url.searchParams.get('token') ?? '';
  const ws = new WebSocket(`ws://${url.host}/bridge?token=${encodeURIComponent(token)}`, {
    origin: url.origin,
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const reply = new Promise<unknown>((resolve) =>
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
      if (message.id === 1) resolve(message.result);
    }),
  );
  ws.send(JSON.stringify({ id: 1, method, arg }));
  const result = await reply;
  ws.close();
  return result;
}

test('without an OS keychain the app opens, says what to install, and stores nothing elsewhere', async ({
  page,
}) => {
  // the terminal: one line, naming the package
  await expect
    .poll(() => app.output.filter((line) => /keychain/i.test(line)))
    .toEqual([
      expect.stringMatching(/^warning: No OS keychain is available.*sudo apt-get install gnome-keyring/),
    ]);

  await page.goto(app.url);
  const heading = page.getByRole('heading', { name: 'Perpetua needs the OS keychain' });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    'install gnome-keyring (sudo apt-get install gnome-keyring)',
  );
  await expect(page.getByLabel('Passphrase')).toHaveCount(0);
  await page.screenshot({ path: 'docs/screenshots/keychain-missing.png' });

  // choosing a passphrase anyway, straight over the host's bridge, is refused the same way and writes nothing
  const before = snapshot(app.dataDir);
  const answer = await bridgeCall('setupPassphrase', { passphrase: 'a passphrase of mine' });
  expect(answer).toMatchObject({ ok: false, error: { code: 'KEYCHAIN_UNAVAILABLE' } });

  // "Try again" asks the keychain again: still none, still the same plain answer
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(heading).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('sudo apt-get install gnome-keyring');
  expect(snapshot(app.dataDir)).toEqual(before);
});
