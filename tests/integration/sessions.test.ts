// Session management against the devnet: the list shows sessions created on another device as unknown,
// sessions near expiry are refreshed while their deadline allows (short ones only in their last quarter),
// and revoke-all leaves none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { ManualClock } from '../../src/devnet/clock';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { SigningKey } from '../../src/protocol/keys';
import { PASSPHRASE, createWallet, startApp, type TestApp } from './support/app';
import { sessionFromElsewhere as elsewhere } from './support/elsewhere';

let devnet: RunningDevnet;
let app: TestApp;
let walletId = '';
let walletSecret = '';
const clock = new ManualClock(Date.now());

beforeAll(async () => {
  devnet = await startDevnet({ clock, config: { depositDelayMs: 0 } });
  app = await startApp(devnet);
  await app.ok('lock.setup', { passphrase: PASSPHRASE });
  ({ walletId, secretKey: walletSecret } = await createWallet(app, 'Main'));
  await app.ok('funds.faucet', { walletId, tokenId: 0, amount: 5_000_000n });
  await app.ok('funds.deposit', { walletId, tokenId: 0, amount: 5_000_000n });
  devnet.tick();
});
afterAll(async () => {
  await app?.close();
  await devnet?.close();
});

/** Another device holding the wallet key creates a session this app never saw. */
const sessionFromElsewhere = async (): Promise<string> =>
  elsewhere({
    baseUrl: devnet.baseUrl,
    schema: await app.core.connection!.schema(),
    wallet: SigningKey.fromSecretKey(bs58.decode(walletSecret)),
    nowSeconds: BigInt(Math.floor(clock.nowMs() / 1000)),
  });

