// An unlocked app's auto-lock timer (minutes long) must not keep its process alive: a core that was closed
// (a bench, a test, the browser host stopping) used to sit until the app would have locked itself.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const repo = join(import.meta.dirname, '..', '..', '..', '..');

describe('the auto-lock timer', () => {
  it('lets a process with an unlocked app exit once it has nothing else to do', { timeout: 20_000 }, () => {
    const script = `
      import { AppLock } from './src/main/lock/app-lock.ts';
      import { FAST_KDF, MemorySecretStore } from './tests/support/memory-store.ts';
      const lock = new AppLock({ store: new MemorySecretStore(), kdf: FAST_KDF });
      await lock.init();
      const state = await lock.setup('a passphrase long enough');
      console.log(state.status, state.autoLockMinutes);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(run.error).toBeUndefined(); // not killed by the timeout
    expect(run.stdout.trim()).toBe('unlocked 10');
    expect(run.status).toBe(0);
  });
});
