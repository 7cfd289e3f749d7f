// An append-only record of every signed action (what, for which wallet and accounts, how much, and how it
// ended) and of everything else that touches a key (key-events.ts). A guard refuses any entry that carries
// something shaped like a secret, so a future caller cannot leak a key into the log by mistake.
//
// One JSON object per line, each synced to disk before append returns. A crash or power cut can leave at
// most the last line torn (cut short, or zeros where the file system had not written it yet): reading skips
// a line that does not parse, so the lines before it stay, and the next append starts on a fresh line
// rather than gluing itself to the torn one.
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { AppFailure } from '../../shared/result';
import type { AuditQuerySchema } from '../../shared/ipc/audit';
import { toCsv } from '../../shared/csv';
import { formatIsoTime } from '../../shared/time';
import { BASE58_CHAR } from '../../shared/base58';
import { AUDIT_VERBS, describeAudit, shortAddress } from './audit-wording';
import { sessionSeenElsewhere, type KeyEvent, type NamedWallet } from './key-events';
import { storageFailure } from '../../support/atomic-file';

export const AuditEntrySchema = z.object({
  time: z.number().int(),
  /** the wallet's public key ('' for what concerns no one wallet: the passphrase) */
  wallet: z.string().max(64),
  /** its label when the line was written, which the sentence names it by */
  walletLabel: z.string().max(64).optional(),
  kind: z.string().max(40),
  accounts: z.array(z.number().int().min(0)).max(8),
  tokenId: z.number().int().min(0).optional(),
  /** scaled amounts as decimal strings, by role (amount, fee, received) */
  amounts: z.record(z.string().max(16), z.string().regex(/^-?\d{1,40}$/)).optional(),
  sessionId: z.string().max(24).optional(),
  actionId: z.string().max(24).optional(),
  result: z.enum(['ok', 'err', 'unknown']),
  error: z.string().max(64).optional(),
  detail: z.string().max(200).optional(),
  /** what was asked, in words: the verb and the rest ("withdraw" + "25 USDC from account 4 to 9xQe…k3Fd") */
  wording: z.object({ verb: z.enum(AUDIT_VERBS), rest: z.string().max(300) }).optional(),
});

export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const SECRET_NAMES = /secret|private|seed|passphrase|password|mnemonic|signature/i;
// base58 of 64 bytes (a secret key) is 86-88 characters; hex of 32/64 bytes is 64/128 characters.
const SECRET_VALUES = new RegExp(`${BASE58_CHAR}{80,}|\\b[0-9a-f]{64,}\\b`);

export function assertNoSecret(entry: Record<string, unknown>): void {
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string' && SECRET_VALUES.test(value))
      throw new AppFailure('INTERNAL', `refused to log ${path}: it looks like key material`);
    if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (SECRET_NAMES.test(k)) throw new AppFailure('INTERNAL', `refused to log a field named ${k}`);
        walk(v, `${path}.${k}`);
      }
    }
  };
  walk(entry, 'entry');
}

export type AuditQuery = z.output<typeof AuditQuerySchema>;

export interface AuditLogOptions {
  /** a wallet's label now, by its public key: each line keeps the label its wallet had when written */
  labelOf?: (publicKey: string) => string | undefined;
  now?: () => number;
}

/** How a wallet and one of its sessions are told apart across exchanges: the session's own public key. */
const seenKey = (wallet: string, detail: string | undefined): string => `${wallet} ${detail ?? ''}`;

export class AuditLog {
  private readonly now: () => number;
  /** the sessions from elsewhere already recorded (read from the log at the first need) */
  private seen: Set<string> | null = null;

