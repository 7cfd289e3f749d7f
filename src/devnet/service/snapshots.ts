// Snapshots as the public StateInfo family describes them, and which one a download query means.
import { SERVICE_VERSION } from '../config';
import type { SnapshotMeta } from '../persistence';

/** StateDownloadMeta: the file's sha256 as bytes, an absolute link, the binary version; devnet extras
 * (snapshotId, actionId, time, size, sha256 as hex, the relative url) ride along */
export const snapshotMeta = (meta: SnapshotMeta, host: string) => ({
  hash: [...Buffer.from(meta.sha256, 'hex')],
  link: `http://${host}/state/download/${meta.snapshotId}`,
  version: SERVICE_VERSION,
  ...meta,
  url: `/state/download/${meta.snapshotId}`,
});

const abs = (v: bigint): bigint => (v < 0n ? -v : v);

/** The snapshot nearest an action id, else nearest a time (ms), else the latest; list is oldest first. */
export function nearestSnapshot(
  list: readonly SnapshotMeta[],
  near: { actionId?: bigint; timeMs?: number },
): SnapshotMeta {
  const { actionId, timeMs } = near;
  if (actionId !== undefined)
    return list.reduce((best, m) =>
      abs(BigInt(m.actionId) - actionId) < abs(BigInt(best.actionId) - actionId) ? m : best,
    );
  if (timeMs !== undefined)
    return list.reduce((best, m) =>
      Math.abs(Date.parse(m.time) - timeMs) < Math.abs(Date.parse(best.time) - timeMs) ? m : best,
    );
  return list[list.length - 1]!;
}

/** The part of a file a Range header asks for: all of it, a part, or nothing (outside the file). */
export function byteRange(
  range: string | undefined,
  length: number,
): { whole: true } | { start: number; end: number } | null {
  // One byte range is served; anything else (several ranges, another unit) is ignored, as HTTP lets a
  // server do, and the whole file is sent.
  const match = range === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(range);
  if (!match || (match[1] === '' && match[2] === '')) return { whole: true };
  let start = match[1] === '' ? length - Number(match[2]) : Number(match[1]);
  let end = match[1] === '' || match[2] === '' ? length - 1 : Number(match[2]);
  start = Math.max(0, start);
  end = Math.min(end, length - 1);
  return start > end ? null : { start, end };
}
