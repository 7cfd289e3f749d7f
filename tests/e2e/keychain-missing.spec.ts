// A computer with no OS keychain: the host runs with no D-Bus session at all (no Secret Service to reach, as
// tests/integration/keychain.test.ts produces it), through the real keychain binding. `npm start` says in one
// line how to get one, the app still opens, and its first step (choosing the passphrase) says what to install
// instead of a form that cannot work; nothing is stored anywhere else.
import { expect, test } from './fixtures';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

test.use({
  setup: {
    spec: 'keychain-missing',
    keyring: false,
    env: { DBUS_SESSION_BUS_ADDRESS: undefined, DISPLAY: undefined, WAYLAND_DISPLAY: undefined },
  },
});

/** Every file of the app's own data folder (not the devnet's) with its contents, to show nothing was written. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[path] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return files;
}

test('without an OS keychain the app opens, says what to install, and stores nothing elsewhere', async ({
  app,
  page,
}) => {
  // the terminal: one line, naming the package
  await expect
    .poll(() => app.stderr.filter((line) => /keychain/i.test(line)))
    .toEqual([
      expect.stringMatching(/^warning: No OS keychain is available.*sudo apt-get install gnome-keyring/),
    ]);

  const before = snapshot(join(app.dataDir, 'app'));
  await page.goto(app.url);
  const heading = page.getByRole('heading', { name: 'Perpetua needs the OS keychain' });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    'install gnome-keyring (sudo apt-get install gnome-keyring)',
  );
  await expect(page.getByLabel('Passphrase')).toHaveCount(0);
  await page.screenshot({ path: 'docs/screenshots/keychain-missing.png' });

  // "Try again" asks the keychain again: still none, still the same plain answer
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(heading).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('sudo apt-get install gnome-keyring');
  // nothing was put anywhere else meanwhile (the core refusing the passphrase step itself, and writing
  // nothing, is tests/unit/main/core.test.ts)
  expect(snapshot(join(app.dataDir, 'app'))).toEqual(before);
});
