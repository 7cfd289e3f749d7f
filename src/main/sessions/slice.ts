// The session methods of the contract, over the session manager of the exchange connected now.
import type { Handlers } from '../../shared/ipc/contract';
import type { SessionManager } from './session-manager';

export interface SessionsDeps {
  sessions: Pick<SessionManager, 'list' | 'create' | 'refresh' | 'revoke' | 'revokeAll'>;
}

export function createSessions({ sessions }: SessionsDeps): { handlers: Handlers['sessions'] } {
  return {
    handlers: {
      list: () => sessions.list(),
      create: ({ walletId, ...options }) => sessions.create(walletId, options),
      refresh: ({ walletId, sessionId }) => sessions.refresh(walletId, sessionId),
      revoke: async ({ walletId, sessionId }) => {
        await sessions.revoke(walletId, sessionId);
        return { done: true as const };
      },
      revokeAll: async ({ walletId }) => ({ revoked: await sessions.revokeAll(walletId) }),
    },
  };
}
