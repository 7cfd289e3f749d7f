// The wallets whose key or recovery phrase leaked, as the leaked wallet-key drill marked them: kept for the
// person on this computer (every network: a leaked key is leaked everywhere), never unmarked by the app. A
// marked wallet is no longer the person's own: money sent to it leaves their wallets (the passphrase is
// asked), and its address is flagged wherever it is shown. Nothing secret: public keys and times.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../protocol/atomic-file';

const FileSchema = z.object({
  version: z.literal(1),
  wallets: z
    .array(z.object({ publicKey: z.string().max(64), markedAt: z.number(), movedTo: z.string().max(64) }))
    .max(1000),
});

export type CompromisedWallet = z.output<typeof FileSchema>['wallets'][number];

export class CompromisedWallets {
  private readonly file: string;
  private marked: CompromisedWallet[];

  constructor(dataDir: string) {
    this.file = join(dataDir, 'compromised-wallets.json');
    this.marked = this.read();
  }

  private read(): CompromisedWallet[] {
    if (!existsSync(this.file)) return [];
    // A damaged file must not quietly make a leaked wallet "own" again: it is refused at start-up.
    return FileSchema.parse(JSON.parse(readFileSync(this.file, 'utf8'))).wallets;
  }

  isCompromised(publicKey: string): boolean {
    return this.marked.some((w) => w.publicKey === publicKey);
  }

  list(): CompromisedWallet[] {
    return [...this.marked];
  }

  /** Marks the wallet (once; marking it again changes nothing). On disk before it returns. */
  mark(publicKey: string, movedTo: string, now = Date.now()): void {
    if (this.isCompromised(publicKey)) return;
    const wallets = [...this.marked, { publicKey, markedAt: now, movedTo }];
    writeFileAtomic(this.file, JSON.stringify({ version: 1, wallets }));
    this.marked = wallets;
  }
}
