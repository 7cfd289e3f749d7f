// Run by scripts/with-keyring.sh inside its D-Bus session, before the command: waits until the keyring the
// daemon just unlocked takes a write, reads it back and deletes it. The daemon answers on the bus before its
// login collection is ready, and a write in that gap is refused as "locked" (or prompts to create a new
// collection); a suite started then fails in whatever files happen to run first. If it never becomes
// usable, this says so once, plainly, instead of leaving a run of unrelated test failures.
import { createRequire } from 'node:module';

// The binding is CommonJS with native parts: loaded the way the app's keychain worker loads it.
const { Entry } = createRequire(import.meta.url)('@napi-rs/keyring');

const deadline = Date.now() + 20_000;
const entry = () =>
  new Entry('perpetua-keyring-ready', `probe-${process.pid}`, { linux: { store: 'secret-service' } });
let last = '';
function attempt() {
  try {
    entry().setPassword('ready');
    if (entry().getPassword() !== 'ready') throw new Error('read back something else');
    entry().deleteCredential();
    return true;
  } catch (error) {
    last = `${error && error.message} ${String((error && error.cause) || '')}`.trim();
    return false;
  }
}
(function poll() {
  if (attempt()) return;
  if (Date.now() > deadline) {
    console.error(`scripts/with-keyring.sh: the test keyring never became usable within 20 s: ${last}`);
    process.exit(1);
  }
  setTimeout(poll, 200);
})();
