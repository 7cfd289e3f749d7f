// The portfolio's reads for one unlock attempt start as it begins, for the wallets of that moment: what they
// read is offered once it is all read (waited for, up to a limit), only while the wallets are still those,
// and a failed read is not offered at all. The portfolio read itself, paced, with its equity samples, is
// tested through the core in tests/integration/paced-portfolio.test.ts.
import { describe, expect, it, vi } from 'vitest';
import { prefetchPortfolio, type PortfolioReads } from '../../../../src/main/portfolio/portfolio';

const W1 = { walletId: 'w1', publicKey: 'PK1', label: 'One', createdAt: 1 };
const W2 = { walletId: 'w2', publicKey: 'PK2', label: 'Two', createdAt: 2 };

function services() {
  const reads: string[] = [];
  let answer: (() => void) | null = null;
  let fail = false;
  const wallets = [W1];
  const unused = () => Promise.reject(new Error('not read here'));
  const s: PortfolioReads = {
    wallets: { list: () => [...wallets] },
    client: {
      walletAccounts: async (publicKey: string) => {
        reads.push(publicKey);
        // each read waits for the test to let the exchange answer
        await new Promise<void>((resolve) => (answer = resolve));
        if (fail) throw new Error('exchange unreachable');
        return [];
      },
      account: unused,
      pnlSummary: unused,
    },
    lock: { state: () => ({ status: 'unlocked' }) },
    equity: { record: () => {}, series: () => [] },
    watcher: { watch: () => {} },
    progress: () => {},
  };
  const settle = async () => {
    answer?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { s, reads, wallets, settle, failReads: () => (fail = true) };
}

describe('the portfolio read started by an unlock attempt', () => {
  it('reads at once, for the wallets of that moment, and is offered once it is all read', async () => {
    const { s, reads, wallets, settle } = services();
    const prefetch = prefetchPortfolio(s)!;
    wallets.push(W2); // taken before anything was awaited: the read is of W1 alone
    expect(reads).toEqual(['PK1']);
    wallets.pop();
    let offered: unknown = 'not yet';
    const waiting = prefetch.settled(1_000).then((holdings) => (offered = holdings));
    await new Promise((resolve) => setImmediate(resolve));
    expect(offered).toBe('not yet'); // waited for, while the exchange has not answered
    await settle();
    await waiting;
    expect(offered).toEqual([{ wallet: W1, registered: true, accounts: [], equity: 0n }]);
  });

  it('is given up once the wait is over: a read still under way then is not offered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { s } = services();
      const prefetch = prefetchPortfolio(s)!;
      const waiting = prefetch.settled(1_000);
      vi.advanceTimersByTime(999);
      let offered: unknown = 'not yet';
      void waiting.then((holdings) => (offered = holdings));
      await Promise.resolve();
      expect(offered).toBe('not yet');
      vi.advanceTimersByTime(1);
      expect(await waiting).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not offered when the wallets changed since it started (one added, or one renamed)', async () => {
    const { s, wallets, settle } = services();
    const prefetch = prefetchPortfolio(s)!;
    await settle();
    wallets.push(W2);
    expect(await prefetch.settled(1_000)).toBeNull();
    wallets.pop();
    wallets[0] = { ...W1, label: 'Renamed' };
    expect(await prefetch.settled(1_000)).toBeNull();
    wallets[0] = W1;
    expect(await prefetch.settled(1_000)).not.toBeNull();
  });

  it('is not offered when its read failed', async () => {
    const { s, settle, failReads } = services();
    failReads();
    const prefetch = prefetchPortfolio(s)!;
    await settle();
    expect(await prefetch.settled(1_000)).toBeNull();
  });

  it('reads nothing without wallets', () => {
    const { s, reads, wallets } = services();
    wallets.length = 0;
    expect(prefetchPortfolio(s)).toBeNull();
    expect(reads).toEqual([]);
  });
});
