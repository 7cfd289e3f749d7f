// A group bound to the exchange answers through the slice made for the exchange connected now; while none
// is, every method fails with the one plain reason the app has always given, and none reaches a slice.
import { describe, expect, it } from 'vitest';
import { whenConnected } from '../../../src/main/when-connected';
import { createSessions, type SessionsDeps } from '../../../src/main/sessions/slice';

describe('a group bound to the exchange', () => {
  it('fails while nothing is connected, then goes to the slice of the exchange connected', async () => {
    let current: ReturnType<typeof createSessions>['handlers'] | null = null;
    const handlers = whenConnected('sessions', () => current);
    await expect(handlers.list(undefined)).rejects.toMatchObject({
      code: 'EXCHANGE_UNREACHABLE',
      message: 'Perpetua is not connected to an exchange yet.',
    });
    const revoked: string[] = [];
    const refused = () => Promise.reject(new Error('not called here'));
    const sessions: SessionsDeps['sessions'] = {
      list: async () => [],
      create: refused,
      refresh: refused,
      revoke: async (_walletId, sessionId) => void revoked.push(sessionId),
      revokeAll: async () => 0,
    };
    current = createSessions({ sessions }).handlers;
    expect(await handlers.list(undefined)).toEqual([]);
    expect(await handlers.revoke({ walletId: 'w1', sessionId: '7' })).toEqual({ done: true });
    expect(revoked).toEqual(['7']);
    current = null;
    await expect(handlers.revokeAll({ walletId: 'w1' })).rejects.toMatchObject({
      code: 'EXCHANGE_UNREACHABLE',
    });
  });

  it('leaves out the methods the composition answers itself', () => {
    const handlers = whenConnected('drills', () => null, ['compromised']);
    expect(Object.keys(handlers)).not.toContain('compromised');
    expect(Object.keys(handlers)).toContain('run');
  });
});
