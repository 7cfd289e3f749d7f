// GET /user/{pubkey} as the public `User`: account ids and the wallet's live sessions keyed by session id.
import type { WireUser } from '../../shared/exchange/user';
import { time } from '../json';
import type { EngineState } from '../state';

/** null when the wallet has no account on the exchange yet */
export function userJson(state: EngineState, pubkey: string, now: number): WireUser | null {
  const user = state.users[pubkey];
  if (!user) return null;
  const live = Object.values(state.sessions).filter(
    (s) => s.owner === pubkey && !s.revoked && s.expiry > now,
  );
  return {
    accountIds: user.accountIds,
    sessions: Object.fromEntries(
      live.map((s) => [
        s.id.toString(),
        {
          pubkey: s.sessionKey,
          expiry: time(s.expiry),
          sessionId: s.id.toString(),
          ...(s.refreshDeadline !== undefined ? { refreshDeadline: time(s.refreshDeadline) } : {}),
        },
      ]),
    ),
  };
}
