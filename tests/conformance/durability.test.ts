// With a data folder, an answered POST is on disk: the devnet writes the changes of the requests that arrive
// together as one journal record (group commit), and the server answers none of them before that record is
// written and synced. tests/unit/devnet/journal.test.ts holds what the records restore against the state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorOf, startExchange, TestWallet, USDC, usdc, type TestExchange } from './support/exchange';
import { fromSnapshotJson } from '../../src/devnet/state';
import { readSavedState } from '../../src/devnet/devnet';

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

const savedNextActionId = (): bigint => readSavedState(dir)!.engine.nextActionId;

/** How many records the journal holds (each framed as length, CRC-32, bytes). */
function journalRecords(): number {
  const bytes = readFileSync(join(dir, 'journal.log'));
  let count = 0;
  for (let at = 0; at + 8 <= bytes.length; at += 8 + bytes.readUInt32LE(at)) count += 1;
  return count;
}

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
    const before = { saved: savedNextActionId(), files: snapshots(), records: journalRecords() };

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
    expect(journalRecords()).toBe(before.records + 1); // one record for the eight
    expect(snapshots()).toBe(before.files); // and no snapshot: those are taken now and then
  });

  it('refuses a replay as DUPLICATE with its first id after thousands of actions, and after a restart', async () => {
    const w = new TestWallet(ex);
    await w.deposit(USDC, usdc(100));
    await w.createSession({ expiresIn: 3_600 });
    const [from] = await w.accountIds();
    const first = {
      type: 'transfer' as const,
      sessionId: w.session!.id,
      fromAccountId: from!,
      tokenId: USDC,
    };
    // the first transfer opens the account the rest go to
    const opened = ex.running.devnet.engine.execute(w.sessionBody({ ...first, amount: 1n }));
    const transfer = { ...first, toAccountId: (opened.kind as { toUserAccount: number }).toUserAccount };
    // enough accepted bodies to grow the engine's duplicate table many times over
    const bodies = Array.from({ length: 5_000 }, () => w.sessionBody({ ...transfer, amount: 1n }));
    const ids = bodies.map((body) => {
      const receipt = ex.running.devnet.engine.execute(body);
      expect(errorOf(receipt) ?? receipt.kind.type).toBe('transferred');
      return receipt.actionId;
    });
    const replays = [0, 1, 2_500, 4_998, 4_999];
    for (const n of replays) {
      const again = ex.running.devnet.engine.execute(bodies[n]!);
      expect(errorOf(again)).toBe('DUPLICATE');
      expect(again.actionId).toBe(ids[n]);
    }
    // and over HTTP, through POST /action's own path
    // sent again if the connection was reset: the loop above held the server past its keep-alive timeout,
    // and the socket the client kept may be closed as it is reused (a replay is what is tested, so a resend
    // changes nothing)
    const replayed = await ex.submit(bodies[0]!).catch((error: unknown) => {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw error;
      return ex.submit(bodies[0]!);
    });
    expect(errorOf(replayed)).toBe('DUPLICATE');
    expect(replayed.actionId).toBe(ids[0]);

    // the saved state keeps them as it always did: hex sha256 of the body -> the action id as text
    await ex.running.devnet.whenDurable();
    const saved = readSavedState(dir)!;
    for (const n of replays)
      expect(saved.engine.seenBodies[createHash('sha256').update(bodies[n]!).digest('hex')]).toBe(
        ids[n]!.toString(),
      );

    // a devnet started again from that folder still knows every one of them
    await ex.close();
    ex = await startExchange({ dataDir: dir });
    for (const n of replays) {
      const again = await ex.submit(bodies[n]!);
      expect(errorOf(again)).toBe('DUPLICATE');
      expect(again.actionId).toBe(ids[n]);
    }
  });

  it('refuses saved state in another format in words, instead of reading part of it', async () => {
    const other = mkdtempSync(join(tmpdir(), 'perpetua-format-'));
    try {
      const saved = fromSnapshotJson(readFileSync(join(dir, 'state.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      // a snapshot as an earlier build wrote it: no format field
      writeFileSync(
        join(other, 'state.json'),
        JSON.stringify({ engine: saved.engine }, (_k, v: unknown) =>
          typeof v === 'bigint' ? { $n: v.toString() } : v,
        ),
      );
      await expect(startExchange({ dataDir: other })).rejects.toThrow(
        /saved state is in a format this version does not read \(null, expected 2\)\. Move its data folder away/,
      );
      // the file is left as it was: nothing is overwritten by a devnet that could not read it
      expect(JSON.parse(readFileSync(join(other, 'state.json'), 'utf8'))).not.toHaveProperty('format');
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
