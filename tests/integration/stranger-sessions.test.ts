// A session made elsewhere for one of the person's wallets, while the app is unlocked, on its own clock: the
// window hears of it within 5 s (its sessionsChanged event), the audit log has a line, and the sessions list
// says when it was noticed. The session is made by signing with the wallet key from outside the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { SigningKey } from '../../src/protocol/keys';
import type { EventOf } from '../../src/shared/ipc/events';
import { PASSPHRASE, createWallet, startApp, type TestApp } from './support/app';
import { sessionFromElsewhere } from './support/elsewhere';

let devnet: RunningDevnet;
let app: TestApp;
let walletId = '';
let walletKey: SigningKey;
const heard: { at: number; payload: EventOf<'sessionsChanged'> }[] = [];

beforeAll(async () => {
  devnet = await startDevnet({ config: { depositDelayMs: 0 } });
  app = await startApp(devnet, { watchStrangers: true });
  app.core.events.subscribe((name, payload) => {
    if (name === 'sessionsChanged')
      heard.push({ at: performance.now(), payload: payload as EventOf<'sessionsChanged'> });
  });
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  const made = await createWallet(app, 'Main');
  walletId = made.walletId;
  walletKey = SigningKey.fromSecretKey(bs58.decode(made.secretKey));
  await app.ok('funds.faucet', { walletId, tokenId: 0, amount: 1_000_000n });
  await app.ok('funds.deposit', { walletId, tokenId: 0, amount: 1_000_000n });
  devnet.tick();
}, 30_000);
afterAll(async () => {
  await app?.close();
  await devnet?.close();
});

async function heardOf(sessionId: string, since: number, withinMs: number) {
  const deadline = since + withinMs;
  for (;;) {
    const event = heard.find(
      (e) => e.at >= since && e.payload.strangers.some((s) => s.sessionId === sessionId),
    );
    if (event) return event;
    if (performance.now() > deadline)
      throw new Error(`session #${sessionId} was not told of in ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a session made elsewhere', () => {
  it('is told of within 5 s, named with its wallet, logged, and listed with when it was noticed', async () => {
    // no wait: the watch read the wallet when it was added, so the session's earliest time is known at once
    const engineNow = BigInt((await fetch(`${devnet.baseUrl}/timestamp`).then((r) => r.json())) as number);
    const before = Math.floor(Date.now() / 1000);
    const sessionId = await sessionFromElsewhere({
      baseUrl: devnet.baseUrl,
      schema: await app.core.connection!.schema(),
      wallet: walletKey,
      nowSeconds: engineNow,
    });
    const made = performance.now();
    const event = await heardOf(sessionId, made, 5_000);
    expect(event.at - made).toBeLessThan(5_000);
    const stranger = event.payload.strangers.find((s) => s.sessionId === sessionId)!;
    expect(stranger).toMatchObject({
      walletId,
      walletLabel: 'Main',
      walletPublicKey: bs58.encode(walletKey.publicKey),
    });
    expect(stranger.noticed.after).not.toBeNull();
    expect(stranger.noticed.after!).toBeLessThanOrEqual(before + 1);
    expect(stranger.noticed.at).toBeGreaterThanOrEqual(before);

    const [line] = (await app.ok('audit.list', { kind: 'unknownSession' })).entries;
    expect(line).toMatchObject({
      sessionId,
      result: 'ok',
      sentence: `Noticed another device’s session #${sessionId} of Main`,
      detail: expect.stringMatching(/^Not made on this device; made between \S+ and \S+\.$/),
    });
    const listed = (await app.ok('sessions.list')).find((s) => s.sessionId === sessionId);
    expect(listed).toMatchObject({ createdHere: false, demo: false, noticed: stranger.noticed });
  });

  it('is not told of again, nor is a session made in the app', async () => {
    const since = performance.now();
    const ours = await app.ok('sessions.create', { walletId, label: 'Desk' });
    // the watch hears of the change, which the window reads, with no stranger in it
    for (;;) {
      const changed = heard.filter((e) => e.at >= since);
      if (changed.length > 0) {
        expect(changed.map((e) => e.payload)).toEqual([{ walletId, strangers: [] }]);
        break;
      }
      if (performance.now() - since > 5_000) throw new Error(`session #${ours.sessionId} changed nothing`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await app.ok('audit.list', { kind: 'unknownSession' })).total).toBe(1);
  });
});
