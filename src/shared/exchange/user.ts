// GET /user/{pubkey} as rest.md's `User`: account ids and a map of sessions keyed by session id. Each value
// is the public `UserSession { pubkey, expiry }` plus the interface's `sessionId` and `refreshDeadline`;
// expiry and refreshDeadline are RFC3339 strings like every other time the exchange writes.
import { z } from 'zod';
import { Base58Key, TimeText, U64Text, UInt } from './json';

export const UserSessionJsonSchema = z.object({
  pubkey: Base58Key,
  expiry: TimeText,
  sessionId: U64Text,
  refreshDeadline: TimeText.optional(),
});

export const UserJsonSchema = z.object({
  accountIds: z.array(UInt()).max(10_000),
  sessions: z.record(z.string().max(20), UserSessionJsonSchema),
});

export type WireUser = z.input<typeof UserJsonSchema>;

/** A session as the app uses it (sessions keyed by id become a list). */
export interface SessionInfo {
  sessionId: bigint;
  sessionKey: string;
  expiry: number;
  refreshDeadline?: number;
}

export interface User {
  accountIds: number[];
  sessions: SessionInfo[];
}

export function userFromJson(json: z.output<typeof UserJsonSchema>): User {
  return {
    accountIds: json.accountIds,
    sessions: Object.values(json.sessions).map((s) => ({
      sessionId: s.sessionId,
      sessionKey: s.pubkey,
      expiry: s.expiry,
      ...(s.refreshDeadline !== undefined ? { refreshDeadline: s.refreshDeadline } : {}),
    })),
  };
}
