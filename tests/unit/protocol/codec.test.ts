import { describe, expect, it } from 'vitest';
import { loadSchema, readBundledProto } from '../../../src/protocol/schema';
import {
  decodeAction,
  decodeReceipt,
  encodeAction,
  encodeActionRaw,
  encodeReceipt,
} from '../../../src/protocol/codec';
import {
  buildActionBody,
  decodeVarint,
  encodeVarint,
  frame,
  splitActionBody,
  unframe,
} from '../../../src/protocol/framing';
import { ProtocolError, type ProtocolErrorCode } from '../../../src/protocol/errors';
import { ERROR_CODES } from '../../../src/protocol/error-codes';
import { fromU128, toU128 } from '../../../src/protocol/u128';
import { ERROR_NAMES, RECEIPT_ERROR_MESSAGES } from '../../../src/shared/receipt-errors';
import type { Action, ActionKind, PlaceOrderResult, Receipt, ReceiptKind } from '../../../src/protocol/types';

const schema = loadSchema(readBundledProto());
const BIG = (1n << 63n) + 12345n; // above 2^53: must survive exactly
const U64_MAX = (1n << 64n) - 1n;
const key = (n: number): Buffer => Buffer.alloc(32, n);

function expectProtocolError(fn: () => unknown, code: ProtocolErrorCode): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).code).toBe(code);
    return;
  }
  throw new Error(`expected a ProtocolError ${code}`);
}

const trigger = {
  marketId: 2,
  key: { side: 'ASK', kind: 'STOP_LOSS' },
  prices: {
    triggerPrice: 123_456n,
    limitPrice: 120_000n,
    limitBaseSize: 5n,
    limitQuoteSize: (1n << 70n) + 1n,
  },
  accountId: 4,
} as const;

