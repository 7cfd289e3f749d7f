// The keychain's daemon killed while the app runs (gnome-keyring on a private D-Bus session and HOME, in a
// child process: keychain-outage-child.ts). Reads and writes meanwhile fail with the keychain's own clear
// message, the secret offered meanwhile is written nowhere else (no file under HOME holds it), and once the
// daemon is back the same process reads what it stored before and writes again, without a restart.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { haveKeyringTools } from './support/keyring-tools';

const haveTools = haveKeyringTools;
const home = mkdtempSync(join(tmpdir(), 'perpetua-kc-outage-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** every file under dir, however deep */
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });

describe.skipIf(!haveTools)('the keychain daemon killed mid-session', () => {
  it('says so clearly, writes the secret nowhere else, and works again once the daemon is back', () => {
    const result = spawnSync(
      'dbus-run-session',
      ['--', process.execPath, '--import', 'tsx', 'tests/integration/support/keychain-outage-child.ts'],
      {
        env: {
          ...process.env,
          HOME: home,
          XDG_DATA_HOME: home,
          XDG_RUNTIME_DIR: home,
          DBUS_SESSION_BUS_ADDRESS: '',
        },
        encoding: 'utf8',
        timeout: 90_000,
      },
    );
    const line = result.stdout.trim().split('\n').pop() ?? '';
    const outcome = JSON.parse(line) as Record<
      string,
      { ok: boolean; value?: string; code?: string; message?: string }
    >;
    expect(outcome.before).toEqual({ ok: true, value: 'stored-before-the-outage-7f3a' });
    for (const step of [outcome.duringRead!, outcome.duringWrite!]) {
      expect(step).toMatchObject({ ok: false, code: 'KEYCHAIN_UNAVAILABLE' });
      expect(step.message).toMatch(/keychain/i);
    }
    expect(outcome.after).toEqual({ ok: true, value: 'stored-before-the-outage-7f3a' });
    expect(outcome.afterWrite).toEqual({ ok: true, value: 'after' });
    // what was offered during the outage is in no file: not beside the keyring, not in a fallback store
    const holding = files(home).filter((f) => readFileSync(f).includes('offered-during-the-outage-9c1e'));
    expect(holding).toEqual([]);
  }, 120_000);
});
