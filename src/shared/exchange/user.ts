import { z } from 'zod';
import { AccountIdNumber, Base58Key, Seconds, U64String } from './wire';

export const SessionInfoSchema = z.object({
  sessionId: U64String,
  sessionKey: Base58Key,
  expiry: Seconds,
  refreshDeadline: Seconds.optional(),
  createdAt: Seconds,
});

export const UserSchema = z.object({
  pubkey: Base58Key,
  accountIds: z.array(AccountIdNumber),
  sessions: z.array(SessionInfoSchema),
});

export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export type User = z.infer<typeof UserSchema>;
export type WireUser = z.input<typeof UserSchema>;
