// An append-only record of every signed action: what, for which wallet and accounts, how much, and how it
// ended. A guard refuses any entry that carries something shaped like a secret, so a future caller cannot
// leak a key into the log by mistake.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { AppFailure } from '../../shared/result';
import type { AuditQuerySchema } from '../../shared/ipc/audit';
import { toCsv } from '../../shared/csv';
import { formatIsoTime } from '../../shared/time';
import { BASE58_CHAR } from '../../shared/base58';
import { AUDIT_VERBS, describeAudit } from './audit-wording';

export const AuditEntrySchema = z.object({
  time: z.number().int(),
  wallet: z.string().max(64),
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

export class AuditLog {
  constructor(private readonly file: string) {}

  append(entry: AuditEntry): void {
    assertNoSecret(entry as unknown as Record<string, unknown>);
    const parsed = AuditEntrySchema.parse(entry);
    mkdirSync(dirname(this.file), { recursive: true });
    appendFileSync(this.file, `${JSON.stringify(parsed)}\n`, { mode: 0o600 });
  }

  private all(): AuditEntry[] {
    if (!existsSync(this.file)) return [];
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .flatMap((line) => {
        const parsed = AuditEntrySchema.safeParse(safeJson(line));
        return parsed.success ? [parsed.data] : [];
      });
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

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}
