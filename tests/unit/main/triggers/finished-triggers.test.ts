// An account's newest finished triggers in one or two requests: the walk to the last page of the exchange's
// history (oldest first, paged by a cursor) is remembered per account. The exchange here is a stand-in with
// the same paging rules (pages of at most 50, a cursor to the next page while there is one), so every page
// boundary can be reached exactly.
import { describe, expect, it } from 'vitest';
import { FinishedTriggers } from '../../../../src/main/triggers/finished-triggers';
import type { ExchangeClient } from '../../../../src/main/exchange/exchange-client';

type Row = Awaited<ReturnType<ExchangeClient['triggerFinalisations']>>['items'][number];
const EXCHANGE_PAGE = 50;

function exchange() {
  const histories = new Map<number, Row[]>();
  const requests: { accountId: number; startInclusive?: string }[] = [];
  const row = (n: number) => ({ triggerId: BigInt(n) }) as unknown as Row;
  return {
    requests,
    finish(accountId: number, count: number) {
      const list = histories.get(accountId) ?? [];
      for (let i = 0; i < count; i += 1) list.push(row(list.length + 1));
      histories.set(accountId, list);
    },
    reset(accountId: number) {
      histories.delete(accountId);
    },
    client: {
      triggerFinalisations: async (
        accountId: number,
        query: { startInclusive?: string; pageSize?: number } = {},
      ) => {
        requests.push({
          accountId,
          ...(query.startInclusive ? { startInclusive: query.startInclusive } : {}),
        });
        const list = histories.get(accountId) ?? [];
        const start = Number(query.startInclusive ?? 0);
        const end = start + Math.min(query.pageSize ?? EXCHANGE_PAGE, EXCHANGE_PAGE);
        return {
          items: list.slice(start, end),
          ...(end < list.length ? { nextStartInclusive: String(end) } : {}),
        };
      },
    },
  };
}

const ids = (rows: Row[]) => rows.map((r) => Number(r.triggerId));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('finished triggers', () => {
  it('walks the whole history once, then re-reads from the last page in one request', async () => {
    const ex = exchange();
    ex.finish(7, 1_234);
    const finished = new FinishedTriggers(ex.client, 50);
    expect(ids(await finished.newest(7))).toEqual(range(1_185, 1_234));
    expect(ex.requests).toHaveLength(25);

    ex.requests.length = 0;
    expect(ids(await finished.newest(7))).toEqual(range(1_185, 1_234));
    expect(ex.requests).toEqual([{ accountId: 7, startInclusive: '1200' }]);
  });

  it('keeps the newest when the history grows within the last page and past it', async () => {
    const ex = exchange();
    ex.finish(7, 120);
    const finished = new FinishedTriggers(ex.client, 50);
    await finished.newest(7);

    ex.finish(7, 3); // 123: still on the page that starts at 100
    ex.requests.length = 0;
    expect(ids(await finished.newest(7))).toEqual(range(74, 123));
    expect(ex.requests).toHaveLength(1);

    ex.finish(7, 40); // 163: the page at 100 filled and one at 150 began
    ex.requests.length = 0;
    expect(ids(await finished.newest(7))).toEqual(range(114, 163));
    expect(ex.requests).toEqual([
      { accountId: 7, startInclusive: '100' },
      { accountId: 7, startInclusive: '150' },
    ]);
    ex.requests.length = 0;
    expect(ids(await finished.newest(7))).toEqual(range(114, 163));
    expect(ex.requests).toHaveLength(1);
  });

  it('keeps the newest when fewer than a page of rows came before the last page', async () => {
    const ex = exchange();
    ex.finish(3, 50); // exactly one full page: the first page is the last
    const finished = new FinishedTriggers(ex.client, 60);
    expect(ids(await finished.newest(3))).toEqual(range(1, 50));
    ex.finish(3, 15);
    expect(ids(await finished.newest(3))).toEqual(range(6, 65));
  });

  it('remembers each account on its own', async () => {
    const ex = exchange();
    ex.finish(1, 75);
    ex.finish(2, 5);
    const finished = new FinishedTriggers(ex.client, 50);
    expect(ids(await finished.newest(1))).toEqual(range(26, 75));
    expect(ids(await finished.newest(2))).toEqual(range(1, 5));
    ex.requests.length = 0;
    expect(ids(await finished.newest(2))).toEqual(range(1, 5));
    expect(ex.requests).toEqual([{ accountId: 2 }]);
  });

  it('walks again from the first page when the history shrank (an exchange that was reset)', async () => {
    const ex = exchange();
    ex.finish(7, 130);
    const finished = new FinishedTriggers(ex.client, 50);
    await finished.newest(7);
    ex.reset(7);
    ex.finish(7, 20);
    expect(ids(await finished.newest(7))).toEqual(range(1, 20));
    ex.reset(7);
    expect(ids(await finished.newest(7))).toEqual([]);
  });
});