const ACTION_KINDS: ActionKind[] = [
  {
    type: 'createSession',
    userPubkey: key(1),
    sessionPubkey: key(2),
    expiryTimestamp: 1_800_000_000n,
    framing: 'CHAIN_TRANSACTION',
    refreshDeadline: 1_900_000_000n,
  },
  { type: 'createSession', userPubkey: key(1), sessionPubkey: key(2), expiryTimestamp: 1_800_000_000n },
  {
    type: 'placeOrder',
    sessionId: BIG,
    marketId: 1,
    side: 'BID',
    fillMode: 'FILL_OR_KILL',
    isReduceOnly: true,
    price: 724_336n,
    size: 10n,
    quoteSize: { size: 10n, price: U64_MAX },
    delegatorAccountId: 5,
    clientOrderId: U64_MAX,
    senderAccountId: 9,
    senderTrackingId: BIG,
  },
  { type: 'cancelOrderById', sessionId: 1n, orderId: BIG, delegatorAccountId: 2, senderAccountId: 3 },
  {
    type: 'deposit',
    actionNonce: 7n,
    tokenAddr: key(6),
    amount: BIG,
    userPubkey: key(3),
    senderPubkey: key(4),
    tokenId: 1,
    chainTxId: 'tx-1',
    accountId: 2,
  },
  { type: 'withdraw', tokenId: 0, sessionId: U64_MAX, amount: 25_000_000n, destPubkey: key(4), accountId: 3 },
  { type: 'withdraw', tokenId: 1, sessionId: 5n, amount: 1n },
  { type: 'revokeSession', sessionId: BIG },
  { type: 'transfer', sessionId: 2n, fromAccountId: 1, tokenId: 0, amount: BIG, toAccountId: 0 },
  { type: 'transfer', sessionId: 2n, fromAccountId: 1, tokenId: 0, amount: 10n },
  { type: 'transfer', sessionId: 2n, fromAccountId: 1, tokenId: 0, amount: 10n, specialAccount: 'FeeVault' },
  {
    type: 'transfer',
    sessionId: 2n,
    fromAccountId: 1,
    tokenId: 0,
    amount: 1n,
    specialAccount: 'CLAIM_VAULT',
  },
  { type: 'addTrigger', sessionId: 3n, ...trigger },
  { type: 'removeTrigger', sessionId: 3n, marketId: 2, triggerId: BIG },
  {
    type: 'removeTrigger',
    sessionId: 3n,
    marketId: 2,
    key: { kind: 'TAKE_PROFIT', side: 'BID' },
    accountId: 1,
  },
  {
    type: 'atomic',
    sessionId: 4n,
    accountId: 6,
    actions: [
      {
        inner: {
          type: 'tradeOrPlace',
          marketId: 1,
          orderType: { side: 'BID', fillMode: 'POST_ONLY', isReduceOnly: true },
          limit: { price: 5n, size: 6n, quoteSize: { size: 1n, price: 2n } },
          clientOrderId: 3n,
        },
      },
      { inner: { type: 'cancelOrder', orderId: 1n } },
      {
        inner: { type: 'vaultDeposit', sessionId: 4n, vaultId: 1, amount: 9n },
        targetAccountId: 77,
        useKey: true,
      },
      { inner: { type: 'vaultWithdrawRequest', sessionId: 4n, vaultId: 1, kind: 'SHARES', amount: 9n } },
      { inner: { type: 'addTrigger', sessionId: 4n, ...trigger } },
      { inner: { type: 'removeTrigger', sessionId: 4n, marketId: 2, triggerId: 3n } },
    ],
  },
  { type: 'refreshSession', sessionId: 6n, expiryTimestamp: 1_800_000_100n },
  { type: 'selfRevoke', sessionId: 6n },
  { type: 'editTrigger', sessionId: 3n, triggerId: 8n, ...trigger },
  { type: 'vaultDeposit', sessionId: 1n, vaultId: 0, amount: 1_000_000n, accountId: 1 },
  { type: 'vaultWithdrawRequest', sessionId: 1n, vaultId: 0, kind: 'SHARES', amount: 5n },
  { type: 'vaultWithdrawClaim', sessionId: 1n, vaultId: 0 },
  { type: 'vaultSyncEpochs', sessionId: 1n, vaultId: 0 },
  // public kinds the devnet decodes and answers with NOT_IMPLEMENTED
  {
    type: 'createToken',
    tokenDecimals: 6,
    weightBps: 10_000,
    viewSymbol: 'USDC',
    oracleSymbol: 'USDC',
    solAddr: key(7),
    aclPubkey: key(8),
  },
  {
    type: 'createMarket',
    sizeDecimals: 4,
    priceDecimals: 1,
    imfBps: 500,
    cmfBps: 300,
    mmfBps: 250,
    marketType: 'PERPETUALS',
    viewSymbol: 'BTC-PERP',
    oracleSymbol: 'BTC',
    baseTokenId: 1,
    aclPubkey: key(8),
  },
  { type: 'pythSetWormholeGuardians', guardianSetIndex: 3, addresses: [key(1), key(2)], aclPubkey: key(8) },
  { type: 'pythSetSymbolFeed', oracleSymbol: 'BTC', priceFeedId: key(9), aclPubkey: key(8) },
  { type: 'pythPriceFeedUpdate', rawPythnetData: Buffer.from('pyth') },
  { type: 'liquidate', liquidatorSessionId: 1n, liquidateeAccountId: 2, liquidatorAccountId: 3 },
  { type: 'pause', aclPubkey: key(8) },
  { type: 'unpause', aclPubkey: key(8) },
  { type: 'takePosition', sessionId: 1n, marketId: 0, size: -5n, senderAccountId: 2, price: 9n },
  { type: 'freezeMarket', aclPubkey: key(8), marketId: 1 },
  { type: 'unfreezeMarket', aclPubkey: key(8), marketId: 1 },
  { type: 'addFeeTier', aclPubkey: key(8), config: { makerFeeBps: 1, takerFeeBps: 5 } },
  { type: 'updateFeeTier', id: 2, config: { makerFeeBps: 0, takerFeeBps: 4 }, aclPubkey: key(8) },
  { type: 'updateAccountsTier', tierId: 1, accounts: [1, 2, 70_000], aclPubkey: key(8) },
  { type: 'updateAcl', aclPubkey: key(8), targetPubkey: key(9), rolesMask: 3, rolesValue: 1 },
];

