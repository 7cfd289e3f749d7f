// Whether this machine can start a private keychain of its own (a D-Bus session and gnome-keyring), for the
// tests that run one in a child process.
import { execFileSync } from 'node:child_process';

export const haveKeyringTools = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v dbus-run-session && command -v gnome-keyring-daemon'], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
})();