describe('sessions', () => {
  it('lists a session created on another device as unknown to this one, next to ours', async () => {
    const ours = await app.ok('sessions.create', {
      walletId,
      label: 'Laptop',
      expiresInSeconds: 7200,
      refreshDeadlineSeconds: 86400,
    });
    const foreign = await sessionFromElsewhere();
    const list = await app.ok('sessions.list');
    expect(list.find((s) => s.sessionId === ours.sessionId)).toMatchObject({
      createdHere: true,
      label: 'Laptop',
      refreshDeadline: expect.any(Number),
    });
    expect(list.find((s) => s.sessionId === foreign)).toMatchObject({
      createdHere: false,
      label: null,
      walletLabel: 'Main',
    });
  });

  it('marks a session close to expiry and refreshes it while its deadline allows, keeping its id', async () => {
    const before = (await app.ok('sessions.list')).find((s) => s.createdHere)!;
    clock.advance((before.expiry - Math.floor(clock.nowMs() / 1000) - 1200) * 1000); // 20 minutes left
    app.core.connection!.clock.invalidate();
    expect((await app.ok('sessions.list')).find((s) => s.sessionId === before.sessionId)!.status).toBe(
      'expiring',
    );
    expect(await app.core.connection!.sessions.refreshDue()).toEqual([before.sessionId]);
    const after = (await app.ok('sessions.list')).find((s) => s.sessionId === before.sessionId)!;
    expect(after.status).toBe('active');
    expect(after.expiry).toBeGreaterThan(before.expiry);
    expect(after.expiry).toBeLessThanOrEqual(before.refreshDeadline!);
  });

  it('a session created here ends itself (signed by its own key); one from elsewhere is revoked by the wallet', async () => {
    const ours = await app.ok('sessions.create', { walletId, label: 'Desk', expiresInSeconds: 7200 });
    const foreign = await sessionFromElsewhere();
    const walletKey = bs58.encode(SigningKey.fromSecretKey(bs58.decode(walletSecret)).publicKey);
    const signerOf = async (kind: string): Promise<string> => {
      const [entry] = (await app.ok('audit.list', { kind, limit: 1 })).entries;
      const last = await fetch(`${devnet.baseUrl}/action/last-executed-id`).then((r) => r.json());
      const [action] = (await fetch(`${devnet.baseUrl}/action?from=${entry!.actionId}&to=${last}`).then((r) =>
        r.json(),
      )) as { signer: string; kind: string }[];
      expect(action!.kind).toBe(kind);
      return action!.signer;
    };

    await app.ok('sessions.revoke', { walletId, sessionId: ours.sessionId });
    expect(await signerOf('selfRevoke')).toBe(ours.sessionKey);
    await app.ok('sessions.revoke', { walletId, sessionId: foreign });
    expect(await signerOf('revokeSession')).toBe(walletKey);

    const left = (await app.ok('sessions.list')).map((s) => s.sessionId);
    expect(left).not.toContain(ours.sessionId);
    expect(left).not.toContain(foreign);
    // the ended session's key has left the keychain, so nothing can sign with it again
    expect(await app.store.get(`session:${ours.sessionKey}`)).toBeNull();
  });

  it('needs a fresh unlock to revoke; revoke-all removes every session, including the unknown one', async () => {
    await app.ok('lock.lock');
    expect((await app.call('sessions.revokeAll', { walletId })).ok).toBe(false);
    await app.ok('lock.unlock', { passphrase: PASSPHRASE });
    expect(await app.ok('sessions.revokeAll', { walletId })).toEqual({ revoked: 2 });
    expect(await app.ok('sessions.list')).toEqual([]);
  });

  it('a one-hour session is not expiring from the start; it warns and is renewed in its last quarter', async () => {
    const short = await app.ok('sessions.create', {
      walletId,
      label: 'Quick',
      expiresInSeconds: 3600,
      refreshDeadlineSeconds: 86400,
    });
    expect((await app.ok('sessions.list'))[0]).toMatchObject({
      sessionId: short.sessionId,
      status: 'active',
    });
    expect(await app.core.connection!.sessions.refreshDue()).toEqual([]);

    clock.advance(2_000 * 1000); // 1,600 s left: still more than a quarter of the hour
    app.core.connection!.clock.invalidate();
    expect((await app.ok('sessions.list'))[0]!.status).toBe('active');
    expect(await app.core.connection!.sessions.refreshDue()).toEqual([]);

    clock.advance(800 * 1000); // 800 s left
    app.core.connection!.clock.invalidate();
    expect((await app.ok('sessions.list'))[0]!.status).toBe('expiring');
    expect(await app.core.connection!.sessions.refreshDue()).toEqual([short.sessionId]);
    const renewed = (await app.ok('sessions.list'))[0]!;
    expect(renewed).toMatchObject({ sessionId: short.sessionId, status: 'active' });
    expect(renewed.expiry - Math.floor(clock.nowMs() / 1000)).toBeGreaterThan(3_500);
  });

  it('removing a wallet ends the sessions made here on the exchange and takes their keys out of the keychain', async () => {
    const pending = await app.ok('wallets.create', { label: 'Spare', passphrase: PASSPHRASE });
    const spare = await app.ok('wallets.confirmBackup', {
      pendingId: pending.pendingId,
      confirmation: pending.secretKey.slice(-6),
    });
    await app.ok('funds.faucet', { walletId: spare.walletId, tokenId: 0, amount: 1_000_000n });
    await app.ok('funds.deposit', { walletId: spare.walletId, tokenId: 0, amount: 1_000_000n });
    devnet.tick();
    const session = await app.ok('sessions.create', { walletId: spare.walletId, label: 'Spare desk' });
    const onExchange = async () =>
      Object.values(
        (
          (await fetch(`${devnet.baseUrl}/user/${spare.publicKey}`).then((r) => r.json())) as {
            sessions: Record<string, { sessionId: string }>;
          }
        ).sessions,
      ).map((s) => s.sessionId);
    expect(await onExchange()).toEqual([session.sessionId]);

    await app.ok('wallets.remove', {
      walletId: spare.walletId,
      confirmPublicKey: spare.publicKey,
      passphrase: PASSPHRASE,
    });
    expect(await onExchange()).toEqual([]);
    expect(await app.store.get(`session:${session.sessionKey}`)).toBeNull();
    expect((await app.ok('wallets.list')).map((w) => w.walletId)).not.toContain(spare.walletId);
  });
});
