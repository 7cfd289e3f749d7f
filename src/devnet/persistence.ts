// The devnet's data folder: full snapshots of the whole devnet, written atomically (temp file, fsync,
// rename) so a crash never leaves a torn state file, and the journal of what each commit changed since the
// newest (journal.ts makes the records). The newest snapshot is state.json; numbered copies back
// /state/download. journal.log is a sequence of records, each framed as its length (u32 LE), the CRC-32 of
// its bytes (u32 LE) and the bytes: a record cut short by a crash, or not matching its CRC, ends the journal
// there, and is cut off before the next append.
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  ftruncateSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { storageFailure, writeFileAtomic } from '../support/atomic-file';
import { join } from 'node:path';

export interface SnapshotMeta {
  snapshotId: string;
  actionId: string;
  time: string;
  size: number;
  sha256: string;
}

export interface SnapshotStore {
  /** the newest snapshot, and the journal's records as written since (the snapshot may hold some already) */
  load(): { snapshot: string | null; records: string[] };
  /** writes a full snapshot, then empties the journal (a crash between leaves records the snapshot holds) */
  save(text: string, actionId: bigint, time: Date): SnapshotMeta;
  /** appends a record to the journal and syncs it to disk; the journal's size after it, in bytes */
  append(record: string): number;
  /** lets go of the journal's file (a later append opens it again) */
  close(): void;
  list(): SnapshotMeta[];
  read(snapshotId: string): Buffer | null;
}

const KEEP = 10;
const HEADER = 8;

/** A record as the journal holds it: length, CRC-32, bytes. */
function frameRecord(text: string): Buffer {
  const body = Buffer.from(text);
  const frame = Buffer.allocUnsafe(HEADER + body.length);
  frame.writeUInt32LE(body.length, 0);
  frame.writeUInt32LE(crc32(body), 4);
  body.copy(frame, HEADER);
  return frame;
}

/** The whole records at the start of a journal's bytes, and where they end (a torn or corrupt rest is left). */
function readRecords(bytes: Buffer): { records: string[]; end: number } {
  const records: string[] = [];
  let at = 0;
  while (at + HEADER <= bytes.length) {
    const length = bytes.readUInt32LE(at);
    const end = at + HEADER + length;
    // a length of 0 is never written: it is what a file extended with zeros by a crash would say
    if (length === 0 || end > bytes.length) break;
    const body = bytes.subarray(at + HEADER, end);
    if (crc32(body) !== bytes.readUInt32LE(at + 4)) break;
    records.push(body.toString());
    at = end;
  }
  return { records, end: at };
}

/** journal.log: appended to, synced at each append, cut back to its last whole record before the first. */
function journalFile(path: string) {
  let fd: number | null = null;
  /** the end of the last whole record: where the next is written (null until the file was read) */
  let size: number | null = null;
  const read = (): string[] => {
    if (!existsSync(path)) {
      size = 0;
      return [];
    }
    const found = readRecords(readFileSync(path));
    size = found.end;
    return found.records;
  };
  const open = (): number => {
    if (fd !== null) return fd;
    if (size === null) read();
    const created = !existsSync(path);
    fd = openSync(path, created ? 'w+' : 'r+', 0o600);
    ftruncateSync(fd, size!); // a torn record after the last whole one goes
    fdatasyncSync(fd);
    return fd;
  };
  const close = (): void => {
    if (fd === null) return;
    try {
      closeSync(fd);
    } catch {
      // nothing is left to write through it
    }
    fd = null;
  };
  return {
    read,
    close,
    append(text: string): number {
      const frame = frameRecord(text);
      try {
        const handle = open();
        writeSync(handle, frame, 0, frame.length, size!);
        fdatasyncSync(handle);
      } catch (error) {
        // part of the frame may be on disk: it is cut off before the next append, as a torn record is
        close();
        throw storageFailure(error, path);
      }
      size = size! + frame.length;
      return size;
    },
    /** everything in it is in a snapshot now */
    empty(): void {
      size = 0;
      try {
        if (fd !== null) {
          ftruncateSync(fd, 0);
          fdatasyncSync(fd);
        } else if (existsSync(path)) open();
      } catch (error) {
        throw storageFailure(error, path);
      }
    },
  };
}