const PLACED: PlaceOrderResult = {
  posted: { side: 'BID', marketId: 1, price: 7n, size: 2n, orderId: BIG, accountId: 3 },
  fills: [{ orderId: BIG, price: 7n, size: 5n, accountId: 2 }],
  clientOrderId: U64_MAX,
  senderTrackingId: 4n,
  triggered: { kind: 'TAKE_PROFIT', triggerPrice: 8n },
  orderId: BIG,
  filledSize: 5n,
  remainingSize: 2n,
};

const RECEIPT_KINDS: ReceiptKind[] = [
  { type: 'err', error: 'DUPLICATE' },
  { type: 'err', error: 'BALANCE_INSUFFICIENT' },
  { type: 'err', error: 'Dropped' },
  { type: 'createSessionResult', sessionId: BIG, expiry: 1_800_000_000n, refreshDeadline: 1_900_000_000n },
  { type: 'createSessionResult', sessionId: 1n, expiry: 1_800_000_000n },
  { type: 'placeOrderResult', ...PLACED },
  { type: 'placeOrderResult', fills: [] },
  { type: 'cancelOrderResult', orderId: 1n, accountId: 4, cancelledSize: 4n },
  { type: 'depositResult', tokenId: 0, amount: BIG, accountId: 0, userCreated: true, userPubkey: key(2) },
  {
    type: 'withdrawResult',
    tokenId: 0,
    amount: 25_000_000n,
    balance: 75_000_000n,
    accountId: 1,
    fee: 1_000_000n,
    userPubkey: key(4),
    destPubkey: key(5),
    eventNonce: 42n,
  },
  { type: 'sessionRevoked', sessionId: 1n },
  { type: 'sessionRevoked' },
  { type: 'transferred', fromAccountId: 1, toUserAccount: 2, tokenId: 0, amount: 5n, accountCreated: true },
  {
    type: 'transferred',
    fromAccountId: 1,
    tokenId: 0,
    amount: 5n,
    accountCreated: false,
    toSpecialAccount: 'FeeVault',
  },
  { type: 'triggerAdded', triggerId: BIG },
  { type: 'triggerAdded' },
  { type: 'triggerRemoved', triggerId: 1n },
  {
    type: 'atomic',
    results: [
      { inner: { type: 'placeOrderResult', ...PLACED } },
      { inner: { type: 'cancelOrder', orderId: 1n, accountId: 2 } },
      { inner: { type: 'triggerAdded', triggerId: 2n } },
      { inner: { type: 'triggerRemoved', triggerId: 2n } },
      { inner: { type: 'vaultDeposited', vaultId: 0, accountId: 1, amount: 10n, shares: 9n } },
      { inner: { type: 'vaultWithdrawRequested', vaultId: 0, accountId: 1, shares: 9n, epoch: 4n } },
    ],
  },
  { type: 'sessionRefreshed', sessionId: 1n, expiry: 2n, refreshDeadline: 3n },
  { type: 'selfRevoked', sessionId: 1n },
  { type: 'triggerEdited', triggerId: 1n },
  { type: 'vaultDeposited', vaultId: 0, accountId: 1, amount: 10n, shares: 9n },
  { type: 'vaultWithdrawRequested', vaultId: 0, accountId: 1, shares: 9n, epoch: 4n },
  { type: 'vaultClaimed', vaultId: 0, accountId: 1, amount: 10n },
  { type: 'vaultEpochsSynced', vaultId: 0, vaultAccountId: 100, epoch: 5n },
  // public kinds of actions the devnet does not execute: decoded all the same
  {
    type: 'insertTokenResult',
    chainAddr: key(1),
    token: { tokenId: 1, tokenDecimals: 6, weightBps: 9_000, viewSymbol: 'SOL' },
  },
  {
    type: 'insertMarketResult',
    market: {
      marketId: 1,
      priceDecimals: 1,
      sizeDecimals: 4,
      baseTokenId: 1,
      marketType: 'PERPETUALS',
      imfBps: 500,
      cmfBps: 300,
      mmfBps: 250,
      viewSymbol: 'BTC-PERP',
    },
  },
  { type: 'oracleSymbolFeedResult', oracleSymbol: 'BTC', feedId: key(3) },
  { type: 'oracleUpdateResult', timestamp: 1_800_000_000n },
  { type: 'updateGuardianSetResult', guardianSetIndex: 4, addresses: [key(1)] },
  {
    type: 'liquidated',
    liquidatorAccountId: 1,
    liquidateeAccountId: 2,
    cancelledOrders: [BIG, 3n],
    removedPerps: [{ marketId: 0, baseSize: -10n, price: 5n }],
  },
  { type: 'paused' },
  { type: 'unpaused' },
  {
    type: 'positionTakenOrTraded',
    marketId: 0,
    positionTakenOrTradedKind: { type: 'taken', pnl: -3n, size: 4n, takerAccountId: 5 },
  },
  {
    type: 'positionTakenOrTraded',
    marketId: 0,
    positionTakenOrTradedKind: { type: 'traded', fills: [] },
  },
  { type: 'marketFreezeUpdated', marketId: 1, frozen: true },
  { type: 'feeTierAdded', config: { makerFeeBps: 1, takerFeeBps: 2 } },
  { type: 'feeTierUpdated', id: 1, config: { makerFeeBps: 1, takerFeeBps: 2 } },
  { type: 'accountsTierUpdated', tierId: 1, accounts: [4, 5] },
  { type: 'aclUpdated', aclPubkey: key(1), rolesMask: 3n, targetPubkey: key(2), rolesValue: U64_MAX },
];