  constructor(
    private readonly file: string,
    private readonly options: AuditLogOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  append(entry: AuditEntry): void {
    const label = entry.walletLabel ?? this.labelOf(entry.wallet);
    const named = label === undefined ? entry : { ...entry, walletLabel: label };
    assertNoSecret(named as unknown as Record<string, unknown>);
    const parsed = AuditEntrySchema.parse(named);
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      const fd = openSync(this.file, 'a+', 0o600);
      try {
        // a last line cut short by a crash is left as it is (reading skips it); this one starts afresh
        const { size } = fstatSync(fd);
        const last = Buffer.alloc(1);
        const torn = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
        writeSync(fd, `${torn ? '\n' : ''}${JSON.stringify(parsed)}\n`);
        fdatasyncSync(fd);
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      throw storageFailure(error, this.file);
    }
  }

  /** A key event (key-events.ts), stamped now. */
  record(event: KeyEvent): void {
    this.append({
      time: this.now(),
      wallet: event.wallet?.publicKey ?? '',
      ...(event.wallet ? { walletLabel: event.wallet.label } : {}),
      kind: event.kind,
      accounts: [],
      result: event.result ?? 'ok',
      wording: event.wording,
      ...(event.error ? { error: event.error } : {}),
      ...(event.detail ? { detail: event.detail } : {}),
      ...(event.sessionId ? { sessionId: event.sessionId } : {}),
    });
  }

  /**
   * A session of the wallet that this device did not make, seen on the exchange: recorded the first time
   * only, so whatever notices it may say so every time it looks.
   */
  sessionSeenElsewhere(wallet: NamedWallet, session: { sessionId: string; sessionKey: string }): void {
    const event = sessionSeenElsewhere(wallet, session.sessionId, session.sessionKey);
    this.seen ??= new Set(
      this.all()
        .filter((e) => e.kind === event.kind)
        .map((e) => seenKey(e.wallet, e.detail)),
    );
    const key = seenKey(wallet.publicKey, event.detail);
    if (this.seen.has(key)) return;
    this.record(event);
    this.seen.add(key);
  }

  /** A wallet by its public key, named as a line written now names it. */
  named(publicKey: string): NamedWallet {
    return { publicKey, label: this.labelOf(publicKey) ?? shortAddress(publicKey) };
  }

  private labelOf(publicKey: string): string | undefined {
    if (!publicKey || !this.options.labelOf) return undefined;
    try {
      return this.options.labelOf(publicKey);
    } catch {
      // a wallet list that cannot be read costs the line its label, never the line itself
      return undefined;
    }
  }

  private all(): AuditEntry[] {
    if (!existsSync(this.file)) return [];
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .flatMap((line) => {
        const parsed = AuditEntrySchema.safeParse(safeJson(line) ?? safeJson(afterTear(line)));
        return parsed.success ? [parsed.data] : [];
      });
  }

  /** Whether an executed action has its line already (recovery settling what a crash left open asks). */
  recorded(actionId: string): boolean {
    return this.all().some((e) => e.actionId === actionId && e.result === 'ok');
  }

  /** newest first, each with the sentence a person reads */
  list(query: AuditQuery = {}): { entries: (AuditEntry & { sentence: string })[]; total: number } {
    const matching = this.all()
      .filter((e) => (!query.wallet || e.wallet === query.wallet) && (!query.kind || e.kind === query.kind))
      .reverse();
    const offset = query.offset ?? 0;
    return {
      entries: matching
        .slice(offset, offset + (query.limit ?? 50))
        .map((e) => ({ ...e, sentence: describeAudit(e) })),
      total: matching.length,
    };
  }

  toCsv(query: Omit<AuditQuery, 'offset' | 'limit'> = {}): string {
    const header = [
      'time',
      'description',
      'wallet',
      'kind',
      'accounts',
      'tokenId',
      'amount',
      'fee',
      'received',
      'sessionId',
      'actionId',
      'result',
      'error',
      'detail',
    ];
    const rows = this.list({ ...query, limit: Number.MAX_SAFE_INTEGER }).entries.map((e) => [
      formatIsoTime(e.time),
      e.sentence,
      e.wallet,
      e.kind,
      e.accounts.join(' '),
      e.tokenId ?? '',
      e.amounts?.amount ?? '',
      e.amounts?.fee ?? '',
      e.amounts?.received ?? '',
      e.sessionId ?? '',
      e.actionId ?? '',
      e.result,
      e.error ?? '',
      e.detail ?? '',
    ]);
    return toCsv(header, rows);
  }
}

/**
 * A line written before appends started on a fresh line may be a torn one with a whole one glued after it:
 * the whole one is the last object that starts as every entry does.
 */
function afterTear(line: string): string {
  return line.slice(Math.max(0, line.lastIndexOf('{"time":')));
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}
