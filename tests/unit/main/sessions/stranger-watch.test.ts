// The stranger watch, one read at a time on a clock the test moves: against a devnet on loopback through the
// app's own exchange client, with sessions made by signing with the wallet key from outside the app.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { ManualClock } from '../../../../src/devnet/clock';
import { startDevnet, type RunningDevnet } from '../../../../src/devnet/server';
import { SigningKey } from '../../../../src/protocol/keys';
import { demoSessionSeed, demoWallets, loadDemoScenario } from '../../../../src/support/demo-scenario';
import { AuditLog } from '../../../../src/main/audit/audit-log';
import { StrangerRecord } from '../../../../src/main/sessions/stranger-record';
import {
  StrangerWatch,
  walletPeriodMs,
  type StrangerSession,
} from '../../../../src/main/sessions/stranger-watch';
import type { WalletInfo } from '../../../../src/main/wallets/wallet-service';
import { PASSPHRASE, createWallet, startApp, type TestApp } from '../../../integration/support/app';
import { sessionFromElsewhere } from '../../../integration/support/elsewhere';

let devnet: RunningDevnet;
let app: TestApp;
let dir: string;
const clock = new ManualClock(Date.now());
/** GET /user reads the app made, counted at its fetch */
let userReads = 0;
let main: { walletId: string; key: SigningKey };
let demo: { walletId: string; key: SigningKey; label: string };

