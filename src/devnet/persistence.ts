// Snapshots of the whole devnet, written atomically (temp file, fsync, rename) so a crash never leaves a
// torn state file. The newest is state.json; numbered copies back /state/download.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { writeFileAtomic } from '../support/atomic-file';
import { join } from 'node:path';

export interface SnapshotMeta {
  snapshotId: string;
  actionId: string;
  time: string;
  size: number;
  sha256: string;
}

export interface SnapshotStore {
  load(): string | null;
  save(text: string, actionId: bigint, time: Date): SnapshotMeta;
  list(): SnapshotMeta[];
  read(snapshotId: string): Buffer | null;
}

const KEEP = 10;

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
  if (dir) mkdirSync(join(dir, 'snapshots'), { recursive: true });

  const idFor = (actionId: bigint, time: Date) =>
    `s-${actionId.toString().padStart(12, '0')}-${time.getTime()}`;

  return {
    load() {
      if (!dir) return latest;
      const file = join(dir, 'state.json');
      return existsSync(file) ? readFileSync(file, 'utf8') : null;
    },
    save(text, actionId, time) {
      const body = Buffer.from(text);
      const snapshotId = idFor(actionId, time);
      const meta = metaOf(snapshotId, body, actionId, time);
      if (dir) {
        writeFileAtomic(join(dir, 'snapshots', `${snapshotId}.json`), body);
        writeFileAtomic(join(dir, 'state.json'), body);
        const all = readdirSync(join(dir, 'snapshots'))
          .filter((f) => f.endsWith('.json'))
          .sort();
        for (const old of all.slice(0, Math.max(0, all.length - KEEP)))
          rmSync(join(dir, 'snapshots', old), { force: true });
      } else {
        latest = text;
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
