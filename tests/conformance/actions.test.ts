// POST /action: transport rules, then every check that runs before a rule, each with its Error value and
// proof that the rejected action changed nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { buildActionBody, encodeVarint } from '../../src/protocol/framing';
import { encodeActionRaw } from '../../src/protocol/codec';
import { signAction } from '../../src/protocol/signing';
import type { ActionKind } from '../../src/protocol/types';
import {
  TestWallet,
  USDC,
  balances,
  errorOf,
  schema,
  startExchange,
  usdc,
  type TestExchange,
} from './support/exchange';

let ex: TestExchange;
let alice: TestWallet;
let bob: TestWallet;
let account: number;

beforeAll(async () => {
  ex = await startExchange();
  alice = new TestWallet(ex);
  bob = new TestWallet(ex);
  await alice.deposit(USDC, usdc(100));
  await bob.deposit(USDC, usdc(100));
  await alice.createSession();
  await bob.createSession();
  account = (await alice.accountIds())[0]!;
});
afterAll(() => ex.close());

const transfer = (amount = usdc(1)) => ({
  type: 'transfer' as const,
  sessionId: alice.session!.id,
  fromAccountId: account,
  tokenId: USDC,
  amount,
});

describe('transport', () => {
  it('415 with an accept header naming the expected type for any other content type', async () => {
    for (const type of ['application/json', 'text/plain', 'application/x-protobuf']) {
      const res = await ex.postAction(alice.sessionBody(transfer()), type);
      expect(res.status).toBe(415);
      expect(res.headers.get('accept')).toBe('application/octet-stream');
      expect(res.headers.get('x-error')).toBe('AcceptedMediaType');
    }
  });

  it('413 PayloadTooLarge over 1024 bytes', async () => {
    const res = await ex.postAction(Buffer.alloc(1025, 1));
    expect(res.status).toBe(413);
    expect(res.headers.get('x-error')).toBe('PayloadTooLarge');
  });

  it('answers a length-delimited receipt as octet-stream', async () => {
    const res = await ex.postAction(alice.sessionBody(transfer()));
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.status).toBe(200);
  });
});