/**
 * Puts `from`'s content at `to` atomically: a hard link renamed into place (the snapshot is written once, not
 * twice; neither name is ever written in place, so they can share it), or a written copy where the file
 * system has no hard links.
 */
function linkOrWrite(from: string, to: string, body: Buffer): void {
  const temp = `${to}.${process.pid}.${Date.now()}.link`;
  try {
    linkSync(from, temp);
    renameSync(temp, to);
  } catch {
    rmSync(temp, { force: true });
    writeFileAtomic(to, body);
  }
}

function metaOf(snapshotId: string, body: Buffer, actionId: bigint, time: Date): SnapshotMeta {
  return {
    snapshotId,
    actionId: actionId.toString(),
    time: time.toISOString(),
    size: body.length,
    sha256: createHash('sha256').update(body).digest('hex'),
  };
}

/** On disk under `dir`, or in memory when the devnet runs without --data. */
export function createSnapshotStore(dir?: string): SnapshotStore {
  const memory = new Map<string, { body: Buffer; meta: SnapshotMeta }>();
  let latest: string | null = null;
  let records: string[] = [];
  let recordBytes = 0;
  if (dir) mkdirSync(join(dir, 'snapshots'), { recursive: true });
  const journal = dir ? journalFile(join(dir, 'journal.log')) : null;

  const idFor = (actionId: bigint, time: Date) =>
    `s-${actionId.toString().padStart(12, '0')}-${time.getTime()}`;

  return {
    load() {
      if (!dir) return { snapshot: latest, records: [...records] };
      const file = join(dir, 'state.json');
      return {
        snapshot: existsSync(file) ? readFileSync(file, 'utf8') : null,
        records: journal!.read(),
      };
    },
    close() {
      journal?.close();
    },
    append(record) {
      if (journal) return journal.append(record);
      records.push(record);
      recordBytes += HEADER + Buffer.byteLength(record);
      return recordBytes;
    },
    save(text, actionId, time) {
      const body = Buffer.from(text);
      const snapshotId = idFor(actionId, time);
      const meta = metaOf(snapshotId, body, actionId, time);
      if (dir) {
        const numbered = join(dir, 'snapshots', `${snapshotId}.json`);
        writeFileAtomic(numbered, body);
        linkOrWrite(numbered, join(dir, 'state.json'), body);
        const all = readdirSync(join(dir, 'snapshots'))
          .filter((f) => f.endsWith('.json'))
          .sort();
        for (const old of all.slice(0, Math.max(0, all.length - KEEP)))
          rmSync(join(dir, 'snapshots', old), { force: true });
        journal!.empty();
      } else {
        latest = text;
        records = [];
        recordBytes = 0;
        memory.set(snapshotId, { body, meta });
        for (const key of [...memory.keys()].slice(0, Math.max(0, memory.size - KEEP))) memory.delete(key);
      }
      return meta;
    },
    list() {
      if (!dir) return [...memory.values()].map((m) => m.meta);
      return readdirSync(join(dir, 'snapshots'))
        .filter((f) => /^s-\d{12}-\d+\.json$/.test(f))
        .sort()
        .map((f) => {
          const [, action, ms] = /^s-(\d{12})-(\d+)\.json$/.exec(f)!;
          return metaOf(
            f.slice(0, -5),
            readFileSync(join(dir, 'snapshots', f)),
            BigInt(action!),
            new Date(Number(ms)),
          );
        });
    },
    read(snapshotId) {
      if (!/^s-\d{12}-\d+$/.test(snapshotId)) return null;
      if (!dir) return memory.get(snapshotId)?.body ?? null;
      const file = join(dir, 'snapshots', `${snapshotId}.json`);
      return existsSync(file) ? readFileSync(file) : null;
    },
  };
}