describe('action and receipt round trips', () => {
  it('covers every action kind the schema has', () => {
    const oneofKinds = schema.action.oneofs.kind!.fieldsArray.map((f) => f.name).sort();
    expect([...new Set(ACTION_KINDS.map((k) => k.type))].sort()).toEqual(oneofKinds);
    const receiptKinds = schema.receipt.oneofs.kind!.fieldsArray.map((f) => f.name).sort();
    expect([...new Set(RECEIPT_KINDS.map((k) => k.type))].sort()).toEqual(receiptKinds);
  });

  it.each(ACTION_KINDS.map((kind) => [kind.type, kind] as const))(
    '%s survives encode and decode exactly',
    (_t, kind) => {
      const action: Action = { currentTimestamp: 1_767_225_600n, nonce: 4_294_967_295, kind };
      expect(decodeAction(schema, encodeAction(schema, action))).toEqual(action);
      expect(unframe(encodeActionRaw(schema, action)).equals(encodeAction(schema, action))).toBe(true);
    },
  );

  it.each(RECEIPT_KINDS.map((kind) => [kind.type, kind] as const))(
    'receipt %s survives encode and decode exactly',
    (_t, kind) => {
      const receipt: Receipt = { actionId: BIG, kind };
      expect(decodeReceipt(schema, encodeReceipt(schema, receipt))).toEqual(receipt);
    },
  );

  it('keeps the public field numbers on the wire', () => {
    const payload = encodeAction(schema, {
      currentTimestamp: 1n,
      nonce: 2,
      kind: { type: 'withdraw', tokenId: 3, sessionId: 4n, amount: 5n },
    });
    // field 1 varint 1, field 2 varint 2, field 10 (withdraw) length-delimited {1:3, 2:4, 3:5}
    expect(payload.toString('hex')).toBe('080110025206080310041805');
  });

  it('reads a field the wire did not carry as its default, an optional one or a sub-message as absent', () => {
    // codec.ts reads the decoded message itself, with what protobufjs's toObject with defaults would give
    const bytes = (object: Record<string, unknown>) =>
      Buffer.from(schema.action.encode(schema.action.fromObject(object)).finish());
    expect(decodeAction(schema, bytes({ placeOrder: {} }))).toEqual({
      currentTimestamp: 0n,
      nonce: 0,
      kind: {
        type: 'placeOrder',
        sessionId: 0n,
        marketId: 0,
        side: 'ASK',
        fillMode: 'LIMIT',
        isReduceOnly: false,
        price: 0n,
        size: 0n,
      },
    });
    expect(
      decodeAction(schema, bytes({ currentTimestamp: '-5', nonce: 3, atomic: { sessionId: '9' } })),
    ).toEqual({
      currentTimestamp: -5n,
      nonce: 3,
      kind: { type: 'atomic', sessionId: 9n, actions: [] },
    });
    const receipt = Buffer.from(
      schema.receipt.encode(schema.receipt.fromObject({ actionId: '7', placeOrderResult: {} })).finish(),
    );
    expect(decodeReceipt(schema, frame(receipt))).toEqual({
      actionId: 7n,
      kind: { type: 'placeOrderResult', fills: [] },
    });
    // an enum value the schema does not name is refused, not read as a number
    expect(() => decodeAction(schema, bytes({ placeOrder: { side: 7 } }))).toThrow(
      /Action\.placeOrder\.side: unknown Side value 7/,
    );
  });

  it('gives 64-bit extremes the bytes protobufjs gives their decimal text, and reads them back', () => {
    // bigints go to protobufjs's Long and come back from it without decimal text between (codec.ts)
    for (const currentTimestamp of [-(1n << 63n), -1n, 0n, (1n << 53n) + 1n, (1n << 63n) - 1n]) {
      for (const amount of [0n, 1n, (1n << 32n) - 1n, 1n << 32n, (1n << 53n) + 1n, U64_MAX]) {
        const action: Action = {
          currentTimestamp,
          nonce: 1,
          kind: { type: 'withdraw', tokenId: 0, sessionId: U64_MAX - amount, amount },
        };
        const reference = schema.action
          .encode(
            schema.action.fromObject({
              currentTimestamp: currentTimestamp.toString(),
              nonce: 1,
              withdraw: { tokenId: 0, sessionId: (U64_MAX - amount).toString(), amount: amount.toString() },
            }),
          )
          .finish();
        expect(encodeAction(schema, action).toString('hex')).toBe(Buffer.from(reference).toString('hex'));
        expect(decodeAction(schema, reference)).toEqual(action);
      }
    }
    const limitQuoteSize = (1n << 128n) - 1n;
    const receipt: Receipt = { actionId: U64_MAX, kind: RECEIPT_KINDS[0]! };
    expect(decodeReceipt(schema, encodeReceipt(schema, receipt))).toEqual(receipt);
    const edit = { ...trigger, prices: { ...trigger.prices, limitQuoteSize } };
    const withU128: Action = {
      currentTimestamp: -1n,
      nonce: 0,
      kind: { type: 'addTrigger', sessionId: 1n, ...edit },
    };
    expect(decodeAction(schema, encodeAction(schema, withU128))).toEqual(withU128);
  });
});

