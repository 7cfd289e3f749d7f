// The portfolio's reads start while the passphrase is checked and the first portfolio after the unlock uses
// them: nothing is answered before the unlock, a stale or failed read is not used, and a read is used once.
import { describe, expect, it } from 'vitest';
import { PortfolioPrefetch } from '../../../../src/main/portfolio/portfolio';
import type { Services } from '../../../../src/main/services';

function services() {
  const reads: string[] = [];
  let fail = false;
  const s = {
    connected: true,
    wallets: { list: () => [{ walletId: 'w', publicKey: 'PK', label: 'W' }] },
    client: {
      user: async () => {
        reads.push('user');
        if (fail) throw new Error('exchange unreachable');
        return { accountIds: [] };
      },
    },
  } as unknown as Services;
  return { s, reads, failNext: (value: boolean) => (fail = value) };
}

describe('the portfolio read started at unlock', () => {
  it('is used once by the first portfolio read, which then reads nothing more', async () => {
    const { s, reads } = services();
    let now = 0;
    const prefetch = new PortfolioPrefetch(s, () => now, 2_000);
    prefetch.start();
    expect(reads).toEqual(['user']);
    now = 500;
    expect(await prefetch.take()).toEqual([
      { wallet: s.wallets.list()[0], registered: true, accounts: [], equity: 0n },
    ]);
    expect(reads).toEqual(['user']);
    await prefetch.take(); // a second portfolio read reads afresh
    expect(reads).toEqual(['user', 'user']);
  });

  it('is not used when it is older than its limit, or when it failed', async () => {
    const { s, reads, failNext } = services();
    let now = 0;
    const prefetch = new PortfolioPrefetch(s, () => now, 2_000);
    prefetch.start();
    now = 2_001;
    await prefetch.take();
    expect(reads).toEqual(['user', 'user']);

    failNext(true);
    prefetch.start();
    await Promise.resolve();
    failNext(false);
    expect(await prefetch.take()).toHaveLength(1);
    expect(reads).toEqual(['user', 'user', 'user', 'user']);
  });

  it('reads nothing without an exchange or without wallets', () => {
    const { s, reads } = services();
    (s as { connected: boolean }).connected = false;
    new PortfolioPrefetch(s).start();
    expect(reads).toEqual([]);
  });
});
