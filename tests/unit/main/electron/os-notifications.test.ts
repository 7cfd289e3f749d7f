// In Electron, notices also go to the operating system, through Electron's Notification in the main process;
// off in Settings, they stay in the window. Run against the stand-in electron module
// (tests/support/electron-stand-in.ts), as the entry's own tests are.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { electronStandIn } from '../../../support/electron-stand-in';
import { createEventBus } from '../../../../src/main/events';
import type { MarketsInfo } from '../../../../src/shared/exchange/info';
import { formatTimeOfDay } from '../../../../src/shared/time';

const INFO = {
  tokens: [{ tokenId: 0, symbol: 'USDC', name: 'USD Coin', decimals: 6, mint: 'm' }],
  quoteTokenId: 0,
  markets: [],
} as unknown as MarketsInfo;

async function load() {
  const s = electronStandIn(true);
  vi.resetModules();
  vi.doMock('electron', () => ({ ...s.electron, default: s.electron }));
  const { forwardToOs } = await import('../../../../src/main/electron/os-notifications');
  return { ...s, forwardToOs };
}

afterEach(() => {
  vi.doUnmock('electron');
});

describe('notifications to the operating system', () => {
  it('name an account by its local name, with its number, as the window does', async () => {
    const { forwardToOs, shown } = await load();
    const events = createEventBus();
    forwardToOs(events, {
      enabled: () => true,
      info: async () => INFO,
      accountNames: () => [{ accountId: 4, name: 'Trading' }],
    });
    events.emit('accountUpdate', { accountId: 4, updateId: 9, type: 'liquidated' });
    events.emit('accountUpdate', { accountId: 5, updateId: 9, type: 'fill' });
    await vi.waitFor(() => expect(shown).toHaveLength(2));
    expect(shown.map((n) => n.body)).toEqual([
      'Trading (account 4) fell below its maintenance margin: its orders were cancelled and its positions closed.',
      'A resting order of account 5 was filled. Positions and balances are updated.',
    ]);
  });

  it('a credited deposit and a liquidation are told in the same words as in the window', async () => {
    const { forwardToOs, shown } = await load();
    const events = createEventBus();
    forwardToOs(events, { enabled: () => true, info: async () => INFO, accountNames: () => [] });
    events.emit('depositStatus', {
      depositId: 'd1',
      walletId: '00000000-0000-4000-8000-000000000000',
      tokenId: 0,
      amount: 25_000_000n,
      txId: null,
      accountId: 4,
      status: 'credited',
    });
    events.emit('accountUpdate', { accountId: 4, updateId: 9, type: 'liquidated' });
    // an event with nothing to tell, and the app's own status, are not notified
    events.emit('accountUpdate', { accountId: 4, updateId: 10, type: 'resync' });
    events.emit('exchangeStatus', { connected: true } as never);
    await vi.waitFor(() => expect(shown).toHaveLength(2));
    expect(shown).toEqual(
      expect.arrayContaining([
        { title: 'Deposit credited', body: '25.00 USDC arrived in account 4.' },
        {
          title: 'Account liquidated',
          body: 'Account 4 fell below its maintenance margin: its orders were cancelled and its positions closed.',
        },
      ]),
    );
  });

  it('a session made elsewhere is told of once, naming its wallet, the session and when it was made', async () => {
    const { forwardToOs, shown } = await load();
    const events = createEventBus();
    forwardToOs(events, { enabled: () => true, info: async () => INFO, accountNames: () => [] });
    const now = Math.floor(Date.now() / 1000);
    const stranger = {
      walletId: '00000000-0000-4000-8000-000000000000',
      walletLabel: 'Savings',
      walletPublicKey: '11111111111111111111111111111111',
      sessionId: '42',
      sessionKey: '11111111111111111111111111111112',
      expiry: 1_800_000_000,
      noticed: { at: now, after: now - 3 },
    };
    // a change with no stranger in it (a session made or ended here) is the window's business only
    events.emit('sessionsChanged', { walletId: stranger.walletId, strangers: [] });
    events.emit('sessionsChanged', { walletId: stranger.walletId, strangers: [stranger] });
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    const time = (seconds: number) => formatTimeOfDay(seconds * 1000);
    expect(shown[0]).toEqual({
      title: 'New session of Savings, not made on this device',
      body: `Session #42 was made between ${time(now - 3)} and ${time(now)}. If you did not make it on another device, the wallet key has leaked: run the wallet-key drill.`,
    });
  });

  it('turned off in Settings, nothing goes to the operating system, and turning it on takes effect at once', async () => {
    const { forwardToOs, shown } = await load();
    const events = createEventBus();
    let enabled = false;
    forwardToOs(events, { enabled: () => enabled, info: async () => INFO, accountNames: () => [] });
    events.emit('accountUpdate', { accountId: 4, updateId: 9, type: 'fill' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(shown).toEqual([]);
    enabled = true;
    events.emit('accountUpdate', { accountId: 4, updateId: 10, type: 'fill' });
    await vi.waitFor(() => expect(shown.map((n) => n.title)).toEqual(['Order filled']));
  });

  it('where the system has no notifications, none is attempted', async () => {
    const { forwardToOs, shown, Notification } = await load();
    Notification.isSupported.mockReturnValue(false);
    const events = createEventBus();
    forwardToOs(events, { enabled: () => true, info: async () => INFO, accountNames: () => [] });
    events.emit('accountUpdate', { accountId: 4, updateId: 9, type: 'fill' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(shown).toEqual([]);
  });
});