describe('encoding refuses values that do not fit', () => {
  it.each([
    [
      'a nonce above u32',
      { currentTimestamp: 1n, nonce: 2 ** 32, kind: { type: 'selfRevoke', sessionId: 1n } },
    ],
    [
      'a negative amount',
      { currentTimestamp: 1n, nonce: 1, kind: { type: 'withdraw', tokenId: 0, sessionId: 1n, amount: -1n } },
    ],
    [
      'an amount above u64',
      {
        currentTimestamp: 1n,
        nonce: 1,
        kind: { type: 'withdraw', tokenId: 0, sessionId: 1n, amount: 1n << 64n },
      },
    ],
    [
      'a number where a bigint belongs',
      { currentTimestamp: 1n, nonce: 1, kind: { type: 'withdraw', tokenId: 0, sessionId: 1n, amount: 5 } },
    ],
    ['an unknown kind', { currentTimestamp: 1n, nonce: 1, kind: { type: 'mint', sessionId: 1n } }],
    ['an unknown enum value', { currentTimestamp: 1n, nonce: 1, kind: { ...ACTION_KINDS[2], side: 'UP' } }],
  ])('%s', (_label, action) => {
    expectProtocolError(() => encodeAction(schema, action as unknown as Action), 'OUT_OF_RANGE');
  });
});