beforeAll(async () => {
  devnet = await startDevnet({ clock, config: { depositDelayMs: 0 } });
  app = await startApp(devnet, {
    fetchImpl: (url, init) => {
      if (/\/user\/[^/]+$/.test(new URL(url).pathname)) userReads += 1;
      return fetch(url, init);
    },
  });
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  const made = await createWallet(app, 'Main');
  main = { walletId: made.walletId, key: SigningKey.fromSecretKey(bs58.decode(made.secretKey)) };
  const demoWallet = demoWallets(loadDemoScenario())[0]!;
  const imported = await app.ok('wallets.import', {
    label: demoWallet.label,
    secret: demoWallet.secret,
    passphrase: PASSPHRASE,
  });
  demo = {
    walletId: imported.walletId,
    key: new SigningKey(bs58.decode(demoWallet.secret)),
    label: demoWallet.label,
  };
  for (const walletId of [main.walletId, demo.walletId]) {
    await app.ok('funds.faucet', { walletId, tokenId: 0, amount: 1_000_000n });
    await app.ok('funds.deposit', { walletId, tokenId: 0, amount: 1_000_000n });
  }
  devnet.tick();
  dir = mkdtempSync(join(tmpdir(), 'perpetua-strangers-'));
}, 30_000);
afterAll(async () => {
  await app?.close();
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

const elsewhere = async (wallet: SigningKey, session?: SigningKey) =>
  sessionFromElsewhere({
    baseUrl: devnet.baseUrl,
    schema: await app.core.connection!.schema(),
    wallet,
    nowSeconds: BigInt(Math.floor(clock.nowMs() / 1000)),
    ...(session ? { session } : {}),
  });

/** A watch over the app's wallets, its clock `now` (ms), its record and audit log in `name`'s files. */
function watch(name: string, wallets: () => readonly WalletInfo[] = () => app.core.wallets.list()) {
  let now = Date.parse('2026-03-01T10:00:00Z');
  const changes: { walletId: string; strangers: StrangerSession[] }[] = [];
  // each line names its wallet by its label, as the app's log does
  const audit = new AuditLog(join(dir, `${name}.audit.jsonl`), {
    labelOf: (publicKey) => app.core.wallets.list().find((w) => w.publicKey === publicKey)?.label,
  });
  const make = () =>
    new StrangerWatch({
      wallets,
      unlocked: () => app.core.lock.state().status === 'unlocked',
      read: (wallet) => app.core.connection!.sessions.sessionsOf(wallet),
      record: new StrangerRecord(join(dir, `${name}.json`)),
      audit,
      onChange: (walletId, strangers) => changes.push({ walletId, strangers }),
      now: () => now,
    });
  return {
    watch: make(),
    /** a second watch on the same files, as after a restart */
    again: make,
    changes,
    audit,
    advance: (seconds: number) => (now += seconds * 1000),
    seconds: () => Math.floor(now / 1000),
  };
}

const only = (walletId: string) => () => app.core.wallets.list().filter((w) => w.walletId === walletId);

describe('the stranger watch', () => {
  it('tells of a session made elsewhere at the first read that shows it, with the read before as its earliest', async () => {
    const w = watch('first', only(main.walletId));
    const before = await elsewhere(main.key);
    // made before the watch ever read the wallet: when it was made is not known
    const [found] = await w.watch.tick();
    expect(found).toMatchObject({
      walletId: main.walletId,
      walletLabel: 'Main',
      sessionId: before,
      noticed: { at: w.seconds(), after: null },
    });
    const readAt = w.seconds();
    w.advance(3);
    expect(await w.watch.tick()).toEqual([]); // nothing new: nothing told again
    const later = await elsewhere(main.key);
    w.advance(3);
    const [second] = await w.watch.tick();
    expect(second).toMatchObject({ sessionId: later, noticed: { at: readAt + 6, after: readAt + 3 } });
    expect(w.changes.map((c) => c.strangers.map((s) => s.sessionId))).toEqual([[before], [later]]);
    // one line each in the audit log, in words
    const lines = w.audit.list().entries;
    expect(lines.map((l) => [l.kind, l.sessionId, l.sentence])).toEqual([
      ['unknownSession', later, `Noticed another device’s session #${later} of Main`],
      ['unknownSession', before, `Noticed another device’s session #${before} of Main`],
    ]);
    expect(lines[0]!.detail).toBe(
      'Not made on this device; made between 2026-03-01T10:00:03.000Z and 2026-03-01T10:00:06.000Z.',
    );
    expect(lines[1]!.detail).toBe(
      'Not made on this device; found at 2026-03-01T10:00:00.000Z, made while Perpetua was not watching.',
    );
  });

  it('does not tell of a stranger again after a restart', async () => {
    const w = watch('restart', only(main.walletId));
    const found = await w.watch.tick();
    expect(found.length).toBeGreaterThan(0);
    const linesBefore = w.audit.list().total;
    expect(await w.again().tick()).toEqual([]);
    expect(w.audit.list().total).toBe(linesBefore);
  });

  it('a session made here, and the demo data’s own, are not strangers', async () => {
    const w = watch('ours');
    await w.watch.tick();
    await w.watch.tick();
    const changesBefore = w.changes.length;
    const ours = await app.ok('sessions.create', { walletId: main.walletId, label: 'Desk' });
    await elsewhere(demo.key, new SigningKey(demoSessionSeed(demo.label)));
    const noticed = [...(await w.watch.tick()), ...(await w.watch.tick())];
    expect(noticed).toEqual([]);
    // both wallets' sessions changed: the window hears of it, with no stranger among them
    expect(w.changes.slice(changesBefore)).toEqual([
      { walletId: main.walletId, strangers: [] },
      { walletId: demo.walletId, strangers: [] },
    ]);
    const listed = await app.ok('sessions.list');
    expect(listed.find((s) => s.sessionId === ours.sessionId)).toMatchObject({
      createdHere: true,
      noticed: null,
    });
    expect(listed.find((s) => s.walletId === demo.walletId)).toMatchObject({ demo: true, noticed: null });
  });

  it('reads the wallets in turn, one per tick', async () => {
    const w = watch('turns');
    const read: string[] = [];
    const counting = new StrangerWatch({
      wallets: () => app.core.wallets.list(),
      unlocked: () => true,
      read: async (wallet) => {
        read.push(wallet.label);
        return { all: [], strangers: [] };
      },
      record: new StrangerRecord(join(dir, 'turns.json')),
      audit: w.audit,
      onChange: () => {},
    });
    for (let i = 0; i < 4; i += 1) await counting.tick();
    expect(read).toEqual(['Main', demo.label, 'Main', demo.label]);
  });

  it('reads a wallet the moment it is added, so a session made right after is told as made between', async () => {
    const w = watch('added', only(main.walletId));
    const [wallet] = only(main.walletId)();
    // not watching yet (never started): adding reads nothing
    const reads = userReads;
    await w.watch.added(wallet!);
    expect(userReads).toBe(reads);
    const started = watch('added-started', only(main.walletId));
    started.watch.start();
    await started.watch.added(wallet!);
    expect(userReads).toBe(reads + 1);
    const readAt = started.seconds();
    const made = await elsewhere(main.key);
    started.advance(2);
    const [found] = await started.watch.tick();
    started.watch.close();
    expect(found).toMatchObject({ sessionId: made, noticed: { at: readAt + 2, after: readAt } });
  });

  it('reads a wallet it has never read before the next in turn', async () => {
    const w = watch('unread-first');
    const read: string[] = [];
    let list = only(main.walletId)();
    const counting = new StrangerWatch({
      wallets: () => list,
      unlocked: () => true,
      read: async (wallet) => {
        read.push(wallet.label);
        return { all: [], strangers: [] };
      },
      record: new StrangerRecord(join(dir, 'unread-first.json')),
      audit: w.audit,
      onChange: () => {},
    });
    await counting.tick();
    await counting.tick();
    list = app.core.wallets.list();
    await counting.tick();
    await counting.tick();
    expect(read.slice(0, 3)).toEqual(['Main', 'Main', demo.label]);
  });

  it('reads nothing while the app is locked, and tells of what appeared meanwhile at the first read after', async () => {
    const w = watch('locked', only(main.walletId));
    await w.watch.tick();
    await app.ok('lock.lock');
    const reads = userReads;
    const made = await elsewhere(main.key);
    w.advance(60);
    expect(await w.watch.tick()).toEqual([]);
    expect(userReads).toBe(reads);
    await app.ok('lock.unlock', { passphrase: PASSPHRASE });
    w.advance(5);
    const [found] = await w.watch.tick();
    expect(found).toMatchObject({ sessionId: made, noticed: { at: w.seconds(), after: w.seconds() - 65 } });
  });
});

describe('the watch’s cadence', () => {
  it('reads each of up to five wallets at least every 4 s, and stays under a read a second with thirty', () => {
    const perMinute = (n: number) => (60_000 / walletPeriodMs(n)) * n;
    for (const n of [1, 2, 3, 4, 5]) expect(walletPeriodMs(n)).toBeLessThanOrEqual(4_000);
    // never one wallet more often than every 2.5 s
    expect(walletPeriodMs(1)).toBe(2_500);
    expect(Math.round(perMinute(30))).toBe(31);
    expect(walletPeriodMs(30)).toBeLessThanOrEqual(60_000);
    for (let n = 5; n < 60; n += 1) expect(perMinute(n + 1)).toBeLessThan(perMinute(n));
  });
});
