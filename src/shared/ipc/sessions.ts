// The sessions group: the session keys of the person's wallets, created, refreshed and revoked by main.
import { z } from 'zod';
import { Address, Id } from './ids';
import { Done, NoArgs, UNLOCKED, UNLOCKED_READ, group } from './method';

/**
 * When this device noticed a session it did not make, in wall-clock seconds: `at` the read that first showed
 * it, `after` the last read of its wallet without it (null: none before, as when it was made while the app
 * was locked or closed). The exchange does not say when a session was made: it was made between the two.
 */
export const NoticedSchema = z.object({ at: z.number(), after: z.number().nullable() });

export const SessionViewSchema = z.object({
  walletId: Id,
  walletLabel: z.string(),
  walletPublicKey: Address,
  sessionId: z.string(),
  sessionKey: Address,
  label: z.string().nullable(),
  expiry: z.number(),
  refreshDeadline: z.number().nullable(),
  /** known for the sessions this device created; the exchange's User does not list it */
  createdAt: z.number().nullable(),
  lastUsed: z.number().nullable(),
  createdHere: z.boolean(),
  /** made by the demo data as it played its scenario in: not this device's, but expected */
  demo: z.boolean(),
  status: z.enum(['active', 'expiring', 'expired']),
  /** for a session neither this device nor the demo data made: when this device noticed it (else null) */
  noticed: NoticedSchema.nullable(),
});

/** A session made elsewhere for one of the person's wallets, as the watch in main first noticed it. */
export const StrangerSessionSchema = z.object({
  walletId: Id,
  walletLabel: z.string(),
  walletPublicKey: Address,
  sessionId: z.string().regex(/^\d{1,20}$/),
  sessionKey: Address,
  expiry: z.number(),
  noticed: NoticedSchema,
});

/** A session id as the exchange numbers them: a u64, in decimal (20 digits reach past 2^64, hence the bound). */
export const SessionId = z
  .string()
  .regex(/^\d{1,20}$/, { error: 'must be a session id (a whole number)', abort: true })
  .refine((id) => BigInt(id) < 1n << 64n, 'must be a session id (a whole number below 2^64)');

const SessionRef = z.object({ walletId: Id, sessionId: SessionId });

export const sessions = group({
  list: { args: NoArgs, result: z.array(SessionViewSchema), access: UNLOCKED_READ },
  create: {
    args: z.object({
      walletId: Id,
      label: z.string().max(40).optional(),
      expiresInSeconds: z
        .number()
        .int()
        .min(60)
        .max(30 * 86400)
        .optional(),
      refreshDeadlineSeconds: z
        .number()
        .int()
        .min(60)
        .max(90 * 86400)
        .optional(),
    }),
    result: SessionViewSchema,
    access: UNLOCKED,
  },
  refresh: { args: SessionRef, result: SessionViewSchema, access: UNLOCKED },
  revoke: { args: SessionRef, result: Done, access: UNLOCKED },
  revokeAll: {
    args: z.object({ walletId: Id }),
    result: z.object({ revoked: z.number() }),
    access: UNLOCKED,
  },
});
