// Strict decoding, both ways. Every malformed shape (a field with the wrong wire type, a message cut short, a
// shape the message does not allow) sent to the devnet's POST /action is answered with the DECODE_FAILURE
// refinement that says what is wrong and changes nothing; the same kinds of damage in a receipt make the app's
// decoder refuse it, never read it as zeros. The bytes are written by hand (tests/support/proto-wire.ts)
// from the public field numbers, including the project's earlier invented layouts a stale client might send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TestWallet,
  USDC,
  balances,
  errorOf,
  startExchange,
  usdc,
  type TestExchange,
} from './support/exchange';
import { decodeReceipt, encodeAction } from '../../src/protocol/codec';
import { buildActionBody, encodeVarint, frame } from '../../src/protocol/framing';
import { signAction } from '../../src/protocol/signing';
import { ProtocolError, type ProtocolErrorCode } from '../../src/protocol/errors';
import { b, m, s, tag, v, varint } from '../support/proto-wire';
import { schema } from './support/exchange';

let ex: TestExchange;
let w: TestWallet;
let account: number;
let sid: bigint;

beforeAll(async () => {
  ex = await startExchange();
  w = new TestWallet(ex);
  await w.deposit(USDC, usdc(100));
  await w.createSession();
  sid = w.session!.id;
  account = (await w.accountIds())[0]!;
});
afterAll(() => ex?.close());

/** Action { current_timestamp = 1; nonce = 2; <kind> } with the engine's time, so only the shape is wrong. */
const action = (...fields: Buffer[]): Buffer => Buffer.concat([v(1, ex.now()), v(2, 1_000), ...fields]);
const kind = (number: number, ...fields: Buffer[]): Buffer => action(m(number, ...fields));
const raw = (...bytes: number[]): Buffer => Buffer.from(bytes);

type Refinement = 'DECODE_FAILURE_RAW' | 'DECODE_FAILURE_DOMAIN' | 'DECODE_FAILURE_LENGTH_PREFIX';