describe('malformed input gives a typed error', () => {
  const action: Action = { currentTimestamp: 1n, nonce: 1, kind: { type: 'selfRevoke', sessionId: 1n } };
  const raw = encodeActionRaw(schema, action);
  const body = buildActionBody(raw, Buffer.alloc(64, 9));

  it('splits a well-formed body into raw, payload and signature', () => {
    const parts = splitActionBody(body);
    expect(parts.raw.equals(raw)).toBe(true);
    expect(parts.signature.equals(Buffer.alloc(64, 9))).toBe(true);
    expect(decodeAction(schema, parts.payload)).toEqual(action);
  });

  it('empty body', () => expectProtocolError(() => splitActionBody(Buffer.alloc(0)), 'TRUNCATED_PREFIX'));
  it('truncated prefix', () =>
    expectProtocolError(() => splitActionBody(Buffer.from([0x80, 0x80])), 'TRUNCATED_PREFIX'));
  it('over-long prefix', () =>
    expectProtocolError(
      () => decodeVarint(Buffer.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x01])),
      'TRUNCATED_PREFIX',
    ));
  it('length larger than the body', () =>
    expectProtocolError(
      () => splitActionBody(Buffer.concat([encodeVarint(500), Buffer.alloc(10)])),
      'LENGTH_MISMATCH',
    ));
  it('signature too short', () =>
    expectProtocolError(() => splitActionBody(body.subarray(0, body.length - 1)), 'BAD_SIGNATURE_LENGTH'));
  it('signature too long', () =>
    expectProtocolError(
      () => splitActionBody(Buffer.concat([body, Buffer.from([0])])),
      'BAD_SIGNATURE_LENGTH',
    ));
  it('a body over 1024 bytes', () =>
    expectProtocolError(() => splitActionBody(Buffer.alloc(1025)), 'TOO_LARGE'));
  it('trailing bytes after one frame', () =>
    expectProtocolError(() => unframe(Buffer.concat([raw, Buffer.from([1])])), 'TRAILING_BYTES'));
  it('garbage payload', () =>
    expectProtocolError(() => decodeAction(schema, Buffer.from('ffffffffff', 'hex')), 'DECODE_FAILURE_RAW'));
  it('a payload with no kind', () =>
    expectProtocolError(() => decodeAction(schema, Buffer.from([0x08, 0x01])), 'DECODE_FAILURE_DOMAIN'));
  it('an empty payload', () =>
    expectProtocolError(() => decodeAction(schema, Buffer.alloc(0)), 'DECODE_FAILURE_DOMAIN'));
  it('a receipt with an unknown Error number', () => {
    // action_id 1, err (field 32, varint) = 1, not in the enum
    const payload = Buffer.from([0x08, 0x01, 0x80, 0x02, 0x01]);
    expectProtocolError(() => decodeReceipt(schema, frame(payload)), 'DECODE_FAILURE_DOMAIN');
  });
  it('a receipt with bytes after it', () => {
    const receipt = encodeReceipt(schema, { actionId: 1n, kind: { type: 'selfRevoked', sessionId: 1n } });
    expectProtocolError(
      () => decodeReceipt(schema, Buffer.concat([receipt, Buffer.from([0])])),
      'TRAILING_BYTES',
    );
  });
});

