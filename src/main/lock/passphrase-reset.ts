// "Forgot passphrase?": the passphrase cannot be recovered (it is nowhere; it opens the data keys that seal
// every secret), so the way out is to erase what it protected and start again. Erased: every sealed secret in
// the OS keychain (wallet keys, recovery phrases, session keys), the lock record, and the local files that
// only make sense with those keys (the wallet list, the phrase list, each network's list of sessions made
// here). Kept: settings and network choice, the address book, the audit log (which gets a line), account
// names, each network's nonce journal (a signer's nonces must never be used twice, and actions already
// signed still settle from it), deposits on their way, equity samples, the leaked-wallet marks and the drill
// records. docs/security.md, "A forgotten passphrase".
//
// It reveals nothing and moves no money, so it runs while locked, after the confirmation word (compared here,
// never trusted from the window). A crash halfway must not leave wallets whose keys are gone, nor keys
// without the passphrase that opened them: a marker file is written first and removed last, and the next
// start (the lock's first read of the keychain) finishes a reset the marker names before anything else.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { AppFailure } from '../../shared/result';
import { RESET_WORD } from '../../shared/passphrase-rules';
import type { ResetPreviewSchema } from '../../shared/ipc/lock';
import { writeFileAtomic } from '../../support/atomic-file';
import type { SecretStore } from '../keychain/secret-store';
import type { SealedStore } from '../keychain/sealed-store';
import type { WalletService } from '../wallets/wallet-service';
import type { PhraseService } from '../wallets/phrase-service';
import type { AuditLog } from '../audit/audit-log';
import { passphraseReset } from '../audit/key-events';
import { LOCK_ITEM, type AppLock, type LockState } from './app-lock';

export type ResetPreview = z.output<typeof ResetPreviewSchema>;

/** The marker of a reset under way: written before the first item goes, removed after the last. */
export const RESET_MARKER = 'passphrase-reset.json';
/** An item the lock kept beside its record in an older version. */
const LEGACY_ATTEMPTS_ITEM = 'app-lock-attempts';

export interface PassphraseResetDeps {
  dataDir: string;
  /** the raw keychain (the lock record lives there) */
  store: SecretStore;
  /** the sealed secrets above it */
  secrets: SealedStore;
  lock: AppLock;
  wallets: WalletService;
  phrases: PhraseService;
  audit: Pick<AuditLog, 'record'>;
  /** every sessions.json kept, of every network */
  sessionFiles: () => string[];
  /** the connected exchange's submissions: whether one is on its way, and how many await their outcome */
  submissions: () => { sending: boolean; unsettled: number } | null;
}

function readable<T>(read: () => T[]): T[] {
  try {
    return read();
  } catch {
    return [];
  }
}

export class PassphraseReset {
  /** taken before any await: a second reset is refused at once rather than run after the first */
  private running = false;

  constructor(private readonly deps: PassphraseResetDeps) {}

  private get marker(): string {
    return join(this.deps.dataDir, RESET_MARKER);
  }

  /** What a reset would erase, by label and public key, grouped by how each wallet can come back. */
  preview(): ResetPreview {
    const wallets = this.deps.wallets.kept();
    const byKey = new Map(wallets.map((w) => [w.publicKey, w]));
    const fromPhrase = new Set<string>();
    const phrases = this.deps.phrases.kept().map((p) => ({
      wordCount: p.wordCount,
      wallets: p.publicKeys.flatMap((key) => {
        const w = byKey.get(key);
        if (!w) return [];
        fromPhrase.add(key);
        return [{ label: w.label, publicKey: w.publicKey }];
      }),
    }));
    const rest = wallets.filter((w) => !fromPhrase.has(w.publicKey));
    const named = (w: { label: string; publicKey: string }) => ({ label: w.label, publicKey: w.publicKey });
    return {
      phrases,
      keyWallets: rest.filter((w) => w.origin !== 'demo').map(named),
      demo: rest.filter((w) => w.origin === 'demo').map(named),
      unsettledActions: this.deps.submissions()?.unsettled ?? 0,
    };
  }

  /** The reset itself, once the person typed the word; the lock then stands as on first run. */
  reset(confirmation: string): Promise<LockState> {
    if (confirmation.trim() !== RESET_WORD)
      return Promise.reject(
        new AppFailure('INVALID_ARGUMENT', `Type ${RESET_WORD} to confirm. Nothing was erased.`),
      );
    if (this.running) return Promise.reject(new AppFailure('CONFLICT', 'A reset is under way already.'));
    if (this.deps.submissions()?.sending)
      return Promise.reject(
        new AppFailure(
          'CONFLICT',
          'An action is on its way to the exchange. Try again in a moment; nothing was erased.',
        ),
      );
    this.running = true;
    return this.deps.lock
      .forget(async () => {
        writeFileAtomic(this.marker, JSON.stringify({ startedAt: Date.now() }));
        await this.erase();
      })
      .finally(() => {
        this.running = false;
      });
  }

  /** At start, before the lock reads the keychain: a reset the marker names is finished. */
  async resumeIfInterrupted(): Promise<void> {
    if (existsSync(this.marker)) await this.erase();
  }

  /**
   * Keychain first (sealed secrets, then the lock record), then the files that name those secrets, then
   * the audit line, then the marker. Every step can be run again, so a run cut short anywhere is finished
   * by the next one; the files that name secrets go after the secrets, so the next run still finds them.
   */
  private async erase(): Promise<void> {
    const { wallets, phrases, store, secrets } = this.deps;
    // a damaged list must not block the way out: the sealed store's index names every sealed record anyway
    const kept = readable(() => wallets.kept());
    const phraseList = readable(() => phrases.kept());
    await secrets.eraseAll([...kept.map((w) => w.item), ...phraseList.map((p) => p.item)]);
    await store.delete(LEGACY_ATTEMPTS_ITEM);
    await store.delete(LOCK_ITEM);
    for (const file of [wallets.file, phrases.file, ...this.deps.sessionFiles()])
      rmSync(file, { force: true });
    this.deps.audit.record(passphraseReset(kept.length, phraseList.length));
    rmSync(this.marker, { force: true });
  }
}
