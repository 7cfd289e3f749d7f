// Where the app keeps its non-secret files (settings, metadata, the embedded devnet's state). Secrets never
// go here: they live in the OS keychain.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PERPETUA_DATA_DIR) return env.PERPETUA_DATA_DIR;
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'perpetua');
}
