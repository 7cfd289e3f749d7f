// The All activity feed reads what it shows, not every page: an account with hundreds of transfers from
// weeks ago and a few from today, on a real devnet whose clock is set back while the old history is made.
// The feed's own queries (the ones its hook runs, cached by their keys as React Query caches them) are run
// through the app's history.page, every request counted.
import { afterAll, describe, expect, it } from 'vitest';
import { startDevnet } from '../../src/devnet/server';
import {
  olderQueries,
  readEverything,
  shouldExtend,
  sliceQueries,
  type PageQuery,
  type ReadPage,
  type Rows,
  type Slice,
} from '../../src/renderer/src/components/history/activity-window';
import { HISTORY_KINDS, type HistoryKind } from '../../src/shared/exchange/history';
import { Trader } from '../e2e/support/trader';
import { PASSPHRASE, startApp, type TestApp } from './support/app';

const USDC = 0;
const DAY_MS = 86_400_000;
const OLD = 300;
const RECENT = 12;
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** The feed at one step of its window, with a query cache keyed as React Query keys it. */
function feed(read: ReadPage, accountId: number, anchor: number) {
  const cache = new Map<string, unknown>();
  const run = async <T>(queries: { queryKey: readonly unknown[]; queryFn: () => Promise<T> }[]) => {
    for (const q of queries) {
      const key = JSON.stringify(q.queryKey);
      if (!cache.has(key)) cache.set(key, await q.queryFn());
    }
    return queries.map((q) => cache.get(JSON.stringify(q.queryKey)) as T);
  };
  return async (step: number) => {
    const slices = sliceQueries(
      read,
      [accountId],
      anchor,
      step,
      (key) => cache.get(JSON.stringify(key)) as Slice | undefined,
    );
    const rows = await run(slices);
    const older = await run(olderQueries(read, [accountId], anchor, step));
    const of = (kind: HistoryKind) =>
      slices.flatMap((q, i): Rows => (q.kind === kind ? rows[i]!.rows : [])) as {
        id: string;
        time: number;
      }[];
    return { of, olderExists: older.some(Boolean), lines: rows.reduce((n, r) => n + r.rows.length, 0) };
  };
}

