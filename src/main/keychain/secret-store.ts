// Secrets (wallet keys, session keys, the passphrase hash) live only in the OS keychain. There is no
// fallback: no keychain, or a locked one, is a clear error, never a file on disk.
import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
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

export function createKeyringStore(service = 'perpetua'): SecretStore {
  const entry = (name: string): AsyncEntry => {
    try {
      return new AsyncEntry(service, name, ENTRY_OPTIONS);
    } catch (error) {
      throw keychainFailure(error);
    }
  };
  const guard = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      throw error instanceof AppFailure ? error : keychainFailure(error);
    }
  };
  return {
    get: (name) => guard(() => entry(name).getPassword()),
    set: (name, secret) => guard(() => entry(name).setPassword(secret)),
    delete: (name) => guard(() => entry(name).deleteCredential()),
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
