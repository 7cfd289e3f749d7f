// Session keys do the everyday signing so the wallet key is used only to create and revoke them. A session's
// secret is generated in main and kept in the keychain; its label and history on this device in a JSON file.
// The list merges the exchange's view (GET /user) with what this device knows, so a session created
// elsewhere (or by an attacker with a leaked wallet key) shows up as unknown and can be revoked in one click.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import bs58 from 'bs58';
import { z } from 'zod';
import { AppFailure } from '../../shared/result';
import { SigningKey, generateKeypair } from '../../protocol/keys';
import type { SecretStore } from '../keychain/secret-store';
import type { AppLock } from '../lock/app-lock';
import type { WalletService, WalletInfo } from '../wallets/wallet-service';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { EngineClock } from '../exchange/engine-clock';
import type { SignedActions } from '../pipeline/signed-action';
import type { AuditLog } from '../audit/audit-log';
import { writeFileAtomic } from '../../support/atomic-file';
import type { SessionViewSchema } from '../../shared/ipc/sessions';
import type { SessionInfo } from '../../shared/exchange/user';
import type { Noticed } from './stranger-record';

const LocalSessionSchema = z.object({
  sessionId: z.string(),
  walletPublicKey: z.string(),
  sessionKey: z.string(),
  label: z.string(),
  createdAt: z.number(),
  lastUsed: z.number().optional(),
  expiry: z.number(),
  refreshDeadline: z.number().optional(),
  /** lifetime asked for at creation, reused when refreshing */
  lifetimeSeconds: z.number(),
});
const FileSchema = z.object({ version: z.literal(1), sessions: z.array(LocalSessionSchema) });
type LocalSession = z.infer<typeof LocalSessionSchema>;

/** createdHere: created by this device, with its key in this keychain */
export type SessionView = z.output<typeof SessionViewSchema>;

export const DEFAULT_SESSION_SECONDS = 24 * 3600;
/** A session is "expiring" (warn, and refresh if allowed) with less than this left... */
export const EXPIRING_SECONDS = 3600;
/**
 * ...or, for a session shorter than four hours, a quarter of its lifetime: otherwise a one-hour session
 * would warn from the moment it exists and be re-signed every minute. A session created elsewhere has no
 * lifetime known here and gets the plain hour.
 */
export function expiringWithin(lifetimeSeconds?: number): number {
  return lifetimeSeconds === undefined
    ? EXPIRING_SECONDS
    : Math.min(EXPIRING_SECONDS, Math.floor(lifetimeSeconds / 4));
}
const secretItem = (sessionKey: string): string => `session:${sessionKey}`;

/** The exchange says the session is revoked or unknown already: a revocation's goal is met. */
const alreadyGone = (failure: AppFailure): boolean => {
  const receiptError = failure.details?.receiptError;
  return receiptError === 'SESSION_REVOKED' || receiptError === 'SESSION_NOT_FOUND';
};

interface CreateOptions {
  label?: string;
  expiresInSeconds?: number;
  refreshDeadlineSeconds?: number;
}

export interface SessionManagerDeps {
  store: Pick<SecretStore, 'get' | 'set' | 'delete'>;
  lock: Pick<AppLock, 'requireFreshUnlock' | 'state' | 'onLock'>;
  wallets: Pick<WalletService, 'get' | 'list' | 'signingKey'>;
  client: Pick<ExchangeClient, 'user'>;
  clock: Pick<EngineClock, 'seconds'>;
  /** signs, sends and records each session action, as every other action is (signed-action.ts) */
  signed: SignedActions;
  audit: Pick<AuditLog, 'sessionSeenElsewhere'>;
  dataDir: string;
  /** the session key the demo data made for a wallet, if it is a demo wallet (see demo-wallets) */
  demoSessionOf?: (walletPublicKey: string) => string | null;
  /** when this device noticed a session it did not make (stranger-record.ts) */
  noticed?: (walletPublicKey: string, sessionId: string) => Noticed | null;
  now?: () => number;
}

export class SessionManager {
  private readonly file: string;
  /** per wallet, the tail of its session creations: they run one at a time */
  private readonly creations = new Map<string, Promise<unknown>>();
  /**
   * Session signing keys read from the keychain since the last unlock, by session key, as node:crypto key
   * objects: a keychain read costs 2-60 ms (more than the rest of an action together), and while unlocked
   * main holds the data keys that open every sealed secret anyway. Dropped when the app locks and when a
   * session is forgotten; whether a session may still sign is asked of the exchange on every action.
   */
  private readonly signingKeys = new Map<string, SigningKey>();
  /** whether the lock knows to drop them (asked once, by the first key kept: most managers never keep one) */
  private dropsOnLock = false;
  /**
   * The keys of sessions being created here, from before they are sent until they are saved (for the rest of
   * the run when the outcome is not known): a read of the exchange in between already lists one, and it must
   * not look like a stranger's.
   */
  private readonly making = new Set<string>();

