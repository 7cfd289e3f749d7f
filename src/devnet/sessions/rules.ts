// Session rules. Expiry and refresh deadline are clamped to the devnet's limits and the effective values
// returned, as the interface says CreateSession "returns the effective expiry and refresh deadline".
import bs58 from 'bs58';
import { type RuleContext, type RuleSet, Rejection } from '../engine/rule';
import type { EngineState } from '../state';
import type { SessionState } from './state';

const activeSessionsOf = (state: EngineState, owner: string, now: number): SessionState[] =>
  Object.values(state.sessions).filter((s) => s.owner === owner && !s.revoked && s.expiry > now);

export const sessionRules: RuleSet = {
  createSession(kind, ctx) {
    const { state, config, now } = ctx;
    if (!state.users[ctx.user]) throw new Rejection('USER_NOT_FOUND');
    if (kind.sessionPubkey.length !== 32) throw new Rejection('DECODE_FAILURE_DOMAIN');
    const sessionKey = bs58.encode(kind.sessionPubkey);
    if (sessionKey === ctx.user) throw new Rejection('ACTION_NOT_ALLOWED');
    if (Object.values(state.sessions).some((s) => s.sessionKey === sessionKey && !s.revoked))
      throw new Rejection('ACTION_NOT_ALLOWED');
    if (kind.expiryTimestamp <= BigInt(now)) throw new Rejection('EXPIRY_TIMESTAMP_IN_PAST');
    const expiry = Math.min(Number(kind.expiryTimestamp), now + config.maxSessionLifetimeSeconds);
    let refreshDeadline: number | undefined;
    if (kind.refreshDeadline !== undefined) {
      refreshDeadline = Math.max(
        expiry,
        Math.min(Number(kind.refreshDeadline), now + config.maxRefreshWindowSeconds),
      );
    }
    // At the cap, the session closest to expiring makes room.
    const active = activeSessionsOf(state, ctx.user, now).sort(
      (a, b) => a.expiry - b.expiry || Number(a.id - b.id),
    );
    const evicted = active.slice(0, Math.max(0, active.length - config.sessionCap + 1));
    for (const old of evicted) old.revoked = true;

    const id = state.nextSessionId;
    state.nextSessionId = id + 1n;
    state.sessions[id.toString()] = {
      id,
      owner: ctx.user,
      sessionKey,
      expiry,
      ...(refreshDeadline !== undefined ? { refreshDeadline } : {}),
      createdAt: now,
      revoked: false,
    };
    return {
      type: 'createSessionResult',
      sessionId: id,
      expiry: BigInt(expiry),
      ...(refreshDeadline !== undefined ? { refreshDeadline: BigInt(refreshDeadline) } : {}),
    };
  },

  refreshSession(kind, ctx) {
    const session = ctx.session!;
    if (kind.expiryTimestamp <= BigInt(ctx.now)) throw new Rejection('EXPIRY_TIMESTAMP_IN_PAST');
    if (session.refreshDeadline === undefined || kind.expiryTimestamp > BigInt(session.refreshDeadline)) {
      throw new Rejection('SESSION_REFRESH_DEADLINE');
    }
    session.expiry = Number(kind.expiryTimestamp);
    return {
      type: 'sessionRefreshed',
      sessionId: session.id,
      expiry: BigInt(session.expiry),
      refreshDeadline: BigInt(session.refreshDeadline),
    };
  },

  selfRevoke(_kind, ctx: RuleContext) {
    ctx.session!.revoked = true;
    return { type: 'selfRevoked', sessionId: ctx.session!.id };
  },

  revokeSession(kind, ctx) {
    const session = ctx.state.sessions[kind.sessionId.toString()];
    if (!session || session.owner !== ctx.user) throw new Rejection('SESSION_NOT_FOUND');
    if (session.revoked) throw new Rejection('SESSION_REVOKED');
    session.revoked = true;
    return { type: 'sessionRevoked', sessionId: session.id };
  },
};
