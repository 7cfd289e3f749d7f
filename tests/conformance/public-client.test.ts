// A client written only from shared/public-engine/ (protobuf.md's field numbers and signing rules), with no
// project code on the wire path: it writes every action by hand with the public numbers only (no project
// field), signs as the public SDK does, and reads every receipt field by field as a public decoder would,
// failing on any field whose wire type is not the public one. It creates a session, places and cancels an
// order, adds and removes a trigger, withdraws, transfers into a new account and back, sends an atomic
// action, and reads a refusal. (Funding the wallet uses the test exchange's deposit helper.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { TestWallet, USDC, startExchange, usdc, type TestExchange } from './support/exchange';
import { LEN, VARINT, b, m, readFields, v, varint, type WireField } from '../support/proto-wire';

let ex: TestExchange;
let wallet: TestWallet;

beforeAll(async () => {
  ex = await startExchange();
  wallet = new TestWallet(ex);
  await wallet.deposit(USDC, usdc(1_000));
});
afterAll(() => ex?.close());

/** The fields of one number, each checked to have the public wire type. */
function all(fields: WireField[], field: number, wire: number): WireField['value'][] {
  const found = fields.filter((f) => f.field === field);
  for (const f of found) expect(f.wire, `field ${field} wire type`).toBe(wire);
  return found.map((f) => f.value);
}
const num = (fields: WireField[], field: number): bigint => (all(fields, field, VARINT)[0] as bigint) ?? 0n;
const msg = (fields: WireField[], field: number): WireField[] | undefined => {
  const value = all(fields, field, LEN)[0] as Buffer | undefined;
  return value === undefined ? undefined : readFields(value);
};
const bytes = (fields: WireField[], field: number): Buffer | undefined =>
  all(fields, field, LEN)[0] as Buffer | undefined;

/** The public SDK's framing and signing (protobuf.md section 8). */
async function post(payload: Buffer, signer: (raw: Buffer) => Buffer): Promise<WireField[]> {
  const raw = Buffer.concat([Buffer.from(varint(payload.length)), payload]);
  const res = await fetch(`${ex.url}/action`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: Buffer.concat([raw, signer(raw)]),
  });
  expect(res.status).toBe(200);
  const body = Buffer.from(await res.arrayBuffer());
  // a length-delimited Receipt: varint(len) || receipt
  const [length] = readFields(Buffer.concat([Buffer.from([0x08]), body])).map((f) => Number(f.value));
  const prefix = varint(length!).length;
  expect(body.length).toBe(prefix + length!);
  return readFields(body.subarray(prefix));
}
const sessionSign = (key: KeyObject) => (raw: Buffer) => sign(null, raw, key);

const rawPublic = (key: KeyObject): Buffer =>
  Buffer.from(key.export({ format: 'jwk' }).x as string, 'base64url');