  constructor(private readonly deps: SessionManagerDeps) {
    this.file = join(deps.dataDir, 'sessions.json');
  }

  private local(): LocalSession[] {
    if (!existsSync(this.file)) return [];
    return FileSchema.parse(JSON.parse(readFileSync(this.file, 'utf8'))).sessions;
  }

  private save(sessions: LocalSession[]): void {
    writeFileAtomic(this.file, JSON.stringify({ version: 1, sessions }, null, 2));
  }

  /** Runs one wallet's session creations one after another, so two of them never race. */
  private oneAtATime<T>(walletId: string, work: () => Promise<T>): Promise<T> {
    const run = (this.creations.get(walletId) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => {});
    this.creations.set(walletId, tail);
    void tail.then(() => {
      if (this.creations.get(walletId) === tail) this.creations.delete(walletId);
    });
    return run;
  }

  create(walletId: string, options: CreateOptions = {}): Promise<SessionView> {
    this.deps.lock.requireFreshUnlock();
    return this.oneAtATime(walletId, () => this.createNow(walletId, options));
  }

  /**
   * The wallet's signer, creating a session first when it has none. Serialised with create: concurrent
   * actions of one wallet end up signing with the one session the first of them made.
   */
  signerOrCreate(walletId: string, label: string): Promise<{ sessionId: bigint; key: SigningKey }> {
    return this.oneAtATime(walletId, async () => {
      const existing = await this.signer(walletId);
      if (existing) return existing;
      await this.createNow(walletId, { label });
      const created = await this.signer(walletId);
      if (!created) throw new AppFailure('INTERNAL', 'A session could not be created for signing.');
      return created;
    });
  }

  private async createNow(walletId: string, options: CreateOptions): Promise<SessionView> {
    this.deps.lock.requireFreshUnlock();
    const wallet = this.deps.wallets.get(walletId);
    const lifetime = options.expiresInSeconds ?? DEFAULT_SESSION_SECONDS;
    if (!Number.isInteger(lifetime) || lifetime < 60 || lifetime > 30 * 86400)
      throw new AppFailure('INVALID_ARGUMENT', 'A session lasts from 1 minute to 30 days.');
    const { secretSeed, publicKey } = generateKeypair();
    const sessionKey = bs58.encode(publicKey);
    // Key first: a session must never exist on the exchange without its key here.
    try {
      await this.deps.store.set(secretItem(sessionKey), bs58.encode(secretSeed));
    } finally {
      secretSeed.fill(0);
    }
    const now = await this.deps.clock.seconds();
    this.making.add(sessionKey);
    // the session's record, made once the exchange created it
    const made: { session?: LocalSession; earlier?: boolean } = {};
    try {
      const walletKey = await this.deps.wallets.signingKey(walletId);
      await this.deps.signed.submit({
        key: walletKey,
        framing: 'hex',
        action: {
          type: 'createSession',
          userPubkey: walletKey.publicKey,
          sessionPubkey: publicKey,
          expiryTimestamp: now + BigInt(lifetime),
          ...(options.refreshDeadlineSeconds
            ? { refreshDeadline: now + BigInt(options.refreshDeadlineSeconds) }
            : {}),
        },
        audit: { wallet: wallet.publicKey, kind: 'createSession', accounts: [] },
        executed: (executed) => {
          if (executed.status !== 'executed' || executed.receipt.kind.type !== 'createSessionResult') {
            // a copy sent earlier executed: the action is recorded, though its session's number is not known
            made.earlier = true;
            return;
          }
          const result = executed.receipt.kind;
          const session: LocalSession = {
            sessionId: result.sessionId.toString(),
            walletPublicKey: wallet.publicKey,
            sessionKey,
            label: (options.label ?? 'This device').trim().slice(0, 40) || 'This device',
            createdAt: Number(now),
            expiry: Number(result.expiry),
            ...(result.refreshDeadline !== undefined
              ? { refreshDeadline: Number(result.refreshDeadline) }
              : {}),
            lifetimeSeconds: lifetime,
          };
          this.save([...this.local(), session]);
          made.session = session;
          return { sessionId: session.sessionId };
        },
      });
      if (!made.session)
        throw new AppFailure('CONFLICT', 'The session was created earlier; refresh the list.');
      this.making.delete(sessionKey);
      return this.view(wallet, made.session, Number(now));
    } catch (error) {
      if (made.earlier) {
        this.making.delete(sessionKey);
        throw error;
      }
      // one whose outcome is unknown may exist: it is this device's for as long as this run knows it
      if (!(error instanceof AppFailure && error.code === 'OUTCOME_UNKNOWN')) {
        this.making.delete(sessionKey);
        await this.deps.store.delete(secretItem(sessionKey));
      }
      throw error;
    }
  }

