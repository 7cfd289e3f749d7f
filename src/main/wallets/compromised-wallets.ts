// The wallets whose key or recovery phrase leaked, as the leaked wallet-key drill marked them: kept for the
// person on this computer (every network: a leaked key is leaked everywhere), never unmarked by the app. A
// marked wallet is no longer the person's own: money sent to it leaves their wallets (the passphrase is
// asked), and its address is flagged wherever it is shown. Nothing secret: public keys and times.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../support/atomic-file';
import { AppFailure } from '../../shared/result';

const FileSchema = z.object({
  version: z.literal(1),
  wallets: z
    .array(z.object({ publicKey: z.string().max(64), markedAt: z.number(), movedTo: z.string().max(64) }))
    .max(1000),
});

export type CompromisedWallet = z.output<typeof FileSchema>['wallets'][number];

export class CompromisedWallets {
  private readonly file: string;
  private marked: CompromisedWallet[] = [];
  /** why the file could not be read; then no wallet can be told safe, so every question is refused */
  private readonly damaged: string | null = null;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'compromised-wallets.json');
    if (!existsSync(this.file)) return;
    try {
      this.marked = FileSchema.parse(JSON.parse(readFileSync(this.file, 'utf8'))).wallets;
    } catch {
      this.damaged = `The record of compromised wallets at ${this.file} cannot be read. Until it is repaired or moved away, Perpetua cannot tell which of your wallets leaked, so it treats none as safe to send to.`;
    }
  }

  private readable(): CompromisedWallet[] {
    // a damaged record must not quietly make a leaked wallet "own" again
    if (this.damaged) throw new AppFailure('INTERNAL', this.damaged);
    return this.marked;
  }

  isCompromised(publicKey: string): boolean {
    return this.readable().some((w) => w.publicKey === publicKey);
  }

  list(): CompromisedWallet[] {
    return [...this.readable()];
  }

  /** Marks the wallet (once; marking it again changes nothing). On disk before it returns. */
  mark(publicKey: string, movedTo: string, now = Date.now()): void {
    if (this.isCompromised(publicKey)) return;
    const wallets = [...this.marked, { publicKey, markedAt: now, movedTo }];
    writeFileAtomic(this.file, JSON.stringify({ version: 1, wallets }));
    this.marked = wallets;
  }
}