describe('the All activity feed', () => {
  let app: TestApp;

  it('reads only the recent window, shows the newest rows, and reaches older ones on "Show older"', async () => {
    let offset = -40 * DAY_MS;
    const devnet = await startDevnet({
      config: { depositDelayMs: 100 },
      clock: { nowMs: () => Date.now() + offset },
    });
    cleanup.push(() => devnet.close());
    const trader = new Trader(devnet.baseUrl, 'activity-window', devnet.rpcUrl);
    // forty days ago: a deposit and hundreds of transfers out
    const account = await trader.deposit(USDC, 1_000_000_000n);
    await trader.createSession();
    const other = await trader.transfer({ fromAccountId: account, tokenId: USDC, amount: 1n });
    for (let i = 1; i < OLD; i += 1)
      await trader.transfer({ fromAccountId: account, tokenId: USDC, amount: 1n, toAccountId: other });
    // today: a few more
    offset = 0;
    await trader.createSession();
    for (let i = 0; i < RECENT; i += 1)
      await trader.transfer({ fromAccountId: account, tokenId: USDC, amount: 2n, toAccountId: other });

    app = await startApp({ baseUrl: devnet.baseUrl, rpcUrl: devnet.rpcUrl });
    cleanup.push(() => app.close());
    await app.ok('lock.setup', { passphrase: PASSPHRASE });
    const requests: PageQuery[] = [];
    const read: ReadPage = (query) => {
      requests.push(query);
      return app.ok('history.page', query);
    };
    // the whole transfer history, page after page, as the feed used to read every kind
    const everything: { id: string }[] = [];
    let cursor: string | undefined;
    let fullPages = 0;
    do {
      const page = await app.ok('history.page', {
        accountId: account,
        kind: 'transfer',
        pageSize: 50,
        ...(cursor ? { startInclusive: cursor } : {}),
      });
      fullPages += 1;
      everything.push(...(page.items as { id: string }[]));
      cursor = page.nextStartInclusive;
    } while (cursor);
    expect(everything).toHaveLength(OLD + RECENT);
    expect(fullPages).toBe(Math.ceil((OLD + RECENT) / 50));

    const anchor = Math.floor(Date.now() / 1000);
    const at = feed(read, account, anchor);
    const opened = await at(0);
    // one page and one row's look further back per kind: the old history is not read
    expect(requests).toHaveLength(2 * HISTORY_KINDS.length);
    expect(requests.filter((q) => q.kind === 'transfer')).toHaveLength(2);
    expect(opened.lines).toBe(RECENT);
    expect(opened.of('transfer').map((r) => r.id)).toEqual(everything.slice(-RECENT).map((r) => r.id));
    expect(opened.olderExists).toBe(true);
    expect(shouldExtend(opened.lines, opened.olderExists)).toBe(false);

    // the export, asked for with only the last day on screen, still saves every row since the beginning
    const beforeExport = requests.length;
    const exported = await readEverything(read, [account]);
    expect(exported.map((p) => p.kind)).toEqual([...HISTORY_KINDS]);
    const exportedTransfers = exported.find((p) => p.kind === 'transfer')!.rows as readonly { id: string }[];
    expect(exportedTransfers.map((r) => r.id).sort()).toEqual(everything.map((r) => r.id).sort());
    requests.length = beforeExport; // the feed's own reads are counted below, not the export's

    // "Show older", step by step: a week, a month (nothing more yet), a quarter: the old rows, once
    let step = 0;
    let shown = opened;
    while (shown.olderExists) {
      step += 1;
      const before = requests.length;
      shown = await at(step);
      // each step reads only its own slice and looks once further back
      const slice = requests.slice(before).filter((q) => q.pageSize !== 1);
      expect(slice.every((q) => q.until !== undefined)).toBe(true);
    }
    expect(step).toBe(3);
    expect(
      shown
        .of('transfer')
        .map((r) => r.id)
        .sort(),
    ).toEqual(everything.map((r) => r.id).sort());
    expect(shown.of('deposit')).toHaveLength(1);
    // every old transfer was read exactly once, in the quarter's slice
    const transferPages = requests.filter((q) => q.kind === 'transfer' && q.pageSize !== 1);
    expect(transferPages).toHaveLength(step + Math.ceil(OLD / 50));

    // live updates: today's slice is read again from its last page on, with the devnet's own cursors
    let held: Slice | undefined;
    const newest = async () => {
      const query = sliceQueries(read, [account], anchor, 0, () => held).find((q) => q.kind === 'transfer')!;
      held = await query.queryFn();
      return held.rows as readonly { id: string }[];
    };
    const whole = async () =>
      (
        await sliceQueries(read, [account], anchor, 0)
          .find((q) => q.kind === 'transfer')!
          .queryFn()
      ).rows as readonly { id: string }[];
    await newest();
    for (let i = 0; i < 60; i += 1)
      await trader.transfer({ fromAccountId: account, tokenId: USDC, amount: 3n, toAccountId: other });
    expect((await newest()).map((r) => r.id)).toEqual((await whole()).map((r) => r.id));
    expect(held!.rows).toHaveLength(RECENT + 60);
    expect(held!.pages).toHaveLength(2);
    await trader.transfer({ fromAccountId: account, tokenId: USDC, amount: 3n, toAccountId: other });
    const before = requests.length;
    const live = await newest();
    expect(requests.slice(before)).toEqual([
      expect.objectContaining({ kind: 'transfer', startInclusive: held!.pages[1]!.start }),
    ]);
    expect(live.map((r) => r.id)).toEqual((await whole()).map((r) => r.id));
    expect(live).toHaveLength(RECENT + 61);
  });

  it("anchors on the exchange's clock: a computer days ahead of it still reads the exchange's last day", async () => {
    const behind = 3 * DAY_MS;
    const devnet = await startDevnet({ clock: { nowMs: () => Date.now() - behind } });
    cleanup.push(() => devnet.close());
    const trader = new Trader(devnet.baseUrl, 'activity-clock', devnet.rpcUrl);
    const account = await trader.deposit(USDC, 1_000_000n);
    await trader.createSession();
    await trader.transfer({ fromAccountId: account, tokenId: USDC, amount: 1n });
    const skewed = await startApp({ baseUrl: devnet.baseUrl, rpcUrl: devnet.rpcUrl });
    cleanup.push(() => skewed.close());
    await skewed.ok('lock.setup', { passphrase: PASSPHRASE });
    const read: ReadPage = (query) => skewed.ok('history.page', query);

    const { seconds } = await skewed.ok('history.now', undefined);
    expect(Math.abs(seconds * 1000 - (Date.now() - behind))).toBeLessThan(5_000);
    const shown = await feed(read, account, seconds)(0);
    expect(shown.of('transfer').map((r) => r.id)).toEqual([expect.stringContaining(':')]);
    expect(shown.of('deposit')).toHaveLength(1);
    // anchored on this computer's clock, the window would start after the exchange's now: refused as such
    await expect(feed(read, account, Math.floor(Date.now() / 1000))(0)).rejects.toThrow(
      /INVALID_ARGUMENT history\.page: since: must not be after the exchange’s current time/,
    );
  });
});