  /** Made by neither this device (saved, or being made) nor the demo data. */
  private isStranger(
    walletPublicKey: string,
    s: { sessionId: string; sessionKey: string },
    local: LocalSession[] = this.local(),
  ): boolean {
    return (
      !this.making.has(s.sessionKey) &&
      this.deps.demoSessionOf?.(walletPublicKey) !== s.sessionKey &&
      !local.some((l) => l.sessionId === s.sessionId && l.walletPublicKey === walletPublicKey)
    );
  }

  private view(
    wallet: WalletInfo,
    s: {
      sessionId: string;
      sessionKey: string;
      expiry: number;
      refreshDeadline?: number;
      createdAt?: number;
    },
    now: number,
    local?: LocalSession,
  ): SessionView {
    const mine =
      local ??
      this.local().find((l) => l.sessionId === s.sessionId && l.walletPublicKey === wallet.publicKey);
    const stranger = mine === undefined && this.isStranger(wallet.publicKey, s);
    return {
      walletId: wallet.walletId,
      walletLabel: wallet.label,
      walletPublicKey: wallet.publicKey,
      sessionId: s.sessionId,
      sessionKey: s.sessionKey,
      label: mine?.label ?? null,
      expiry: s.expiry,
      refreshDeadline: s.refreshDeadline ?? null,
      // the public User lists no creation time: this device's record knows it for the sessions it made
      createdAt: s.createdAt ?? mine?.createdAt ?? null,
      lastUsed: mine?.lastUsed ?? null,
      createdHere: mine !== undefined || this.making.has(s.sessionKey),
      demo: mine === undefined && this.deps.demoSessionOf?.(wallet.publicKey) === s.sessionKey,
      noticed: stranger ? (this.deps.noticed?.(wallet.publicKey, s.sessionId) ?? null) : null,
      status:
        s.expiry <= now
          ? 'expired'
          : s.expiry - now < expiringWithin(mine?.lifetimeSeconds)
            ? 'expiring'
            : 'active',
    };
  }

  /** Every session of every wallet as the exchange sees it, with what this device knows about each. */
  async list(): Promise<SessionView[]> {
    // every wallet's read at once: one round trip of waiting, not one per wallet
    const wallets = this.deps.wallets.list();
    const [seconds, users] = await Promise.all([
      this.deps.clock.seconds(),
      Promise.all(wallets.map((wallet) => this.deps.client.user(wallet.publicKey))),
    ]);
    const now = Number(seconds);
    const views = wallets.flatMap((wallet, i) =>
      (users[i]?.sessions ?? []).map((s) =>
        this.view(wallet, { ...s, sessionId: s.sessionId.toString() }, now),
      ),
    );
    // One neither made here nor the demo's is recorded the first time it is seen. A wallet's creation still
    // on its way is left out: its session may be on the exchange a moment before this device's record of it.
    for (const v of views)
      if (!v.createdHere && !v.demo && !this.creations.has(v.walletId))
        this.deps.audit.sessionSeenElsewhere({ publicKey: v.walletPublicKey, label: v.walletLabel }, v);
    return views;
  }

  /**
   * One wallet's sessions as the exchange lists them now, with those a stranger made picked out (the
   * stranger watch's read). Null when the exchange knows no such user yet.
   */
  async sessionsOf(wallet: WalletInfo): Promise<{ all: SessionInfo[]; strangers: SessionInfo[] } | null> {
    const user = await this.deps.client.user(wallet.publicKey);
    if (!user) return null;
    const local = this.local();
    const strangers = user.sessions.filter((s) =>
      this.isStranger(
        wallet.publicKey,
        { sessionId: s.sessionId.toString(), sessionKey: s.sessionKey },
        local,
      ),
    );
    return { all: user.sessions, strangers };
  }

