// The session methods: the wallet a session is made for is said apart from how it is made; a revoke answers
// only once the exchange has ended it; revokeAll says how many it ended.
import { describe, expect, it } from 'vitest';
import { createSessions, type SessionsDeps } from '../../../../src/main/sessions/slice';
import type { SessionView } from '../../../../src/main/sessions/session-manager';
import { AppFailure } from '../../../../src/shared/result';

const SESSION: SessionView = {
  walletId: 'w1',
  walletLabel: 'One',
  walletPublicKey: 'PK1',
  sessionId: '7',
  sessionKey: 'SK7',
  label: 'Laptop',
  expiry: 2_000,
  refreshDeadline: null,
  createdAt: 1_000,
  lastUsed: null,
  createdHere: true,
  demo: false,
  status: 'active',
  noticed: null,
};

function sessions(overrides: Partial<SessionsDeps['sessions']> = {}) {
  const asked: unknown[][] = [];
  const fake: SessionsDeps['sessions'] = {
    list: async () => [SESSION],
    create: async (walletId, options) => (asked.push(['create', walletId, options]), SESSION),
    refresh: async (walletId, sessionId) => (asked.push(['refresh', walletId, sessionId]), SESSION),
    revoke: async (walletId, sessionId) => void asked.push(['revoke', walletId, sessionId]),
    revokeAll: async (walletId) => (asked.push(['revokeAll', walletId]), 3),
    ...overrides,
  };
  return { asked, handlers: createSessions({ sessions: fake }).handlers };
}

describe('the session methods', () => {
  it('makes a session for the wallet named, with the options as given', async () => {
    const { asked, handlers } = sessions();
    const options = { label: 'Laptop', expiresInSeconds: 3_600, refreshDeadlineSeconds: 600 };
    expect(await handlers.create({ walletId: 'w1', ...options })).toEqual(SESSION);
    expect(asked).toEqual([['create', 'w1', options]]);
  });

  it('revokes one session and says it is done; revokeAll says how many it ended', async () => {
    const { asked, handlers } = sessions();
    expect(await handlers.revoke({ walletId: 'w1', sessionId: '7' })).toEqual({ done: true });
    expect(await handlers.revokeAll({ walletId: 'w1' })).toEqual({ revoked: 3 });
    expect(asked).toEqual([
      ['revoke', 'w1', '7'],
      ['revokeAll', 'w1'],
    ]);
  });

  it('a revoke the exchange refuses is not answered as done', async () => {
    const { handlers } = sessions({
      revoke: () => Promise.reject(new AppFailure('EXCHANGE_REJECTED', 'no such session')),
    });
    await expect(handlers.revoke({ walletId: 'w1', sessionId: '8' })).rejects.toMatchObject({
      code: 'EXCHANGE_REJECTED',
    });
  });
});
