// The portfolio and history methods: an account looked up by id is told as existing, as one of the person's
// own, and as sent to before; a wallet's accounts are none when the exchange does not know it; a page of
// history asks the exchange for the window given (in its RFC3339), and a window starting after the
// exchange's now is refused before anything is asked.
import { describe, expect, it } from 'vitest';
import {
  createHistory,
  createPortfolio,
  type HistoryDeps,
  type PortfolioDeps,
} from '../../../../src/main/portfolio/slice';
import { AppFailure } from '../../../../src/shared/result';

const OWN = { walletId: 'w1', label: 'One', publicKey: 'PK1', createdAt: 1 };

function portfolioSlice() {
  const refused = () => Promise.reject(new Error('not called here'));
  const deps: PortfolioDeps = {
    client: {
      walletAccounts: refused,
      account: refused,
      pnlSummary: refused,
      marketHours: refused,
      marketStats: refused,
      // accounts 3 (the person's) and 4 (someone else's) exist
      accountExists: async (accountId) => accountId === 3 || accountId === 4,
      user: async (address) => (address === 'PK1' ? { accountIds: [3], sessions: [] } : null),
    },
    accountReads: { read: refused },
    ownership: { accountOwner: async (accountId) => (accountId === 3 ? OWN : null) },
    addressBook: { usedRecipient: (accountId) => accountId === 4 },
    info: refused,
    wallets: { list: () => [OWN] },
    lock: { state: () => ({ status: 'unlocked' }) },
    equity: { record: () => {}, series: () => [] },
    watcher: { watch: () => {} },
    progress: () => {},
  };
  return createPortfolio(deps).handlers;
}

describe('the portfolio methods', () => {
  it('looks an account up: whether it exists, whose it is, and whether money was sent to it before', async () => {
    const handlers = portfolioSlice();
    expect(await handlers.lookupAccount({ accountId: 3 })).toEqual({
      exists: true,
      ownWalletId: 'w1',
      sentBefore: false,
    });
    expect(await handlers.lookupAccount({ accountId: 4 })).toEqual({
      exists: true,
      ownWalletId: null,
      sentBefore: true,
    });
    expect(await handlers.lookupAccount({ accountId: 5 })).toEqual({
      exists: false,
      ownWalletId: null,
      sentBefore: false,
    });
  });

  it("lists an address's accounts, none for one the exchange does not know", async () => {
    const handlers = portfolioSlice();
    expect(await handlers.accountsOf({ address: 'PK1' })).toEqual({ accountIds: [3] });
    expect(await handlers.accountsOf({ address: 'Stranger' })).toEqual({ accountIds: [] });
  });
});

describe('the history methods', () => {
  const NOW = 1_800_000_000;
  function historySlice() {
    const asked: unknown[][] = [];
    const deps: HistoryDeps = {
      client: {
        history: async (accountId, kind, query) => {
          asked.push([accountId, kind, query]);
          throw new AppFailure('EXCHANGE_UNREACHABLE', 'The exchange did not answer.');
        },
      },
      clock: { seconds: async () => BigInt(NOW) },
    };
    return { asked, handlers: createHistory(deps).handlers };
  }

  it("asks for the page and window given, the window's ends in RFC3339, and passes the exchange's failure on", async () => {
    const { asked, handlers } = historySlice();
    await expect(
      handlers.page({
        accountId: 3,
        kind: 'pnl',
        startInclusive: '1:0:0',
        pageSize: 10,
        since: NOW - 60,
        until: NOW,
      }),
    ).rejects.toMatchObject({ code: 'EXCHANGE_UNREACHABLE' });
    await expect(handlers.page({ accountId: 3, kind: 'deposit' })).rejects.toThrow();
    expect(asked).toEqual([
      [
        3,
        'pnl',
        {
          startInclusive: '1:0:0',
          pageSize: 10,
          since: '2027-01-15T07:59:00Z',
          until: '2027-01-15T08:00:00Z',
        },
      ],
      [3, 'deposit', {}],
    ]);
  });

  it("refuses a window that starts after the exchange's now, without asking it", async () => {
    const { asked, handlers } = historySlice();
    await expect(handlers.page({ accountId: 3, kind: 'pnl', since: NOW + 60 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(asked).toEqual([]);
  });

  it("answers the exchange's now in seconds", async () => {
    expect(await historySlice().handlers.now(undefined)).toEqual({ seconds: NOW });
  });
});