  /** The session this device signs with for a wallet: its newest live one whose key is in the keychain. */
  async signer(walletId: string): Promise<{ sessionId: bigint; key: SigningKey } | null> {
    const wallet = this.deps.wallets.get(walletId);
    const now = Number(await this.deps.clock.seconds());
    const user = await this.deps.client.user(wallet.publicKey);
    const live = new Set((user?.sessions ?? []).map((s) => s.sessionId.toString()));
    const candidates = this.local()
      .filter((s) => s.walletPublicKey === wallet.publicKey && live.has(s.sessionId) && s.expiry > now + 30)
      .sort((a, b) => b.expiry - a.expiry);
    for (const candidate of candidates) {
      const key = await this.keyOf(candidate);
      if (key) return { sessionId: BigInt(candidate.sessionId), key };
    }
    return null;
  }

  /** A session's signing key (from the keychain the first time after an unlock); null once it is gone. */
  private async keyOf(session: LocalSession): Promise<SigningKey | null> {
    const held = this.signingKeys.get(session.sessionKey);
    if (held) return held;
    const secret = await this.deps.store.get(secretItem(session.sessionKey));
    if (secret === null) return null;
    const seed = bs58.decode(secret);
    let key: SigningKey;
    try {
      key = new SigningKey(seed);
    } finally {
      seed.fill(0);
    }
    // as it is now: a lock that landed during the read wiped the others, and this one is not kept either
    if (this.deps.lock.state().status === 'unlocked') {
      if (!this.dropsOnLock) this.deps.lock.onLock(() => this.signingKeys.clear());
      this.dropsOnLock = true;
      this.signingKeys.set(session.sessionKey, key);
    }
    return key;
  }

  markUsed(sessionId: bigint): void {
    const sessions = this.local();
    const s = sessions.find((x) => x.sessionId === sessionId.toString());
    if (s) {
      s.lastUsed = Math.floor((this.deps.now ?? Date.now)() / 1000);
      this.save(sessions);
    }
  }

  /** Extends a session created here, up to its refresh deadline, keeping its id. */
  async refresh(walletId: string, sessionId: string): Promise<SessionView> {
    const wallet = this.deps.wallets.get(walletId);
    const local = this.local().find(
      (s) => s.sessionId === sessionId && s.walletPublicKey === wallet.publicKey,
    );
    if (!local)
      throw new AppFailure('NOT_FOUND', 'Only sessions created on this device can be refreshed from it.');
    if (local.refreshDeadline === undefined)
      throw new AppFailure(
        'CONFLICT',
        'This session was created without a refresh deadline; create a new one instead.',
      );
    const key = await this.keyOf(local);
    if (key === null) throw new AppFailure('NOT_FOUND', 'This session’s key is no longer in the keychain.');
    const now = await this.deps.clock.seconds();
    const target = BigInt(Math.min(Number(now) + local.lifetimeSeconds, local.refreshDeadline));
    await this.deps.signed.submit({
      key,
      framing: 'session',
      action: { type: 'refreshSession', sessionId: BigInt(sessionId), expiryTimestamp: target },
      audit: { wallet: wallet.publicKey, kind: 'refreshSession', accounts: [], sessionId },
      executed: (executed) => {
        if (executed.status === 'executed' && executed.receipt.kind.type === 'sessionRefreshed')
          local.expiry = Number(executed.receipt.kind.expiry);
        this.save(this.local().map((s) => (s.sessionId === sessionId ? local : s)));
      },
    });
    return this.view(wallet, local, Number(now), local);
  }

  /** Refreshes every session created here that is close to expiry and may still be extended. */
  async refreshDue(): Promise<string[]> {
    const now = Number(await this.deps.clock.seconds());
    const refreshed: string[] = [];
    for (const s of this.local()) {
      const remaining = s.expiry - now;
      // long sessions are renewed earlier (a tenth of their lifetime left), so one missed loop is harmless
      const due =
        remaining > 0 &&
        (remaining < expiringWithin(s.lifetimeSeconds) || remaining < s.lifetimeSeconds / 10);
      if (!due || s.refreshDeadline === undefined || s.expiry >= s.refreshDeadline) continue;
      const wallet = this.deps.wallets.list().find((w) => w.publicKey === s.walletPublicKey);
      if (!wallet) continue;
      await this.refresh(wallet.walletId, s.sessionId);
      refreshed.push(s.sessionId);
    }
    return refreshed;
  }

  /**
   * Revokes any session of the wallet. A session created here ends itself (SelfRevoke, signed by its own
   * key), so the wallet key stays in the keychain; one created elsewhere, or whose key is gone, is revoked by
   * the wallet key (RevokeSession). Both need a fresh unlock.
   */
  async revoke(walletId: string, sessionId: string): Promise<void> {
    this.deps.lock.requireFreshUnlock();
    const wallet = this.deps.wallets.get(walletId);
    if (!/^\d{1,20}$/.test(sessionId)) throw new AppFailure('INVALID_ARGUMENT', 'That is not a session id.');
    const own = await this.ownKey(wallet, sessionId);
    const ended = own !== null && (await this.selfRevoke(wallet, sessionId, own));
    if (!ended) await this.revokeWithWallet(walletId, wallet, sessionId);
    await this.forget(wallet.publicKey, sessionId);
  }