describe('schema and error values', () => {
  // Public Error numbers (public-engine/protobuf.md), which must never move; golden-vectors.test.ts checks
  // every one of the 117.
  const PUBLIC_ERRORS: Record<string, number> = {
    DUPLICATE: 0,
    DECODE_FAILURE_LENGTH_PREFIX: 33,
    DECODE_FAILURE_RAW: 34,
    DECODE_FAILURE_DOMAIN: 35,
    Dropped: 999,
    INVALID_SIGNATURE: 3,
    MARKET_NOT_FOUND: 4,
    TOKEN_NOT_FOUND: 5,
    USER_NOT_FOUND: 6,
    SESSION_NOT_FOUND: 7,
    ORDER_NOT_FOUND: 8,
    EXPIRY_TIMESTAMP_IN_PAST: 16,
    WITHDRAW_AMOUNT_TOO_SMALL: 21,
    DECODE_FAILURE: 2,
    TOO_MANY_USER_ACCOUNTS: 141,
    ACCOUNT_NOT_FOUND: 142,
    ACCOUNT_INVALID_OWNER: 143,
    BALANCE_INSUFFICIENT: 164,
    UNAUTHENTICATED_L1_ACTION: 165,
    ENCODED_ACTION_TOO_LARGE: 166,
    TRIGGER_INVALID_PRICE: 169,
    TRIGGER_NOT_FOUND: 170,
    TIMESTAMP_OUT_OF_THRESHOLD: 177,
    TIMESTAMP_STALE: 178,
    MARKET_FROZEN: 193,
    SIGNATURE_VERIFICATION: 217,
    RISK: 224,
    ACTION_INVALID_NONCE: 274,
    TRANSFER: 288,
    TRANSFER_TO_UNOWNED_ACCOUNT_IS_PROHIBITED: 289,
    NOT_IMPLEMENTED: 500,
    ACTION_NOT_ALLOWED: 501,
  };

  it('keeps every public Error number, and CONFIG exists', () => {
    for (const [name, number] of Object.entries(PUBLIC_ERRORS))
      expect(schema.errorEnum.values[name]).toBe(number);
    expect(schema.errorEnum.values.CONFIG).toBeTypeOf('number');
    expect(Object.values(schema.errorEnum.values)).not.toContain(32);
  });

  it('the TS map, the proto enum and the messages list the same values', () => {
    expect(schema.errorEnum.values).toEqual(ERROR_CODES);
    expect(Object.keys(ERROR_CODES).sort()).toEqual([...ERROR_NAMES].sort());
    for (const name of ERROR_NAMES) expect(RECEIPT_ERROR_MESSAGES[name].length).toBeGreaterThan(20);
  });

  it('keeps the public kind numbers', () => {
    const numbers = Object.fromEntries(schema.action.fieldsArray.map((f) => [f.name, f.id]));
    expect(numbers).toMatchObject({
      currentTimestamp: 1,
      nonce: 2,
      createSession: 4,
      placeOrder: 7,
      cancelOrderById: 8,
      deposit: 9,
      withdraw: 10,
      revokeSession: 15,
      transfer: 18,
      addTrigger: 32,
      removeTrigger: 33,
      atomic: 35,
    });
    const receipt = Object.fromEntries(schema.receipt.fieldsArray.map((f) => [f.name, f.id]));
    expect(receipt).toMatchObject({
      actionId: 1,
      err: 32,
      createSessionResult: 33,
      placeOrderResult: 34,
      cancelOrderResult: 35,
      depositResult: 36,
      withdrawResult: 39,
      sessionRevoked: 44,
      transferred: 47,
      triggerAdded: 64,
      triggerRemoved: 65,
      atomic: 67,
    });
  });

  it('a schema that lacks what the app needs is refused with its name', () => {
    expect(() =>
      loadSchema('syntax = "proto3"; package perpetua.v1; message Action { int64 current_timestamp = 1; }'),
    ).toThrow(/lacks the message perpetua.v1.Receipt/);
    expect(() => loadSchema('this is not proto')).toThrow(ProtocolError);
  });

  it.each([
    ['PlaceOrder place_order = 7', 'Action lacks placeOrder'],
    ['VaultWithdrawClaim vault_withdraw_claim = 105', 'Action lacks vaultWithdrawClaim'],
    ['TriggerEdited trigger_edited = 102', 'Receipt lacks triggerEdited'],
  ])('a schema without %s, which the app uses, is refused at load', (field, message) => {
    const proto = readBundledProto().replace(new RegExp(`^\\s*${field};$`, 'm'), '');
    expect(proto).not.toBe(readBundledProto());
    expect(() => loadSchema(proto)).toThrow(`the exchange schema's ${message}`);
  });

  it('u128 splits into halves and back, refusing out-of-range values', () => {
    const value = (1n << 127n) + 99n;
    expect(fromU128(toU128(value))).toBe(value);
    expect(toU128((1n << 64n) + 2n)).toEqual({ lo: 2n, hi: 1n });
    expectProtocolError(() => toU128(-1n), 'OUT_OF_RANGE');
    expectProtocolError(() => toU128(1n << 128n), 'OUT_OF_RANGE');
  });
});
