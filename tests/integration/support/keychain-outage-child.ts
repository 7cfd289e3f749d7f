// Run by keychain-outage.test.ts inside its own D-Bus session and HOME: one long-lived process (as the app's
// core is) uses the keychain, its daemon is killed (SIGKILL) mid-session, and later started again on the same
// keyring files. Prints what each step answered as one JSON line.
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createKeyringStore } from '../../../src/main/keychain/secret-store';
import { AppFailure } from '../../../src/shared/result';

const SERVICE = 'perpetua-outage-test';
const STORED = 'stored-before-the-outage-7f3a';
const DURING = 'offered-during-the-outage-9c1e';

const startDaemon = (): void => {
  execSync('echo -n pw | gnome-keyring-daemon --unlock --replace --components=secrets >/dev/null 2>&1');
};
/** Only this session's daemon: its environment names this HOME (another test's must live on). */
const killDaemon = (): void => {
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (comm.startsWith('gnome-keyring') && env.includes(`HOME=${process.env.HOME}`))
        process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
};
const attempt = async <T>(work: () => Promise<T>) => {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return {
      ok: false,
      code: error instanceof AppFailure ? error.code : 'other',
      message: (error as Error).message,
    };
  }
};

startDaemon();
// a short timeout: a daemon that is gone must be said in seconds, not after the app's minute
const store = createKeyringStore(SERVICE, { timeoutMs: 10_000 });
const before = await attempt(() => store.set('wallet:probe', STORED).then(() => store.get('wallet:probe')));
killDaemon();
const duringRead = await attempt(() => store.get('wallet:probe'));
const duringWrite = await attempt(() => store.set('wallet:other', DURING));
killDaemon(); // one D-Bus activation may have started again, locked
startDaemon();
const after = await attempt(() => store.get('wallet:probe'));
const afterWrite = await attempt(() =>
  store.set('wallet:other', 'after').then(() => store.get('wallet:other')),
);
console.log(JSON.stringify({ before, duringRead, duringWrite, after, afterWrite }));
process.exit(0);