describe('a client written only from the public schema', () => {
  it('runs every journey on the devnet and decodes every answer', async () => {
    const timestamp = async (): Promise<bigint> =>
      BigInt((await (await fetch(`${ex.url}/timestamp`)).json()) as number);
    const action = async (nonce: number, kind: number, ...fields: Buffer[]) =>
      Buffer.concat([v(1, await timestamp()), v(2, nonce), m(kind, ...fields)]);

    // CreateSession (4), wallet-signed over the hex text of raw → create_session_result (33) { session_id 1 }
    const session = generateKeyPairSync('ed25519');
    const sessionPub = rawPublic(session.publicKey);
    const created = await post(
      await action(1, 4, b(1, wallet.key.publicKey), b(2, sessionPub), v(3, (await timestamp()) + 3600n)),
      (raw) => wallet.key.sign(Buffer.from(raw.toString('hex'), 'utf8')),
    );
    expect(num(created, 1)).toBeGreaterThan(0n);
    const sid = num(msg(created, 33)!, 1);
    expect(sid).toBeGreaterThan(0n);
    let nonce = 0;
    const send = async (kind: number, ...fields: Buffer[]) =>
      post(await action(++nonce, kind, ...fields), sessionSign(session.privateKey));

    // PlaceOrder (7): a LIMIT bid far below the market rests → place_order_result (34) { posted 1 { order_id 5, account_id 6 } }
    const placed = msg(await send(7, v(1, sid), v(3, 1), v(6, 10), v(7, 10)), 34)!;
    const posted = msg(placed, 1)!;
    const orderId = num(posted, 5);
    const account = Number(num(posted, 6));
    expect(num(posted, 1)).toBe(1n); // side BID
    expect(num(posted, 3)).toBe(10n);
    expect(num(posted, 4)).toBe(10n);
    expect(all(placed, 2, LEN)).toEqual([]); // no fills

    // CancelOrderById (8) → cancel_order_result (35) { order_id 1, account_id 2 }
    const cancelled = msg(await send(8, v(1, sid), v(2, orderId)), 35)!;
    expect([num(cancelled, 1), num(cancelled, 2)]).toEqual([orderId, BigInt(account)]);

    // AddTrigger (32) keyed by TriggerKey { kind 3, side 4 } with TriggerPrices { trigger_price 5 } → trigger_added (64)
    const stopLossAsk = m(3); // STOP_LOSS 0, ASK 0: both defaults
    const triggerAdded = await send(32, v(1, sid), stopLossAsk, m(4, v(5, 600_000)));
    expect(msg(triggerAdded, 64)).toBeDefined();
    expect((await ex.getJson<unknown[]>(`/account/${account}/triggers`)).length).toBe(1);
    // RemoveTrigger (33) by the same key → trigger_removed (65)
    expect(msg(await send(33, v(1, sid), stopLossAsk), 65)).toBeDefined();
    expect(await ex.getJson<unknown[]>(`/account/${account}/triggers`)).toEqual([]);

    // Withdraw (10) → withdraw_result (39) { token_id 1, amount 2, balance 3, account_id 4, fee 5, user_pubkey 6 (bytes) }
    const withdrawn = msg(await send(10, v(2, sid), v(3, usdc(5))), 39)!;
    expect(num(withdrawn, 2)).toBe(usdc(5));
    expect(num(withdrawn, 4)).toBe(BigInt(account));
    expect(num(withdrawn, 5)).toBeGreaterThan(0n);
    expect(bytes(withdrawn, 6)).toEqual(wallet.key.publicKey);

    // Transfer (18) without to_account_id → transferred (47) { from 1, to_user_account 2, amount 4, account_created 5 }
    const moved = msg(await send(18, v(1, sid), v(2, account), v(4, usdc(10))), 47)!;
    const created2 = Number(num(moved, 2));
    expect(num(moved, 1)).toBe(BigInt(account));
    expect(created2).not.toBe(account);
    expect(num(moved, 4)).toBe(usdc(10));
    expect(num(moved, 5)).toBe(1n);
    // and back with to_account_id (8)
    const back = msg(await send(18, v(1, sid), v(2, created2), v(4, usdc(4)), v(8, account)), 47)!;
    expect([num(back, 2), num(back, 5)]).toEqual([BigInt(account), 0n]);

    // Atomic (35) { session_id 1, actions 6 [ { trade_or_place 6 { market_id 2, order_type 3, limit 6 } } ] }
    // → atomic (67) { results 1 [ { place_order_result 1 { posted 1 } } ] }
    const order = m(6, m(3, v(3, 1)), m(6, v(6, 10), v(7, 10)));
    const atomic = msg(await send(35, v(1, sid), m(6, order)), 67)!;
    const [result] = all(atomic, 1, LEN) as Buffer[];
    const atomicPosted = msg(msg(readFields(result!), 1)!, 1)!;
    expect(num(atomicPosted, 6)).toBe(BigInt(account));

    // A refusal: err (32) is a VARINT Error value; ORDER_NOT_FOUND = 8, action_id 0
    const refused = await send(8, v(1, sid), v(2, 999_999));
    expect(all(refused, 32, VARINT)).toEqual([8n]);
    expect(num(refused, 1)).toBe(0n);
  });
});
