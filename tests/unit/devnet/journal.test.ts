// A devnet with a data folder writes each commit as a journal record (what changed) and now and then a full
// snapshot; what the folder holds at any moment (as a kill -9 would leave it) must restore exactly the state
// as of the last commit, whatever the history: orders placed, filled, cancelled and deleted (the maker's
// quotes), trades, transfers, withdrawals paid out later, deposits, triggers, an atomic action rolled back,
// and snapshots taken in between.
import { afterEach, describe, expect, it } from 'vitest';
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  errorOf,
  startExchange,
  TestWallet,
  USDC,
  usdc,
  type TestExchange,
} from '../../conformance/support/exchange';
import { readSavedState } from '../../../src/devnet/devnet';
import { fromSnapshotJson, toSnapshotJson } from '../../../src/devnet/state';
import type { DevnetOptions } from '../../../src/devnet/server';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const tempDir = (name: string): string => {
  const dir = mkdtempSync(join(tmpdir(), `perpetua-${name}-`));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

async function exchange(dataDir: string, options: DevnetOptions = {}): Promise<TestExchange> {
  const ex = await startExchange({ dataDir, ...options });
  cleanup.push(() => ex.close());
  return ex;
}

/** The running devnet's whole state as a snapshot holds it, through the same JSON. */
function liveState(ex: TestExchange): unknown {
  const devnet = ex.running.devnet;
  return fromSnapshotJson(
    toSnapshotJson({
      engine: devnet.engine.snapshotState(),
      chain: { ...devnet.chain.snapshot(), bridge: devnet.bridge.state },
    }),
  );
}

const savedState = (dir: string): unknown => fromSnapshotJson(toSnapshotJson(readSavedState(dir)));

/** A funded wallet with a session; what it returns sends 1 unit from its first account to `to`, or to a new account. */
async function sender(ex: TestExchange, amount: bigint, expiresIn = 3_600) {
  const w = new TestWallet(ex);
  await w.deposit(USDC, amount);
  await w.createSession({ expiresIn });
  const [from] = await w.accountIds();
  return (to?: number) =>
    ex.submit(
      w.sessionBody({
        type: 'transfer',
        sessionId: w.session!.id,
        fromAccountId: from!,
        tokenId: USDC,
        amount: 1n,
        ...(to !== undefined ? { toAccountId: to } : {}),
      }),
    );
}

/** Every kind of change, `rounds` times over, each action its own commit as POST /action's are. */
async function history(ex: TestExchange, rounds: number): Promise<void> {
  const traders: { w: TestWallet; account: number }[] = [];
  for (let i = 0; i < 3; i += 1) {
    const w = new TestWallet(ex);
    await w.deposit(USDC, usdc(50_000));
    await w.createSession({ expiresIn: 36_000 });
    traders.push({ w, account: (await w.accountIds())[0]! });
  }
  const submit = async (w: TestWallet, kind: object) => {
    const receipt = await ex.submit(w.sessionBody({ sessionId: w.session!.id, ...kind } as never));
    await ex.running.devnet.whenDurable();
    return receipt;
  };
  for (let round = 0; round < rounds; round += 1) {
    const { w, account } = traders[round % traders.length]!;
    const other = traders[(round + 1) % traders.length]!;
    await submit(w, {
      type: 'transfer',
      fromAccountId: account,
      tokenId: USDC,
      amount: 3n,
      toAccountId: other.account,
    });
    const order = { type: 'placeOrder', marketId: 0, isReduceOnly: false, size: 1_000n };
    await submit(w, {
      ...order,
      side: round % 2 ? 'ASK' : 'BID',
      fillMode: 'IMMEDIATE_OR_CANCEL',
      price: 0n,
    });
    const resting = await submit(w, { ...order, side: 'BID', fillMode: 'POST_ONLY', price: 1_000n });
    const orderId = (resting.kind as { orderId?: bigint }).orderId;
    if (round % 2 === 0 && orderId !== undefined) await submit(w, { type: 'cancelOrderById', orderId });
    if (round % 3 === 0) await submit(w, { type: 'withdraw', tokenId: USDC, amount: usdc(2) });
    if (round % 4 === 0)
      await submit(w, {
        type: 'addTrigger',
        marketId: 0,
        key: { kind: 'STOP_LOSS', side: 'ASK' },
        prices: { triggerPrice: BigInt(500_000 + round) },
      });
    // an atomic action that fails puts the state back from a copy of it
    if (round % 5 === 0)
      await submit(w, {
        type: 'atomic',
        actions: [{ inner: { type: 'cancelOrder', orderId: 987_654_321n } }],
      });
    if (round % 6 === 0) await w.deposit(USDC, usdc(5));
    // time: maker quotes, funding, the withdrawals' payouts, the deposits' credits
    ex.advance(700);
    await ex.running.devnet.whenDurable();
  }
  // a last action: what time moved without a change (the oracle's walk) is saved with the next change
  const { w, account } = traders[0]!;
  await submit(w, {
    type: 'transfer',
    fromAccountId: account,
    tokenId: USDC,
    amount: 1n,
    toAccountId: traders[1]!.account,
  });
}

describe('the devnet journal', () => {
  it('restores exactly the state as of the last commit, through records and snapshots taken in between', async () => {
    const dir = tempDir('journal');
    // small, so that many snapshots are taken on the way and the journal starts afresh after each
    const ex = await exchange(dir, { config: { journalBytesPerSnapshot: 40_000 } });
    await history(ex, 24);
    const snapshots = readdirSync(join(dir, 'snapshots')).length;
    expect(snapshots).toBeGreaterThan(2);
    expect(readFileSync(join(dir, 'journal.log')).length).toBeGreaterThan(0);
    expect(savedState(dir)).toEqual(liveState(ex));

    // a devnet started on a copy of the folder, as a kill -9 leaves it, is the same devnet
    const copy = tempDir('journal-copy');
    cpSync(dir, copy, { recursive: true });
    const again = await exchange(copy);
    expect(liveState(again)).toEqual(liveState(ex));
    // the records it read are in a new snapshot, and it goes on journaling from there
    expect(readFileSync(join(copy, 'journal.log')).length).toBe(0);
    await history(again, 3);
    expect(savedState(copy)).toEqual(liveState(again));
  }, 120_000);

  it('keeps the markets’ hourly candles through new hours, gaps and the oldest dropped after 14 days', async () => {
    const dir = tempDir('journal-candles');
    const ex = await exchange(dir);
    const send = await sender(ex, usdc(1_000), 25 * 86_400);
    let to: number | undefined;
    const transfer = async () => {
      const receipt = await send(to);
      to ??= (receipt.kind as { toUserAccount?: number }).toUserAccount;
      return errorOf(receipt) ?? receipt.kind.type;
    };
    // 40 minutes (an hour's candle changed by two commits, or a new hour begun) and 7 hours (the oracle walks
    // at most the last 6 of them, so an hour is left out) by turns
    for (let step = 0; step < 110; step += 1) {
      ex.advance(step % 2 ? 40 * 60_000 : 7 * 3_600_000);
      expect(await transfer()).toBe('transferred');
      if (step % 30 === 29) expect(savedState(dir)).toEqual(liveState(ex));
    }
    const candles = ex.running.devnet.engine.state.oracle!.markets[0]!.candles;
    expect(candles.length).toBe(24 * 14);
    expect(savedState(dir)).toEqual(liveState(ex));
  }, 120_000);

  it('commits with a journal record, not a snapshot, once one exists', async () => {
    const dir = tempDir('journal-record');
    const ex = await exchange(dir);
    await history(ex, 2);
    const files = readdirSync(join(dir, 'snapshots'));
    const stateJson = readFileSync(join(dir, 'state.json'));
    const journal = readFileSync(join(dir, 'journal.log')).length;
    await history(ex, 2);
    expect(readdirSync(join(dir, 'snapshots'))).toEqual(files);
    expect(readFileSync(join(dir, 'state.json'))).toEqual(stateJson);
    expect(readFileSync(join(dir, 'journal.log')).length).toBeGreaterThan(journal);
    expect(savedState(dir)).toEqual(liveState(ex));
  }, 60_000);

  it('a record cut short by a crash is dropped, and the next commit is written after the last whole one', async () => {
    const dir = tempDir('journal-torn');
    const ex = await exchange(dir);
    await history(ex, 2);
    const before = liveState(ex);
    // what a crash in the middle of an append leaves: a header and part of the record
    const copy = tempDir('journal-torn-copy');
    cpSync(dir, copy, { recursive: true });
    const header = Buffer.alloc(8);
    header.writeUInt32LE(5_000, 0);
    appendFileSync(join(copy, 'journal.log'), Buffer.concat([header, Buffer.from('{"seq":')]));
    expect(savedState(copy)).toEqual(before);
    // and zeros, as a file system may leave past the end of what was synced
    appendFileSync(join(copy, 'journal.log'), Buffer.alloc(64));
    expect(savedState(copy)).toEqual(before);
    const again = await exchange(copy);
    expect(liveState(again)).toEqual(before);
    await history(again, 2);
    expect(savedState(copy)).toEqual(liveState(again));

    // a last record whose bytes do not match its CRC is dropped whole: the state of the commit before it
    const send = await sender(ex, usdc(10));
    const sessionOnly = readFileSync(join(dir, 'journal.log'));
    const withSession = liveState(ex);
    // one more commit, one more record: a transfer that opens the wallet's second account
    const opened = await send();
    expect(opened.kind.type).toBe('transferred');
    const journal = readFileSync(join(dir, 'journal.log'));
    expect(journal.length).toBeGreaterThan(sessionOnly.length);
    expect(journal.subarray(0, sessionOnly.length)).toEqual(sessionOnly);
    const flipped = tempDir('journal-flipped');
    cpSync(dir, flipped, { recursive: true });
    journal.writeUInt8(journal.readUInt8(journal.length - 2) ^ 0x01, journal.length - 2);
    writeFileSync(join(flipped, 'journal.log'), journal);
    expect(savedState(flipped)).toEqual(withSession);
    expect(savedState(dir)).toEqual(liveState(ex));
  }, 60_000);

  it('a crash while a snapshot replaces the journal loses nothing, at either point', async () => {
    const dir = tempDir('journal-rotate');
    const ex = await exchange(dir);
    await history(ex, 3);
    const live = liveState(ex);
    const journal = readFileSync(join(dir, 'journal.log'));
    const oldState = readFileSync(join(dir, 'state.json'));
    expect(journal.length).toBeGreaterThan(0);
    ex.running.devnet.persist(); // a full snapshot now, as /state/* asks for
    expect(readFileSync(join(dir, 'journal.log')).length).toBe(0);
    expect(savedState(dir)).toEqual(live);

    // killed after the new snapshot was in place, before the journal was emptied: its records are in it
    const late = tempDir('journal-rotate-late');
    cpSync(dir, late, { recursive: true });
    writeFileSync(join(late, 'journal.log'), journal);
    expect(savedState(late)).toEqual(live);
    const lateAgain = await exchange(late);
    expect(liveState(lateAgain)).toEqual(live);
    await history(lateAgain, 2);
    expect(savedState(late)).toEqual(liveState(lateAgain));

    // killed before the new snapshot was renamed into place: the old one and the whole journal
    const early = tempDir('journal-rotate-early');
    cpSync(dir, early, { recursive: true });
    writeFileSync(join(early, 'state.json'), oldState);
    writeFileSync(join(early, 'journal.log'), journal);
    writeFileSync(join(early, 'state.json.1.2.tmp'), oldState.subarray(0, 100)); // the temp file it left
    expect(savedState(early)).toEqual(live);
    const earlyAgain = await exchange(early);
    expect(liveState(earlyAgain)).toEqual(live);
  }, 60_000);
});
