// A live update's figures are read once: main starts the read when the update arrives and the window's
// request, which follows the event, joins it, or takes its answer if it finished a moment before. Nobody
// gets figures older than their own read would give, beyond that moment: a newer update starts a newer read,
// a read that finished more than a second ago or failed is not handed out again.
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

  it('a read that finished just before the request is its answer; one finished over a second ago is not', async () => {
    const { started, read } = manualReads();
    let now = 0;
    const reads = new FreshAccountReads(read, () => now);
    reads.updated(4);
    started[0]!.settle(true);
    await Promise.resolve();
    now = 900;
    await expect(reads.read(4)).resolves.toBe(1);
    expect(started).toHaveLength(1);
    // prices move the figures without an update: a read that old is not handed out again
    now = 1_100;
    const later = reads.read(4);
    expect(started).toHaveLength(2);
    started[1]!.settle(true);
    await expect(later).resolves.toBe(2);
    now = 1_200;
    const again = reads.read(4);
    expect(started).toHaveLength(3);
    started[2]!.settle(true);
    await expect(again).resolves.toBe(3);
    // the next update's read is the next request's answer
    reads.updated(4);
    reads.updated(5);
    started[3]!.settle(true);
    await expect(reads.read(4)).resolves.toBe(4);
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

  it("after the app's own action executed, a read started before it is not handed out, under way or finished", async () => {
    const { started, read } = manualReads();
    const reads = new FreshAccountReads(read);
    reads.updated(4);
    reads.updated(5);
    started[1]!.settle(true);
    reads.stale();
    const four = reads.read(4);
    const five = reads.read(5);
    expect(started.map((s) => s.accountId)).toEqual([4, 5, 4, 5]);
    started.forEach((s) => s.settle(true));
    await expect(four).resolves.toBe(3);
    await expect(five).resolves.toBe(4);
  });
});
