// An account's live updates put its newest figures in the cached portfolio, and a burst of updates does not
// queue a read for each: while one read is under way, any number of updates make one more, whose figures are
// the ones drawn. Through a real QueryClient; the reads are ones the test answers when it chooses.
import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Portfolio } from '../../../../src/shared/portfolio-merge';

vi.mock('../../../../src/renderer/src/bridge/wallet', () => ({ wallet: {}, unwrap: vi.fn() }));
const { accountRefresher } = await import('../../../../src/renderer/src/hooks/portfolio-patch');

const keys = { portfolio: ['portfolio'], account: (id: number) => ['account', id] };

const view = (accountId: number, equity: bigint, updateId: number) => ({
  accountId,
  name: null,
  balances: [],
  equity,
  freeCollateral: equity,
  initialRequirement: 0n,
  maintenanceRequirement: 0n,
  healthBps: null,
  healthLevel: 'none' as const,
  positions: [],
  openOrders: [],
  updateId,
});

function portfolioOf(...accounts: ReturnType<typeof view>[]): Portfolio {
  return {
    wallets: [
      {
        wallet: { id: 'w1', label: 'Main', publicKey: 'x' },
        registered: true,
        accounts,
        equity: accounts.reduce((s, a) => s + a.equity, 0n),
      },
    ],
    equity: accounts.reduce((s, a) => s + a.equity, 0n),
  } as unknown as Portfolio;
}

/** Reads answered by the test, in the order it chooses; the exchange's figures at the time each read is answered. */
function exchange() {
  const waiting: { accountId: number; answer: () => void }[] = [];
  const figures = new Map<number, { equity: bigint; updateId: number }>();
  const read = vi.fn(
    (accountId: number) =>
      new Promise<ReturnType<typeof view> & { owner: string; walletId: string; walletLabel: string }>(
        (resolve) =>
          waiting.push({
            accountId,
            answer: () => {
              const f = figures.get(accountId)!;
              resolve({
                ...view(accountId, f.equity, f.updateId),
                owner: 'x',
                walletId: 'w1',
                walletLabel: 'Main',
              });
            },
          }),
      ),
  );
  return {
    read,
    set: (accountId: number, equity: bigint, updateId: number) =>
      figures.set(accountId, { equity, updateId }),
    /** answers the oldest read waiting */
    answerNext: async () => {
      waiting.shift()!.answer();
      await new Promise((r) => setTimeout(r, 0));
    },
    waiting: () => waiting.length,
  };
}

const equityShown = (client: QueryClient, accountId: number) =>
  client.getQueryData<Portfolio>(keys.portfolio)!.wallets[0]!.accounts.find((a) => a.accountId === accountId)!
    .equity;

describe('an account refreshed on its live updates', () => {
  it('puts the read figures in the portfolio and sums the totals anew', async () => {
    const client = new QueryClient();
    client.setQueryData(keys.portfolio, portfolioOf(view(1, 100n, 1), view(2, 50n, 1)));
    const ex = exchange();
    const figures = accountRefresher(client, keys, ex.read);
    ex.set(1, 175n, 2);
    const done = figures.refresh(1);
    await ex.answerNext();
    await done;
    expect(equityShown(client, 1)).toBe(175n);
    expect(client.getQueryData<Portfolio>(keys.portfolio)!.equity).toBe(225n);
    expect(client.getQueryData(keys.account(1))).toMatchObject({ equity: 175n });
  });

  it('makes one more read for a burst of updates during a read, and draws the newest figures', async () => {
    const client = new QueryClient();
    client.setQueryData(keys.portfolio, portfolioOf(view(1, 100n, 1)));
    const ex = exchange();
    const figures = accountRefresher(client, keys, ex.read);
    ex.set(1, 101n, 2);
    const first = figures.refresh(1);
    // nine more updates while the first read is on its way
    const later: Promise<void>[] = [];
    for (let i = 0; i < 9; i += 1) later.push(figures.refresh(1));
    expect(ex.read).toHaveBeenCalledTimes(1);
    await ex.answerNext();
    expect(equityShown(client, 1)).toBe(101n);
    // the updates came after the first read left: the second read is what they wait for
    ex.set(1, 110n, 11);
    expect(ex.waiting()).toBe(1);
    await ex.answerNext();
    await Promise.all([first, ...later]);
    expect(ex.read).toHaveBeenCalledTimes(2);
    expect(equityShown(client, 1)).toBe(110n);
  });

  it('reads each account on its own: one account behind does not hold up another', async () => {
    const client = new QueryClient();
    client.setQueryData(keys.portfolio, portfolioOf(view(1, 100n, 1), view(2, 50n, 1)));
    const ex = exchange();
    const figures = accountRefresher(client, keys, ex.read);
    ex.set(1, 120n, 2);
    ex.set(2, 60n, 2);
    void figures.refresh(1);
    const second = figures.refresh(2);
    expect(ex.read).toHaveBeenCalledTimes(2);
    expect(ex.waiting()).toBe(2);
    await ex.answerNext();
    await ex.answerNext();
    await second;
    expect([equityShown(client, 1), equityShown(client, 2)]).toEqual([120n, 60n]);
  });

  it('after a failed read, the next update reads again', async () => {
    const client = new QueryClient();
    client.setQueryData(keys.portfolio, portfolioOf(view(1, 100n, 1)));
    let fail = true;
    const read = vi.fn(async (accountId: number) => {
      if (fail) throw new Error('exchange unreachable');
      return { ...view(accountId, 130n, 3), owner: 'x', walletId: 'w1', walletLabel: 'Main' };
    });
    const figures = accountRefresher(client, keys, read);
    await figures.refresh(1);
    expect(equityShown(client, 1)).toBe(100n);
    fail = false;
    await figures.refresh(1);
    expect(read).toHaveBeenCalledTimes(2);
    expect(equityShown(client, 1)).toBe(130n);
  });
});
