// Secrets (wallet keys, session keys, the passphrase hash) live only in the OS keychain. There is no
// fallback: no keychain, or a locked one, is a clear error, never a file on disk.
//
// The native binding blocks while it talks to the Secret Service (D-Bus, waiting with select()), and
// select() breaks when a descriptor number passes 1023. So every raw call runs in one worker thread: the
// main thread (servers, the bridge, timers) never waits on it, and a call that does not come back within a
// deadline fails with a clear error instead of freezing the app. Keeping descriptor numbers low is the
// servers' job (connection caps in src/host/server.ts and src/devnet/server.ts).
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type { EntryOptions } from '@napi-rs/keyring';
import { AppFailure } from '../../shared/result';

export interface SecretStore {
  get(name: string): Promise<string | null>;
  set(name: string, secret: string): Promise<void>;
  delete(name: string): Promise<boolean>;
}

// Pin Linux to the Secret Service: the binding's default falls back to the kernel keyring, which forgets
// everything at reboot and would silently lose wallet keys.
const ENTRY_OPTIONS: EntryOptions = { linux: { store: 'secret-service' } };

/** Turns the binding's failures into one message a person can act on; the original text names no secret. */
export function keychainFailure(error: unknown): AppFailure {
  const text =
    error instanceof Error
      ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`
      : String(error);
  if (/dbus|DBUS_SESSION_BUS_ADDRESS|no such service|ServiceUnknown/i.test(text)) {
    return new AppFailure(
      'KEYCHAIN_UNAVAILABLE',
      'No OS keychain is available, and Perpetua keeps keys nowhere else. On Debian or Ubuntu install gnome-keyring (sudo apt-get install gnome-keyring) and log in to your desktop again; elsewhere, start your desktop’s Secret Service provider.',
    );
  }
  if (/locked|platform storage|no result found|denied|dismissed|prompt/i.test(text)) {
    return new AppFailure(
      'KEYCHAIN_UNAVAILABLE',
      'The OS keychain is locked or refused access. Unlock it (for example by logging in to your desktop keyring) and try again.',
    );
  }
  return new AppFailure(
    'KEYCHAIN_UNAVAILABLE',
    'The OS keychain could not be used. Check that it is running and unlocked, then try again.',
  );
}

/** How long one keychain call may take before the app gives up on it (a prompt may be showing). */
export const KEYCHAIN_CALL_TIMEOUT_MS = 60_000;

type Op = 'get' | 'set' | 'delete';
interface Reply {
  id: number;
  value?: string | boolean | null;
  error?: { message: string; cause: string };
}

// CommonJS, evaluated in the worker: the binding's path comes from the main thread so that it resolves
// the same way wherever the app runs (sources, bundle, asar).
const workerSource = (binding: string): string => `
const { parentPort } = require('node:worker_threads');
const { Entry } = require(${JSON.stringify(binding)});
parentPort.on('message', ({ id, op, service, name, secret, options }) => {
  try {
    const entry = new Entry(service, name, options);
    const value = op === 'get' ? entry.getPassword() : op === 'set' ? (entry.setPassword(secret), null) : entry.deleteCredential();
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), cause: String((error && error.cause) || '') } });
  }
});
`;

interface KeyringWorker {
  call(op: Op, service: string, name: string, secret?: string): Promise<string | boolean | null>;
}

function startKeyringWorker(timeoutMs: number, binding: string): KeyringWorker {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (value: Reply) => void; timer: NodeJS.Timeout; worker: Worker }
  >();

  /** fails the calls waiting on one worker (not those already sent to its replacement) */
  const failAll = (w: Worker, error: { message: string; cause: string }): void => {
    for (const [id, entry] of pending) {
      if (entry.worker !== w) continue;
      clearTimeout(entry.timer);
      pending.delete(id);
      entry.resolve({ id, error });
    }
  };

  const spawn = (): Worker => {
    // no inherited loader flags (tsx, test runners): the worker is plain CommonJS
    const w = new Worker(workerSource(binding), { eval: true, execArgv: [] });
    w.on('message', (reply: Reply) => {
      const entry = pending.get(reply.id);
      if (!entry) return;
      clearTimeout(entry.timer);
      pending.delete(reply.id);
      entry.resolve(reply);
      if (pending.size === 0) w.unref();
    });
    w.on('error', (error) => {
      if (worker === w) worker = null;
      failAll(w, { message: error.message, cause: '' });
    });
    w.on('exit', () => {
      if (worker === w) worker = null;
      failAll(w, { message: 'the keychain worker stopped', cause: '' });
    });
    return w;
  };

  return {
    async call(op, service, name, secret) {
      worker ??= spawn();
      const w = worker;
      w.ref();
      const id = nextId++;
      const reply = await new Promise<Reply>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          // A stuck native call cannot be interrupted; the next call gets a fresh worker.
          if (worker === w) worker = null;
          void w.terminate().catch(() => {});
          resolve({ id, error: { message: 'the keychain did not answer in time', cause: 'timeout' } });
        }, timeoutMs);
        pending.set(id, { resolve, timer, worker: w });
        w.postMessage({ id, op, service, name, secret, options: ENTRY_OPTIONS });
      });
      if (reply.error?.cause === 'timeout')
        throw new AppFailure(
          'KEYCHAIN_UNAVAILABLE',
          `The OS keychain did not answer within ${Math.round(timeoutMs / 1000)} s. If it is asking for a password, answer it and try again.`,
        );
      if (reply.error) {
        const error = new Error(reply.error.message, { cause: reply.error.cause });
        throw keychainFailure(error);
      }
      return reply.value ?? null;
    },
  };
}

export interface KeyringStoreOptions {
  timeoutMs?: number;
  /** path of a module exporting the binding's synchronous `Entry` class; tests stand in a slow one */
  binding?: string;
}

export function createKeyringStore(service = 'perpetua', options: KeyringStoreOptions = {}): SecretStore {
  const worker = startKeyringWorker(
    options.timeoutMs ?? KEYCHAIN_CALL_TIMEOUT_MS,
    options.binding ?? createRequire(import.meta.url).resolve('@napi-rs/keyring'),
  );
  return {
    get: async (name) => {
      const value = await worker.call('get', service, name);
      return typeof value === 'string' ? value : null;
    },
    set: async (name, secret) => {
      await worker.call('set', service, name, secret);
    },
    delete: async (name) => (await worker.call('delete', service, name)) === true,
  };
}

/** Writes, reads back and deletes a probe item: tells at start-up whether the keychain works at all. */
export async function probeKeychain(store: SecretStore): Promise<void> {
  const name = `probe-${process.pid}`;
  await store.set(name, 'probe');
  const back = await store.get(name);
  await store.delete(name);
  if (back !== 'probe')
    throw new AppFailure('KEYCHAIN_UNAVAILABLE', 'The OS keychain did not return what was stored in it.');
}
