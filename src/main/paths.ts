// Where the app keeps its non-secret files (settings, metadata, the embedded devnet's state). Secrets never
// go here: they live in the OS keychain.
import { chmodSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PERPETUA_DATA_DIR) return env.PERPETUA_DATA_DIR;
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'perpetua');
}

/**
 * Creates the data folder readable by this user only, and tightens one that exists: nothing in it is secret,
 * but which wallets, accounts and sessions a person has, and their audit log, are nobody else's business.
 */
export function ensureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
}
