// A live update's figures are read once: main starts the read when the update arrives and the window's
// request, which follows the event, joins it. Nobody gets figures older than their own read would give: a
// newer update starts a newer read, and a read that finished (or failed) is not handed out again.
import { describe, expect, it } from 'vitest';
import { FreshAccountReads } from '../../../../src/main/portfolio/fresh-reads';

/** reads that finish when the test says, each answering the number of the read */
function manualReads() {
  const started: { accountId: number; settle: (ok: boolean) => void }[] = [];
  const read = (accountId: number) =>
    new Promise<number>((resolve, reject) => {
      const n = started.length + 1;
      started.push({ accountId, settle: (ok) => (ok ? resolve(n) : reject(new Error(`read ${n} failed`))) });
    });
  return { started, read };
}

describe('reads of an account started by its live update', () => {
  it('the request after an update joins the read the update started', async () => {
    const { started, read } = manualReads();
    const reads = new FreshAccountReads(read);
    reads.updated(4);
    const asked = reads.read(4);
    expect(started).toHaveLength(1);
    started[0]!.settle(true);
    await expect(asked).resolves.toBe(1);
  });

  it("a newer update starts a newer read, which the next request gets; another account's read is its own", async () => {
    const { started, read } = manualReads();
    const reads = new FreshAccountReads(read);
    reads.updated(4);
    reads.updated(4);
    const asked = reads.read(4);
    const other = reads.read(5);
    expect(started.map((s) => s.accountId)).toEqual([4, 4, 5]);
    started.forEach((s) => s.settle(true));
    await expect(asked).resolves.toBe(2);
    await expect(other).resolves.toBe(3);
  });

  it('a finished read is not handed out again: a later request reads anew', async () => {
    const { started, read } = manualReads();
    const reads = new FreshAccountReads(read);
    reads.updated(4);
    started[0]!.settle(true);
    await reads.read(4);
    const later = reads.read(4);
    expect(started).toHaveLength(2);
    started[1]!.settle(true);
    await expect(later).resolves.toBe(2);
  });

  it('a failed read fails the request that joined it, and the next request reads again', async () => {
    const { started, read } = manualReads();
    const reads = new FreshAccountReads(read);
    reads.updated(4);
    const joined = reads.read(4);
    started[0]!.settle(false);
    await expect(joined).rejects.toThrow('read 1 failed');
    const again = reads.read(4);
    expect(started).toHaveLength(2);
    started[1]!.settle(true);
    await expect(again).resolves.toBe(2);
  });
});
