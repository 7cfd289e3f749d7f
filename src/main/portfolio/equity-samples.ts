// Equity over time, per account, as main sees it each time it refreshes the portfolio. The exchange keeps no
// equity history (its PnL series covers realized PnL only, not price moves of open positions or deposits), so
// the app records what it observed: at most one sample per account per minute (the latest in that minute
// wins) and a bounded number of them, in a small file of the network's folder.
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileAtomic } from '../../support/atomic-file';
import type { Point } from './series';

const FileSchema = z.object({
  version: z.literal(1),
  /** account id -> [unix seconds, equity as a decimal string][] oldest first */
  accounts: z.record(z.string(), z.array(z.tuple([z.number().int(), z.string().regex(/^-?\d+$/)]))),
});

export interface EquitySamplesOptions {
  bucketSeconds?: number;
  maxPoints?: number;
  /** write at most this often; flush() writes what is left */
  saveEveryMs?: number;
  now?: () => number;
}

export class EquitySamples {
  private readonly accounts = new Map<number, Point[]>();
  private dirty = false;
  private lastSave = 0;
  private readonly bucket: number;
  private readonly maxPoints: number;
  private readonly now: () => number;

  constructor(
    private readonly file: string,
    private readonly options: EquitySamplesOptions = {},
  ) {
    this.bucket = options.bucketSeconds ?? 60;
    this.maxPoints = options.maxPoints ?? 1440;
    this.now = options.now ?? Date.now;
    if (!existsSync(file)) return;
    try {
      const data = FileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
      for (const [id, points] of Object.entries(data.accounts))
        this.accounts.set(
          Number(id),
          points.map(([time, value]) => ({ time, value: BigInt(value) })),
        );
    } catch {
      // a damaged history only costs the chart its past; start again rather than fail the portfolio
    }
  }

  record(accountId: number, equity: bigint, timeSeconds = Math.floor(this.now() / 1000)): void {
    const points = this.accounts.get(accountId) ?? [];
    const last = points[points.length - 1];
    if (last && Math.floor(last.time / this.bucket) === Math.floor(timeSeconds / this.bucket)) {
      if (last.value === equity) return;
      last.time = timeSeconds;
      last.value = equity;
    } else {
      points.push({ time: timeSeconds, value: equity });
      if (points.length > this.maxPoints) points.splice(0, points.length - this.maxPoints);
    }
    this.accounts.set(accountId, points);
    this.dirty = true;
    if (this.now() - this.lastSave >= (this.options.saveEveryMs ?? 30_000)) this.flush();
  }

  series(accountId: number): Point[] {
    return (this.accounts.get(accountId) ?? []).map((p) => ({ ...p }));
  }

  flush(): void {
    if (!this.dirty) return;
    const accounts: Record<string, [number, string][]> = {};
    for (const [id, points] of this.accounts)
      accounts[String(id)] = points.map((p) => [p.time, p.value.toString()]);
    writeFileAtomic(this.file, JSON.stringify({ version: 1, accounts }));
    this.dirty = false;
    this.lastSave = this.now();
  }
}
