// Writes a file so that a crash leaves either the old or the new content, never a torn one: temp file,
// fsync, rename. Used for every non-secret file the app and the devnet keep (here, in the Node-only layer
// both sides may import, because neither may import the other).
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export function writeFileAtomic(path: string, data: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}
