// Sessions: created by the wallet (either framing), refreshed up to their deadline with the same id,
// revoked by themselves or the wallet; expired or revoked sessions sign nothing; a per-user cap evicts the
// soonest-expiring.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { TestWallet, USDC, errorOf, startExchange, usdc, type TestExchange } from './support/exchange';
import { SigningKey, generateKeypair } from '../../src/protocol/keys';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startExchange({
    config: { sessionCap: 3, maxSessionLifetimeSeconds: 7 * 86400, maxRefreshWindowSeconds: 30 * 86400 },
  });
});
afterAll(() => ex.close());

async function fundedWallet(): Promise<TestWallet> {
  const w = new TestWallet(ex);
  await w.deposit(USDC, usdc(50));
  return w;
}

const selfTransfer = async (w: TestWallet) => ({
  type: 'transfer' as const,
  sessionId: w.session!.id,
  fromAccountId: (await w.accountIds())[0]!,
  tokenId: USDC,
  amount: 1n,
});

describe('create', () => {
  it('works with hex and chainTransaction framing, and GET /user lists the session', async () => {
    const w = await fundedWallet();
    const hex = await w.createSession({ expiresIn: 3600 });
    expect(hex).toMatchObject({ type: 'createSessionResult', expiry: ex.now() + 3600n });
    const hexKey = bs58.encode(w.session!.key.publicKey);
    const chain = await w.createSession({ framing: 'chainTransaction', refreshDeadlineIn: 86400 });
    expect(chain).toMatchObject({ type: 'createSessionResult', refreshDeadline: ex.now() + 86400n });
    const user = (await ex.client.user(w.address))!;
    expect(user.sessions).toHaveLength(2);
    expect(user.sessions.find((s) => s.sessionKey === hexKey)).toMatchObject({
      expiry: Number(ex.now() + 3600n),
    });
    expect(user.sessions.find((s) => s.refreshDeadline !== undefined)?.sessionKey).toBe(
      bs58.encode(w.session!.key.publicKey),
    );
  });

  it('clamps a too-long expiry and reports the effective one', async () => {
    const w = await fundedWallet();
    const result = await w.createSession({ expiresIn: 365 * 86400 });
    expect(result).toMatchObject({ type: 'createSessionResult', expiry: ex.now() + 7n * 86400n });
  });

  it('refuses a wallet the exchange does not know, and an expiry in the past', async () => {
    const stranger = new TestWallet(ex);
    expect(await stranger.createSession()).toEqual({ type: 'err', error: 'USER_NOT_FOUND' });
    const w = await fundedWallet();
    expect(await w.createSession({ expiresIn: -5 })).toEqual({
      type: 'err',
      error: 'EXPIRY_TIMESTAMP_IN_PAST',
    });
  });

  it('refuses a CreateSession for one wallet signed by another', async () => {
    const w = await fundedWallet();
    const mallory = new TestWallet(ex);
    const body = mallory.walletBody({
      type: 'createSession',
      userPubkey: w.key.publicKey,
      sessionPubkey: new SigningKey(generateKeypair().secretSeed).publicKey,
      expiryTimestamp: ex.now() + 60n,
    });
    expect(errorOf(await ex.submit(body))).toBe('SIGNATURE_VERIFICATION');
  });
});

describe('lifecycle', () => {
  it('refresh extends the expiry with the same id, up to the deadline and no further', async () => {
    const w = await fundedWallet();
    await w.createSession({ expiresIn: 600, refreshDeadlineIn: 3600 });
    const id = w.session!.id;
    const refreshed = await ex.submit(
      w.sessionBody({ type: 'refreshSession', sessionId: id, expiryTimestamp: ex.now() + 3000n }),
    );
    expect(refreshed.kind).toMatchObject({
      type: 'sessionRefreshed',
      sessionId: id,
      expiry: ex.now() + 3000n,
      refreshDeadline: ex.now() + 3600n,
    });
    const tooFar = await ex.submit(
      w.sessionBody({ type: 'refreshSession', sessionId: id, expiryTimestamp: ex.now() + 3601n }),
    );
    expect(errorOf(tooFar)).toBe('SESSION_REFRESH_DEADLINE');
    const user = (await ex.client.user(w.address))!;
    expect(user.sessions.find((s) => s.sessionId === id)?.expiry).toBe(Number(ex.now() + 3000n));
  });

  it('a session without a refresh deadline cannot be refreshed', async () => {
    const w = await fundedWallet();
    await w.createSession({ expiresIn: 600 });
    expect(
      errorOf(
        await ex.submit(
          w.sessionBody({
            type: 'refreshSession',
            sessionId: w.session!.id,
            expiryTimestamp: ex.now() + 700n,
          }),
        ),
      ),
    ).toBe('SESSION_REFRESH_DEADLINE');
  });

  it('after SelfRevoke the session signs nothing', async () => {
    const w = await fundedWallet();
    await w.createSession();
    expect((await ex.submit(w.sessionBody({ type: 'selfRevoke', sessionId: w.session!.id }))).kind.type).toBe(
      'selfRevoked',
    );
    expect(errorOf(await ex.submit(w.sessionBody(await selfTransfer(w))))).toBe('SESSION_REVOKED');
    expect((await ex.client.user(w.address))!.sessions).toHaveLength(0);
  });

  it('the wallet revokes any of its sessions (either framing); another wallet cannot', async () => {
    const w = await fundedWallet();
    await w.createSession();
    const target = w.session!.id;
    const mallory = await fundedWallet();
    expect(errorOf(await ex.submit(mallory.walletBody({ type: 'revokeSession', sessionId: target })))).toBe(
      'SIGNATURE_VERIFICATION',
    );
    expect(
      (
        await ex.submit(
          w.walletBody({ type: 'revokeSession', sessionId: target }, { framing: 'chainTransaction' }),
        )
      ).kind,
    ).toEqual({ type: 'sessionRevoked', sessionId: target });
    expect(errorOf(await ex.submit(w.sessionBody(await selfTransfer(w))))).toBe('SESSION_REVOKED');
    expect(errorOf(await ex.submit(w.walletBody({ type: 'revokeSession', sessionId: target })))).toBe(
      'SESSION_REVOKED',
    );
  });

  it('an expired session signs nothing', async () => {
    const w = await fundedWallet();
    await w.createSession({ expiresIn: 60 });
    ex.advance(61_000);
    expect(errorOf(await ex.submit(w.sessionBody(await selfTransfer(w))))).toBe('SESSION_EXPIRED');
  });

  it('at the cap, a new session evicts the one closest to expiry', async () => {
    const w = await fundedWallet();
    const ids: bigint[] = [];
    for (const expiresIn of [5000, 1000, 9000]) {
      await w.createSession({ expiresIn });
      ids.push(w.session!.id);
    }
    await w.createSession({ expiresIn: 7000 });
    const listed = (await ex.client.user(w.address))!.sessions.map((s) => s.sessionId.toString());
    expect(listed.sort()).toEqual([ids[0], ids[2], w.session!.id].map(String).sort());
  });
});
