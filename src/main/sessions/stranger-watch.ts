// Sessions made elsewhere, noticed within seconds. A session is made with the wallet key, so one this device
// did not make means the key signs somewhere else: on the person's other device, or for whoever has it. The
// exchange streams no session changes (they are only in GET /user/{pubkey}), so while the app is unlocked the
// wallets' users are read one at a time, in turn, and each compared with its read before. Nothing is read
// while the app is locked.
import type { AuditLog } from '../audit/audit-log';
import type { WalletInfo } from '../wallets/wallet-service';
import type { SessionInfo } from '../../shared/exchange/user';
import type { StrangerSessionSchema } from '../../shared/ipc/sessions';
import type { z } from 'zod';
import { formatIsoTime, fromSeconds } from '../../shared/time';
import type { Noticed, StrangerRecord } from './stranger-record';

export type StrangerSession = z.output<typeof StrangerSessionSchema>;

/**
 * How often each of `wallets` wallets is read: 4 s × (wallets / 5)^1.5, never more often than every 2.5 s.
 * Up to five wallets each is read at least every 4 s, so a stranger's session is on screen within 5 s; with
 * more, the reads a minute fall as wallets are added (75 with five, 53 with ten, 31 with thirty, each then
 * read once a minute), so the watch alone never keeps an idle app above its request budget
 * (docs/performance.md, "Sessions made elsewhere").
 */
export function walletPeriodMs(wallets: number): number {
  return Math.max(2_500, 4_000 * (wallets / 5) ** 1.5);
}

export interface StrangerWatchDeps {
  wallets: () => readonly WalletInfo[];
  unlocked: () => boolean;
  /** one wallet's sessions now, strangers' picked out (SessionManager.sessionsOf); null: no such user yet */
  read: (wallet: WalletInfo) => Promise<{ all: SessionInfo[]; strangers: SessionInfo[] } | null>;
  record: StrangerRecord;
  audit: AuditLog;
  /** a wallet's sessions changed, with the strangers among them noticed by this read */
  onChange: (walletId: string, strangers: StrangerSession[]) => void;
  /** wall clock in ms (tests move it) */
  now?: () => number;
}

export class StrangerWatch {
  private turn = 0;
  /** per wallet key: the session ids of its last read, and when that read was (wall-clock seconds) */
  private readonly last = new Map<string, { ids: string[]; at: number }>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private started = false;

  constructor(private readonly deps: StrangerWatchDeps) {}

  /** Reads on its own cadence until closed: one wallet per walletPeriodMs(n) / n. */
  start(): void {
    if (this.closed || this.timer) return;
    this.started = true;
    const wallets = this.deps.wallets().length;
    this.timer = setTimeout(
      () =>
        void this.tick().finally(() => {
          this.timer = null;
          this.start();
        }),
      walletPeriodMs(wallets) / Math.max(1, wallets),
    );
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Reads the next wallet (none while locked): one never read yet first, else the next in turn. Returns the
   * strangers this read noticed.
   */
  async tick(): Promise<StrangerSession[]> {
    if (!this.deps.unlocked()) return [];
    const wallets = this.deps.wallets();
    if (wallets.length === 0) return [];
    const unread = wallets.find((w) => !this.last.has(w.publicKey));
    return this.read(unread ?? wallets[this.turn++ % wallets.length]!);
  }

  /**
   * A wallet just added is read at once, so its watch starts when it does: a session made after this read is
   * told as made between it and the next, not as made while Perpetua was not watching. The ones it finds are
   * told as found (they were made before the wallet was added here).
   */
  async added(wallet: WalletInfo): Promise<void> {
    if (!this.started || this.closed || !this.deps.unlocked() || this.last.has(wallet.publicKey)) return;
    await this.read(wallet);
  }

  private async read(wallet: WalletInfo): Promise<StrangerSession[]> {
    // an unreachable exchange is said elsewhere (exchangeStatus); this wallet is read again at its next turn
    const read = await this.deps.read(wallet).catch(() => undefined);
    // a lock that landed during the read: what it showed is left for the next unlocked read
    if (read === undefined || !this.deps.unlocked()) return [];
    const all = read?.all ?? [];
    const at = Math.floor((this.deps.now ?? Date.now)() / 1000);
    const before = this.last.get(wallet.publicKey);
    const ids = all.map((s) => s.sessionId.toString());
    this.last.set(wallet.publicKey, { ids, at });
    const noticed: Noticed = { at, after: before?.at ?? null };
    const fresh = this.deps.record.update(
      wallet.publicKey,
      (read?.strangers ?? []).map((s) => s.sessionId.toString()),
      noticed,
    );
    const strangers = (read?.strangers ?? [])
      .filter((s) => fresh.includes(s.sessionId.toString()))
      .map((s) => ({
        walletId: wallet.walletId,
        walletLabel: wallet.label,
        walletPublicKey: wallet.publicKey,
        sessionId: s.sessionId.toString(),
        sessionKey: s.sessionKey,
        expiry: s.expiry,
        noticed,
      }));
    for (const s of strangers) this.auditLine(s);
    const changed =
      before !== undefined &&
      (before.ids.length !== ids.length || ids.some((id) => !before.ids.includes(id)));
    if (changed || strangers.length > 0) this.deps.onChange(wallet.walletId, strangers);
    return strangers;
  }

  private auditLine(s: StrangerSession): void {
    const iso = (seconds: number) => formatIsoTime(fromSeconds(seconds));
    this.deps.audit.append({
      time: (this.deps.now ?? Date.now)(),
      wallet: s.walletPublicKey,
      kind: 'unknownSession',
      accounts: [],
      result: 'ok',
      sessionId: s.sessionId,
      detail:
        s.noticed.after === null
          ? `Not made on this device; found at ${iso(s.noticed.at)}, made while Perpetua was not watching.`
          : `Not made on this device; made between ${iso(s.noticed.after)} and ${iso(s.noticed.at)}.`,
    });
  }
}