  /**
   * Revokes a session with the wallet key whoever made it, as the compromised-key drill does: a session key
   * that may have leaked is not trusted to sign its own end. Needs a fresh unlock.
   */
  async revokeByWallet(walletId: string, sessionId: string): Promise<void> {
    this.deps.lock.requireFreshUnlock();
    const wallet = this.deps.wallets.get(walletId);
    if (!/^\d{1,20}$/.test(sessionId)) throw new AppFailure('INVALID_ARGUMENT', 'That is not a session id.');
    await this.revokeWithWallet(walletId, wallet, sessionId);
    await this.forget(wallet.publicKey, sessionId);
  }

  /** The key of a live session created here, if the keychain still has it. */
  private async ownKey(wallet: WalletInfo, sessionId: string): Promise<SigningKey | null> {
    const local = this.local().find(
      (s) => s.sessionId === sessionId && s.walletPublicKey === wallet.publicKey,
    );
    if (!local || local.expiry <= Number(await this.deps.clock.seconds())) return null;
    return this.keyOf(local);
  }

  /** True once the session is gone; false if it could not sign its own end, so the wallet must. */
  private async selfRevoke(wallet: WalletInfo, sessionId: string, key: SigningKey): Promise<boolean> {
    try {
      await this.deps.signed.submit({
        key,
        framing: 'session',
        action: { type: 'selfRevoke', sessionId: BigInt(sessionId) },
        audit: { wallet: wallet.publicKey, kind: 'selfRevoke', accounts: [], sessionId },
        goalMet: alreadyGone,
      });
      return true;
    } catch (error) {
      if (error instanceof AppFailure && alreadyGone(error)) return true;
      // An unknown outcome is settled by the journal later; asking the wallet now would be a second action.
      if (error instanceof AppFailure && error.code === 'OUTCOME_UNKNOWN') throw error;
      return false;
    }
  }

  private async revokeWithWallet(walletId: string, wallet: WalletInfo, sessionId: string): Promise<void> {
    const walletKey = await this.deps.wallets.signingKey(walletId);
    try {
      await this.deps.signed.submit({
        key: walletKey,
        framing: 'hex',
        action: { type: 'revokeSession', sessionId: BigInt(sessionId) },
        audit: { wallet: wallet.publicKey, kind: 'revokeSession', accounts: [], sessionId },
        goalMet: alreadyGone,
      });
    } catch (error) {
      // Already gone on the exchange: the goal is met; forget it locally too.
      if (!(error instanceof AppFailure && alreadyGone(error))) throw error;
    }
  }

  /** Revokes every session of the wallet that the exchange lists. */
  async revokeAll(walletId: string): Promise<number> {
    this.deps.lock.requireFreshUnlock();
    const wallet = this.deps.wallets.get(walletId);
    const user = await this.deps.client.user(wallet.publicKey);
    let count = 0;
    for (const s of user?.sessions ?? []) {
      await this.revoke(walletId, s.sessionId.toString());
      count += 1;
    }
    return count;
  }

  private async forget(walletPublicKey: string, sessionId: string): Promise<void> {
    const sessions = this.local();
    const gone = sessions.find((s) => s.sessionId === sessionId && s.walletPublicKey === walletPublicKey);
    if (gone) {
      this.signingKeys.delete(gone.sessionKey);
      await this.deps.store.delete(secretItem(gone.sessionKey));
    }
    this.save(sessions.filter((s) => s !== gone));
  }

  /**
   * When a wallet is removed, its sessions' keys leave the keychain too. On the network in use, each live
   * session made here first ends itself on the exchange, so removing a wallet leaves nothing able to sign
   * for it; that is best effort (the exchange may be unreachable), and the audit log says how each went.
   */
  async forgetWallet(wallet: WalletInfo, endOnExchange = false): Promise<void> {
    for (const s of this.local().filter((x) => x.walletPublicKey === wallet.publicKey)) {
      if (endOnExchange) {
        const key = await this.ownKey(wallet, s.sessionId).catch(() => null);
        if (key) await this.selfRevoke(wallet, s.sessionId, key).catch(() => false);
      }
      await this.forget(wallet.publicKey, s.sessionId);
    }
  }
}
