// The sessions made elsewhere that this device has noticed, with when: the exchange's User says nothing of
// when a session was made, so the watch's own reads bound it (after the last read without it, at the latest
// the read that showed it). Kept in the network's folder, so a stranger is told of (audit line, OS notice)
// once, not again at every start, and the window can still say when it was noticed after a restart.
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileAtomic } from '../../support/atomic-file';
import type { NoticedSchema } from '../../shared/ipc/sessions';

const EntrySchema = z.object({
  walletPublicKey: z.string(),
  sessionId: z.string(),
  /** wall-clock seconds of the read that first showed it */
  at: z.number(),
  /** wall-clock seconds of the last read of its wallet without it; null when none was made in that run */
  after: z.number().nullable(),
});
const FileSchema = z.object({ version: z.literal(1), noticed: z.array(EntrySchema) });
type Entry = z.infer<typeof EntrySchema>;
export type Noticed = z.output<typeof NoticedSchema>;

export class StrangerRecord {
  private entries: Entry[];

  constructor(private readonly file: string) {
    this.entries = read(file);
  }

  noticed(walletPublicKey: string, sessionId: string): Noticed | null {
    const entry = this.entries.find(
      (e) => e.walletPublicKey === walletPublicKey && e.sessionId === sessionId,
    );
    return entry ? { at: entry.at, after: entry.after } : null;
  }

  /**
   * Takes in one read of a wallet: the strangers it shows now. Returns those not noticed before (recorded
   * with `noticed`); those gone from the exchange (revoked, expired) are dropped.
   */
  update(walletPublicKey: string, strangers: readonly string[], noticed: Noticed): string[] {
    const mine = this.entries.filter((e) => e.walletPublicKey === walletPublicKey);
    const fresh = strangers.filter((id) => !mine.some((e) => e.sessionId === id));
    const gone = mine.filter((e) => !strangers.includes(e.sessionId));
    if (fresh.length === 0 && gone.length === 0) return [];
    this.entries = [
      ...this.entries.filter((e) => !gone.includes(e)),
      ...fresh.map((sessionId) => ({ walletPublicKey, sessionId, ...noticed })),
    ];
    writeFileAtomic(this.file, JSON.stringify({ version: 1, noticed: this.entries }, null, 2));
    return fresh;
  }
}

/** An unreadable record only means strangers are told of again: never a reason not to start. */
function read(file: string): Entry[] {
  if (!existsSync(file)) return [];
  try {
    return FileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).noticed;
  } catch {
    return [];
  }
}