/** [what is wrong, the Action payload, the Error the devnet answers] */
const ACTIONS: [string, () => Buffer, Refinement][] = [
  // wrong wire type
  ['the kind place_order (7) sent as a VARINT', () => action(v(7, 5)), 'DECODE_FAILURE_RAW'],
  [
    'PlaceOrder.price (6) sent as LEN',
    () => kind(7, v(1, sid), b(6, raw(1, 2)), v(7, 10)),
    'DECODE_FAILURE_RAW',
  ],
  [
    'AddTrigger in the earlier flat layout: side (3) a VARINT where the public TriggerKey belongs',
    () => kind(32, v(1, sid), v(3, 1), v(4, 0), v(5, 600_000)),
    'DECODE_FAILURE_RAW',
  ],
  [
    'Atomic in the earlier layout: actions at 2 (LEN) where the public account_id (VARINT) is',
    () => kind(35, v(1, sid), m(2, m(1, v(2, 0), v(7, 10)))),
    'DECODE_FAILURE_RAW',
  ],
  [
    'PlaceOrder.quote_size (8) as the earlier u128 split into VARINTs',
    () => kind(7, v(1, sid), v(7, 10), v(8, 5)),
    'DECODE_FAILURE_RAW',
  ],
  [
    'Withdraw.token_id (uint32) above 2^32',
    () => kind(10, v(1, 2 ** 33), v(2, sid), v(3, 5)),
    'DECODE_FAILURE_RAW',
  ],
  // cut short
  [
    'a nested message whose length runs past the end',
    () => Buffer.concat([action(), raw(...tag(101, 2), 10, 0x08, 0x01)]),
    'DECODE_FAILURE_RAW',
  ],
  ['a varint cut short', () => Buffer.concat([kind(101, v(1, sid)), raw(0x08)]), 'DECODE_FAILURE_RAW'],
  [
    'a fixed 8-byte field cut short',
    () => Buffer.concat([kind(101, v(1, sid)), raw(...tag(60, 1), 1, 2, 3)]),
    'DECODE_FAILURE_RAW',
  ],
  [
    'a length-delimited kind with its tag only',
    () => Buffer.concat([action(), raw(...tag(101, 2))]),
    'DECODE_FAILURE_RAW',
  ],
  // not allowed at all
  [
    'a group (wire type 3)',
    () => Buffer.concat([kind(101, v(1, sid)), raw(...tag(60, 3))]),
    'DECODE_FAILURE_RAW',
  ],
  ['wire type 7', () => Buffer.concat([kind(101, v(1, sid)), raw(...tag(60, 7), 0)]), 'DECODE_FAILURE_RAW'],
  ['field number 0', () => Buffer.concat([raw(0x00, 0x01), kind(101, v(1, sid))]), 'DECODE_FAILURE_RAW'],
  // a shape the message does not allow
  ['no kind', () => action(), 'DECODE_FAILURE_DOMAIN'],
  ['two kinds at once', () => action(m(101, v(1, sid)), m(15, v(1, sid))), 'DECODE_FAILURE_DOMAIN'],
  ['AddTrigger without its TriggerPrices (4)', () => kind(32, v(1, sid), m(3)), 'DECODE_FAILURE_DOMAIN'],
  [
    'AddTrigger without its TriggerKey (3)',
    () => kind(32, v(1, sid), m(4, v(5, 5))),
    'DECODE_FAILURE_DOMAIN',
  ],
  [
    'RemoveTrigger naming neither a TriggerKey (3) nor a trigger_id (11)',
    () => kind(33, v(1, sid), v(10, account)),
    'DECODE_FAILURE_DOMAIN',
  ],
  [
    'an atomic subaction with no inner kind',
    () => kind(35, v(1, sid), m(6, v(32, account))),
    'DECODE_FAILURE_DOMAIN',
  ],
  [
    'a TradeOrPlace without its OrderLimit (6)',
    () => kind(35, v(1, sid), m(6, m(6, v(2, 0), m(3, v(3, 1))))),
    'DECODE_FAILURE_DOMAIN',
  ],
  ['an unknown enum value (Side 7)', () => kind(7, v(1, sid), v(3, 7), v(7, 100)), 'DECODE_FAILURE_DOMAIN'],
  ['a string that is not UTF-8', () => kind(9, v(3, 5), b(7, raw(0xff, 0xfe))), 'DECODE_FAILURE_DOMAIN'],
  ['an empty action', () => Buffer.alloc(0), 'DECODE_FAILURE_DOMAIN'],
];

describe('POST /action refuses every malformed shape with its DECODE_FAILURE refinement, changing nothing', () => {
  const state = async () => ({
    lastId: await ex.getJson<unknown>('/action/last-executed-id'),
    nonce: await ex.getJson<unknown>(`/event/last-acked-nonce?signer=${encodeURIComponent(w.address)}`),
    balances: await balances(ex, account),
    triggers: await ex.getJson<unknown>(`/account/${account}/triggers`),
  });

  it.each(ACTIONS)('%s', async (_label, payload, error) => {
    const before = await state();
    const receipt = await ex.submit(Buffer.concat([frame(payload()), Buffer.alloc(64, 1)]));
    expect(errorOf(receipt)).toBe(error);
    expect(receipt.actionId).toBe(0n);
    expect(await state()).toEqual(before);
  });

  it.each([
    ['a length prefix larger than what follows', Buffer.concat([encodeVarint(500), Buffer.alloc(70)])],
    ['a length prefix cut short', raw(0x80)],
    ['a length prefix longer than 5 bytes', raw(0x80, 0x80, 0x80, 0x80, 0x80, 0x01)],
  ])('%s is DECODE_FAILURE_LENGTH_PREFIX', async (_label, body) => {
    const receipt = await ex.submit(body);
    expect(errorOf(receipt)).toBe('DECODE_FAILURE_LENGTH_PREFIX');
    expect(receipt.actionId).toBe(0n);
  });

  it('an unknown field at a free number is skipped as protobuf requires, and the action executes', async () => {
    // a SelfRevoke carrying a field 60 that no message declares: a well-formed extension, signed as usual
    const other = new TestWallet(ex);
    await other.deposit(USDC, usdc(10));
    await other.createSession();
    const session = other.session!;
    const payload = Buffer.concat([
      encodeAction(schema, {
        currentTimestamp: ex.now(),
        nonce: 1,
        kind: { type: 'selfRevoke', sessionId: session.id },
      }),
      v(60, 1),
    ]);
    const signed = frame(payload);
    const result = await ex.submit(buildActionBody(signed, signAction(signed, session.key, 'session')));
    expect(result.kind).toEqual({ type: 'selfRevoked', sessionId: session.id });
  });
});

