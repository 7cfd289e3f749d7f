// Writes a file so that a crash leaves either the old or the new content, never a torn one: temp file,
// fsync, rename. Used for every non-secret file the app and the devnet keep (here, in the Node-only layer
// both sides may import, because neither may import the other). A folder that cannot be written (a full
// disk, a read-only mount) is said in words, and leaves the old content and no temp file behind.
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppFailure } from '../shared/result';

/** What each errno of a write that the folder refused means to a person. */
const REFUSALS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EFBIG: 'a file would be larger than this system allows',
  EROFS: 'it is on a read-only file system',
  EACCES: 'this user may not write there',
  EPERM: 'this user may not write there',
};

/**
 * The failure of a write to `path` as the person should read it, if the folder refused it (else the error
 * as it is): nothing that needed the write was done.
 */
export function storageFailure(error: unknown, path: string): unknown {
  const why = REFUSALS[(error as NodeJS.ErrnoException | null)?.code ?? ''];
  if (!why) return error;
  return new AppFailure(
    'STORAGE_UNAVAILABLE',
    `Perpetua could not save to its data folder (${dirname(path)}): ${why}. Nothing that needed it was done; free some space or make the folder writable, then try again.`,
  );
}

export function writeFileAtomic(path: string, data: string | Buffer): void {
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw storageFailure(error, path);
  }
}
