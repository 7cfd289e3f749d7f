// An account's newest finished triggers, read in one or two requests. The exchange pages finalisations oldest
// first, so the newest are on the last page; walking there from the first page on every re-read cost a
// request per page of history. The history only grows, so the walk is remembered per account: where the last
// page starts and the newest rows before it. A re-read starts at that page (one request) and goes on only if
// it filled and a new page began (two).
import type { ExchangeClient } from '../exchange/exchange-client';

type Finalisation = Awaited<ReturnType<ExchangeClient['triggerFinalisations']>>['items'][number];

/** How many finished triggers the view shows: the newest ones. */
export const FINISHED_TRIGGERS_SHOWN = 50;
/** Bounds one walk through a very long history; beyond it the newest pages are not reached. */
const MAX_PAGES_PER_READ = 200;
/** what the exchange may return in one page */
const PAGE_SIZE = 255;

interface Walked {
  /** where the last page seen starts (undefined: the first page) */
  lastPage: string | undefined;
  /** rows seen on that page; the page can only grow, so fewer on a re-read means the history was reset */
  lastPageRows: number;
  /** the newest `keep` rows of the pages before it */
  before: Finalisation[];
}

export class FinishedTriggers {
  private readonly walked = new Map<number, Walked>();

  constructor(
    private readonly client: Pick<ExchangeClient, 'triggerFinalisations'>,
    /** how many of the newest rows a read returns */
    private readonly keep: number,
  ) {}

  /** The account's newest finished triggers, oldest first. */
  async newest(accountId: number): Promise<Finalisation[]> {
    const remembered = this.walked.get(accountId);
    if (remembered) {
      const rows = await this.walk(accountId, remembered);
      if (rows) return rows;
    }
    // first read, or the exchange's history is not the one remembered: from the first page
    return (await this.walk(accountId, { lastPage: undefined, lastPageRows: 0, before: [] }))!;
  }

  /** Walks from `from` to the last page; null when the history no longer matches what was remembered. */
  private async walk(accountId: number, from: Walked): Promise<Finalisation[] | null> {
    let cursor = from.lastPage;
    let before = from.before;
    for (let page = 0; page < MAX_PAGES_PER_READ; page += 1) {
      const result = await this.client.triggerFinalisations(accountId, {
        pageSize: PAGE_SIZE,
        ...(cursor !== undefined ? { startInclusive: cursor } : {}),
      });
      if (page === 0 && result.items.length < from.lastPageRows) {
        this.walked.delete(accountId);
        return null;
      }
      const rows = [...before, ...result.items].slice(-this.keep);
      if (!result.nextStartInclusive || page === MAX_PAGES_PER_READ - 1) {
        this.walked.set(accountId, { lastPage: cursor, lastPageRows: result.items.length, before });
        return rows;
      }
      before = rows;
      cursor = result.nextStartInclusive;
    }
    return null; // not reached: the loop returns on its last page
  }
}