/** Receipt { action_id = 1; <kind> } */
const receipt = (...fields: Buffer[]): Buffer => Buffer.concat([v(1, 9), ...fields]);

const RECEIPTS: [string, Buffer, ProtocolErrorCode][] = [
  [
    'PlaceOrderResult in the earlier layout: order_id (1) a VARINT where the public Posted belongs',
    frame(receipt(m(34, v(1, 5), v(2, 10), v(3, 0)))),
    'DECODE_FAILURE_RAW',
  ],
  [
    'WithdrawResult in the earlier layout: event_nonce a VARINT at 6 where the public user_pubkey bytes belong',
    frame(receipt(m(39, v(1, 0), v(2, 25), v(5, 1), v(6, 3)))),
    'DECODE_FAILURE_RAW',
  ],
  [
    'AtomicResult in the earlier layout: a nested Receipt whose action_id VARINT sits where place_order_result is',
    frame(receipt(m(67, m(1, v(1, 5))))),
    'DECODE_FAILURE_RAW',
  ],
  ['the Error (32) sent as LEN', frame(receipt(b(32, raw(2)))), 'DECODE_FAILURE_RAW'],
  [
    'a receipt cut inside its kind',
    frame(Buffer.concat([receipt(), raw(...tag(39, 2), 20, 0x08, 0x01)])),
    'DECODE_FAILURE_RAW',
  ],
  ['no kind', frame(receipt()), 'DECODE_FAILURE_DOMAIN'],
  ['two kinds at once', frame(receipt(v(32, 2), m(44))), 'DECODE_FAILURE_DOMAIN'],
  ['an Error value the enum does not have (32)', frame(receipt(v(32, 32))), 'DECODE_FAILURE_DOMAIN'],
  ['an atomic result with no inner kind', frame(receipt(m(67, m(1)))), 'DECODE_FAILURE_DOMAIN'],
  [
    'an unknown SpecialAccount in Transferred',
    frame(receipt(m(47, v(1, 1), v(6, 9)))),
    'DECODE_FAILURE_DOMAIN',
  ],
  [
    'a length prefix larger than what follows',
    Buffer.concat([raw(...varint(50)), receipt(m(44))]),
    'LENGTH_MISMATCH',
  ],
  ['bytes after the receipt', Buffer.concat([frame(receipt(m(44))), raw(0)]), 'TRAILING_BYTES'],
];

describe("the app's receipt decoder refuses every malformed shape", () => {
  it.each(RECEIPTS)('%s', (_label, body, code) => {
    let thrown: unknown;
    try {
      decodeReceipt(schema, body);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProtocolError);
    expect((thrown as ProtocolError).code).toBe(code);
  });

  it('the same kinds, well formed, decode', () => {
    expect(decodeReceipt(schema, frame(receipt(m(44))))).toEqual({
      actionId: 9n,
      kind: { type: 'sessionRevoked' },
    });
    // an unknown field at a free number is skipped
    expect(decodeReceipt(schema, frame(receipt(m(44), v(20, 1), s(21, 'later'))))).toEqual({
      actionId: 9n,
      kind: { type: 'sessionRevoked' },
    });
  });
});
