// What the account streams vouch for is not read again: a read made on the live connection answers again
// until the account's stream says it changed, the connection drops, or the account is no longer followed;
// a read begun before the connection opened (it may miss an update sent before the subscription) is never
// kept, and a wallet's account list is kept for minutes, less once one of its accounts changed.
import { describe, expect, it } from 'vitest';
import { LiveReads } from '../../../../src/main/exchange/live-reads';

/** a read that counts how often it went to the exchange */
function counter() {
  let n = 0;
  return {
    read: async () => ++n,
    get count() {
      return n;
    },
  };
}

function followed(ids: number[]): LiveReads {
  const live = new LiveReads();
  live.follow(ids);
  live.connectionChanged(ids, true);
  return live;
}

describe('reads of a followed account on the live connection', () => {
  it('answer again from what was read until its stream says it changed', async () => {
    const live = followed([7]);
    const exchange = counter();
    expect(await live.read('account', 7, exchange.read)).toBe(1);
    expect(await live.read('account', 7, exchange.read)).toBe(1);
    live.changed(7);
    expect(await live.read('account', 7, exchange.read)).toBe(2);
    expect(exchange.count).toBe(2);
  });

  it('are read again once their connection dropped, and not kept while it is down', async () => {
    const live = followed([7]);
    const exchange = counter();
    await live.read('account', 7, exchange.read);
    live.connectionChanged([7], false);
    await live.read('account', 7, exchange.read);
    await live.read('account', 7, exchange.read);
    expect(exchange.count).toBe(3);
  });

  it('are kept per connection: one dropped leaves the accounts of the others vouched for', async () => {
    const live = followed([7, 8]);
    const exchange = counter();
    await live.read('account', 7, exchange.read);
    await live.read('account', 8, exchange.read);
    live.connectionChanged([8], false);
    expect(await live.read('account', 7, exchange.read)).toBe(1);
    expect(await live.read('account', 8, exchange.read)).toBe(3);
  });

  it('are not kept for an account no stream follows, nor when read fresh (a resync)', async () => {
    const live = followed([7]);
    const exchange = counter();
    await live.read('account', 8, exchange.read);
    await live.read('account', 8, exchange.read);
    await live.read('account', 7, exchange.read);
    expect(await live.read('account', 7, exchange.read, { fresh: true })).toBe(4);
    expect(await live.read('account', 7, exchange.read)).toBe(4);
  });

  it('are not kept when begun before the connection opened', async () => {
    const live = new LiveReads();
    live.follow([7]);
    const exchange = counter();
    const early = live.read('account', 7, exchange.read);
    live.connectionChanged([7], true);
    await early;
    await live.read('account', 7, exchange.read);
    expect(exchange.count).toBe(2);
  });

  it('keep only what `keep` accepts, and never a failed read', async () => {
    const live = followed([7]);
    let n = 0;
    const holdings = async () => (++n === 1 ? ['a holding'] : []);
    await live.read('vaultHoldings', 7, holdings, { keep: (h) => h.length === 0 });
    await live.read('vaultHoldings', 7, holdings, { keep: (h) => h.length === 0 });
    await live.read('vaultHoldings', 7, holdings, { keep: (h) => h.length === 0 });
    expect(n).toBe(2);
    await expect(live.read('pnl', 7, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await live.read('pnl', 7, async () => 'read again')).toBe('read again');
  });
});

describe("a wallet's account list", () => {
  it('is kept for minutes, and dropped when one of its accounts changed', () => {
    let now = 0;
    const live = new LiveReads(() => now);
    live.connectionChanged([7, 8, 9, 10], true);
    live.accountListRead('PK', [7, 8]);
    now = 60_000;
    expect(live.accountList('PK')).toEqual([7, 8]);
    live.changed(9);
    expect(live.accountList('PK')).toEqual([7, 8]);
    live.changed(8);
    expect(live.accountList('PK')).toBeNull();
    // nor while one of its accounts' connection is down
    live.accountListRead('PK', [7, 8]);
    live.connectionChanged([8], false);
    expect(live.accountList('PK')).toBeNull();
    live.connectionChanged([8], true);
    live.accountListRead('PK', [7, 8, 10]);
    now += 5 * 60_000 + 1;
    expect(live.accountList('PK')).toBeNull();
  });
});
