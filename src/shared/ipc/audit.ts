// The audit group: the log of what was signed and sent and of everything that touched a key, read a page at
// a time or exported as CSV.
import { z } from 'zod';
import { NoArgs, UNLOCKED, group } from './method';

export const AuditEntryViewSchema = z.object({
  time: z.number(),
  /** the wallet's public key ('' for the passphrase's own lines) */
  wallet: z.string(),
  /** the wallet's label when the line was written */
  walletLabel: z.string().optional(),
  kind: z.string(),
  accounts: z.array(z.number()),
  tokenId: z.number().optional(),
  amounts: z.record(z.string(), z.string()).optional(),
  sessionId: z.string().optional(),
  actionId: z.string().optional(),
  result: z.enum(['ok', 'err', 'unknown']),
  error: z.string().optional(),
  detail: z.string().optional(),
  wording: z.object({ verb: z.string(), rest: z.string() }).optional(),
  /** the entry as a person reads it: "Withdrew 25 USDC from account 4 to 9xQe…VFin, wallet Hot key" */
  sentence: z.string(),
});

/** newest first: skip `offset`, then at most `limit` */
export const AuditQuerySchema = z.object({
  wallet: z.string().max(64).optional(),
  kind: z.string().max(40).optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(500).optional(),
});
export const audit = group({
  list: {
    args: AuditQuerySchema,
    result: z.object({ entries: z.array(AuditEntryViewSchema), total: z.number() }),
    access: UNLOCKED,
  },
  export: { args: NoArgs, result: z.object({ csv: z.string() }), access: UNLOCKED },
});
