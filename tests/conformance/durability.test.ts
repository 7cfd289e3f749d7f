// With a data folder, an answered POST is on disk: the devnet writes the changes of the requests that arrive
// together in one snapshot (group commit), and the server answers none of them before that snapshot is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startExchange, TestWallet, USDC, usdc, type TestExchange } from './support/exchange';
import { fromSnapshotJson } from '../../src/devnet/state';

let ex: TestExchange;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'perpetua-durable-'));
  ex = await startExchange({ dataDir: dir });
});
afterAll(async () => {
  await ex?.close();
  rmSync(dir, { recursive: true, force: true });
});

const savedNextActionId = (): bigint =>
  (fromSnapshotJson(readFileSync(join(dir, 'state.json'), 'utf8')) as { engine: { nextActionId: bigint } })
    .engine.nextActionId;

describe('a devnet with a data folder', () => {
  it('writes the actions that arrive together once, and says when they are on disk', async () => {
    const wallets = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const w = new TestWallet(ex);
        await w.deposit(USDC, usdc(100));
        await w.createSession({ expiresIn: 3_600 });
        return { w, from: (await w.accountIds())[0]! };
      }),
    );
    await ex.running.devnet.whenDurable();
    const snapshots = () => readdirSync(join(dir, 'snapshots')).length;
    const before = { saved: savedNextActionId(), files: snapshots() };

    // eight actions executed in one turn of the event loop, as requests arriving together are
    const receipts = wallets.map(({ w, from }) =>
      ex.running.devnet.engine.execute(
        w.sessionBody({
          type: 'transfer',
          sessionId: w.session!.id,
          fromAccountId: from,
          tokenId: USDC,
          amount: 1n,
        }),
      ),
    );
    for (const receipt of receipts) expect(receipt.kind.type).not.toBe('err');
    expect(savedNextActionId()).toBe(before.saved); // not yet written: the server would not answer yet

    await ex.running.devnet.whenDurable();
    expect(savedNextActionId()).toBeGreaterThan(receipts.at(-1)!.actionId);
    expect(snapshots()).toBe(Math.min(10, before.files + 1)); // one snapshot for the eight
  });
});