describe('checks before any rule, each rejection changing nothing', () => {
  async function expectRejected(body: Uint8Array, error: string): Promise<void> {
    const before = await balances(ex, account);
    const lastId = await ex.getJson<string>('/action/last-executed-id');
    const receipt = await ex.submit(body);
    expect(errorOf(receipt)).toBe(error);
    expect(receipt.actionId).toBe(0n);
    expect(await balances(ex, account)).toEqual(before);
    expect(await ex.getJson<string>('/action/last-executed-id')).toBe(lastId);
  }

  it('garbage is a DECODE_FAILURE refinement: the bytes (RAW) or the length prefix', async () => {
    await expectRejected(
      Buffer.concat([encodeVarint(3), Buffer.from([0xff, 0xff, 0xff]), Buffer.alloc(64)]),
      'DECODE_FAILURE_RAW',
    );
    await expectRejected(Buffer.from([0x85]), 'DECODE_FAILURE_LENGTH_PREFIX');
  });

  it('a signature of the wrong length is INVALID_SIGNATURE', async () => {
    const body = alice.sessionBody(transfer());
    await expectRejected(body.subarray(0, body.length - 1), 'INVALID_SIGNATURE');
  });

  it("another key's signature is SIGNATURE_VERIFICATION", async () => {
    await expectRejected(alice.sessionBody(transfer(), { key: bob.session!.key }), 'SIGNATURE_VERIFICATION');
  });

  it('a session signature on a wallet-signed kind is SIGNATURE_VERIFICATION', async () => {
    const raw = encodeActionRaw(schema, {
      currentTimestamp: ex.now(),
      nonce: 999,
      kind: { type: 'revokeSession', sessionId: alice.session!.id },
    });
    await expectRejected(
      buildActionBody(raw, signAction(raw, alice.session!.key, 'session')),
      'SIGNATURE_VERIFICATION',
    );
  });

  it('a timestamp more than 120 s old is TIMESTAMP_STALE; more than 120 s ahead is TIMESTAMP_OUT_OF_THRESHOLD', async () => {
    await expectRejected(alice.sessionBody(transfer(), { timestamp: ex.now() - 121n }), 'TIMESTAMP_STALE');
    await expectRejected(
      alice.sessionBody(transfer(), { timestamp: ex.now() + 121n }),
      'TIMESTAMP_OUT_OF_THRESHOLD',
    );
    // inside the window both ways is fine
    expect(
      errorOf(await ex.submit(alice.sessionBody(transfer(), { timestamp: ex.now() - 119n }))),
    ).toBeNull();
    expect(
      errorOf(await ex.submit(alice.sessionBody(transfer(), { timestamp: ex.now() + 119n }))),
    ).toBeNull();
  });

  it('a nonce not above the signer’s last is ACTION_INVALID_NONCE, and the rejection does not consume it', async () => {
    const used = alice.session!.nonce;
    await expectRejected(alice.sessionBody(transfer(), { nonce: used }), 'ACTION_INVALID_NONCE');
    await expectRejected(alice.sessionBody(transfer(), { nonce: used - 1 }), 'ACTION_INVALID_NONCE');
    expect(
      await ex.getJson<number>(`/event/last-acked-nonce?signer=${encodeURIComponent(sessionAddress())}`),
    ).toBe(used);
    // a rejected action with a fresh nonce (stale time) does not burn that nonce either
    await expectRejected(
      alice.sessionBody(transfer(), { nonce: used + 1, timestamp: ex.now() - 500n }),
      'TIMESTAMP_STALE',
    );
    expect(errorOf(await ex.submit(alice.sessionBody(transfer(), { nonce: used + 1 })))).toBeNull();
    alice.session!.nonce = used + 1;
  });

  it('nonces are per signer: the wallet and each session count separately', async () => {
    // Alice's session has used many nonces; Bob's session starts from its own count.
    expect(alice.session!.nonce).toBeGreaterThan(3);
    const bobAccount = (await bob.accountIds())[0]!;
    const bobTransfer = {
      type: 'transfer' as const,
      sessionId: bob.session!.id,
      fromAccountId: bobAccount,
      tokenId: USDC,
      amount: 1n,
    };
    expect(errorOf(await ex.submit(bob.sessionBody(bobTransfer, { nonce: 1 })))).toBeNull();
    expect(errorOf(await ex.submit(bob.sessionBody(bobTransfer, { nonce: 1 })))).toBe('DUPLICATE');
    expect(errorOf(await ex.submit(bob.sessionBody({ ...bobTransfer, amount: 2n }, { nonce: 1 })))).toBe(
      'ACTION_INVALID_NONCE',
    );
    // Bob's wallet signed only its CreateSession (nonce 1); its next wallet nonce is 2, independent of the session's.
    expect(await ex.getJson<number>(`/event/last-acked-nonce?signer=${bob.address}`)).toBe(1);
    bob.session!.nonce = 1;
  });

  it('the exact same signed body again is DUPLICATE carrying the original action id, applied once', async () => {
    const body = alice.sessionBody(transfer(usdc(2)));
    const first = await ex.submit(body);
    expect(first.kind.type).toBe('transferred');
    const before = await balances(ex, account);
    const again = await ex.submit(body);
    expect(errorOf(again)).toBe('DUPLICATE');
    expect(again.actionId).toBe(first.actionId);
    expect(await balances(ex, account)).toEqual(before);
  });

  it('a Deposit action is refused: only the settlement chain credits deposits', async () => {
    await expectRejected(
      alice.sessionBody({
        type: 'deposit',
        actionNonce: 1n,
        tokenAddr: Buffer.alloc(32, 7),
        amount: usdc(1_000_000),
        userPubkey: alice.key.publicKey,
        senderPubkey: alice.key.publicKey,
        tokenId: USDC,
        chainTxId: 'forged',
      }),
      'UNAUTHENTICATED_L1_ACTION',
    );
  });

  it('an unknown session is SESSION_NOT_FOUND', async () => {
    await expectRejected(alice.sessionBody({ ...transfer(), sessionId: 987654n }), 'SESSION_NOT_FOUND');
  });

  it.each<[string, ActionKind]>([
    [
      'create_token (5)',
      {
        type: 'createToken',
        tokenDecimals: 6,
        weightBps: 1,
        viewSymbol: 'X',
        oracleSymbol: 'X',
        solAddr: key,
        aclPubkey: key,
      },
    ],
    ['pyth_price_feed_update (13)', { type: 'pythPriceFeedUpdate', rawPythnetData: Buffer.from('proof') }],
    ['liquidate (14)', { type: 'liquidate', liquidatorSessionId: 1n, liquidateeAccountId: 0 }],
    ['pause (16)', { type: 'pause', aclPubkey: key }],
    ['take_position (34)', { type: 'takePosition', sessionId: 1n, marketId: 0, size: -5n }],
    ['freeze_market (36)', { type: 'freezeMarket', aclPubkey: key, marketId: 0 }],
    ['add_fee_tier (38)', { type: 'addFeeTier', aclPubkey: key, config: { makerFeeBps: 1, takerFeeBps: 2 } }],
    [
      'update_accounts_tier (40)',
      { type: 'updateAccountsTier', tierId: 1, accounts: [1, 2], aclPubkey: key },
    ],
    [
      'update_acl (41)',
      { type: 'updateAcl', aclPubkey: key, targetPubkey: key, rolesMask: 1, rolesValue: 1 },
    ],
  ])(
    'the public kind %s, which the devnet does not implement, is NOT_IMPLEMENTED, not a decode failure',
    async (_label, kind) => {
      await expectRejected(alice.sessionBody(kind), 'NOT_IMPLEMENTED');
    },
  );
});

const key = Buffer.alloc(32, 3);

function sessionAddress(): string {
  return bs58.encode(alice.session!.key.publicKey);
}
