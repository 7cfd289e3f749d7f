// POST /action checks session signatures on the thread pool (ActionQueue). Moving the check must not move
// anything a client sees: actions execute in the order they arrived whatever order their checks finish in,
// a bad signature is refused as before, an action that arrived before a revocation executes before it, and
// none executes after the exchange has shut down.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionQueue, type VerifyAsync } from '../../../../src/devnet/engine/action-queue';
import { verifyActionAsync } from '../../../../src/protocol/signing';
import { decodeReceipt } from '../../../../src/protocol/codec';
import type { Receipt } from '../../../../src/protocol/types';
import {
  startExchange,
  TestWallet,
  USDC,
  usdc,
  schema,
  type TestExchange,
} from '../../../conformance/support/exchange';

/** a verify whose answers are handed out by the test, in whatever order it likes */
function heldVerify() {
  const held: (() => Promise<void>)[] = [];
  const verify: VerifyAsync = (...args) =>
    new Promise((resolve) => held.push(async () => resolve(await verifyActionAsync(...args))));
  return { verify, held };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const receiptOf = async (answer: Buffer | Promise<Buffer>): Promise<Receipt> =>
  decodeReceipt(schema, await answer);

let ex: TestExchange;
let wallet: TestWallet;
let from: number;

beforeEach(async () => {
  ex = await startExchange();
  wallet = new TestWallet(ex);
  await wallet.deposit(USDC, usdc(100));
  await wallet.createSession({ expiresIn: 3600 });
  [from] = (await wallet.accountIds()) as [number];
});
afterEach(() => ex.close());

const transfer = (amount: bigint) =>
  wallet.sessionBody({
    type: 'transfer',
    sessionId: wallet.session!.id,
    fromAccountId: from,
    tokenId: USDC,
    amount,
  });

describe('ActionQueue', () => {
  it('executes actions in the order they arrived when the later signature check finishes first', async () => {
    const { verify, held } = heldVerify();
    const queue = new ActionQueue(ex.running.devnet.engine, verify);
    const first = queue.submit(transfer(1_000_000n)); // nonce 1
    const second = queue.submit(transfer(2_000_000n)); // nonce 2
    expect(held).toHaveLength(2);
    await held[1]!();
    await settle();
    await held[0]!();
    const [a, b] = await Promise.all([receiptOf(first), receiptOf(second)]);
    // out of order, nonce 2 would execute first and nonce 1 be refused as ACTION_INVALID_NONCE
    expect(a.kind.type).toBe('transferred');
    expect(b.kind.type).toBe('transferred');
    expect(b.actionId).toBe(a.actionId + 1n);
  });

  it('refuses a body signed by another key with SIGNATURE_VERIFICATION, changing nothing', async () => {
    const queue = new ActionQueue(ex.running.devnet.engine, verifyActionAsync);
    const forged = transfer(1_000_000n);
    forged[forged.length - 1]! ^= 0xff;
    const before = ex.running.devnet.engine.state.nextActionId;
    const receipt = await receiptOf(queue.submit(forged));
    expect(receipt.kind).toEqual({ type: 'err', error: 'SIGNATURE_VERIFICATION' });
    expect(ex.running.devnet.engine.state.nextActionId).toBe(before);
  });

  it('on shutdown executes every action that arrived before it, then refuses the next', async () => {
    const { verify, held } = heldVerify();
    const queue = new ActionQueue(ex.running.devnet.engine, verify);
    const arrived = queue.submit(transfer(1_000_000n));
    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    await settle();
    // its signature check is still on the thread pool: the close waits for it to execute
    expect(closed).toBe(false);
    await held[0]!();
    await closing;
    expect((await receiptOf(arrived)).kind.type).toBe('transferred');
    const before = ex.running.devnet.engine.state.nextActionId;
    expect(() => queue.submit(transfer(1n))).toThrow('shutting down');
    expect(ex.running.devnet.engine.state.nextActionId).toBe(before);
  });

  it('executes an action that arrived before a revocation of its session ahead of the revocation', async () => {
    const { verify, held } = heldVerify();
    const queue = new ActionQueue(ex.running.devnet.engine, verify);
    const pending = queue.submit(transfer(1_000_000n));
    const revoke = queue.submit(wallet.walletBody({ type: 'revokeSession', sessionId: wallet.session!.id }));
    await settle();
    await held[0]!();
    expect((await receiptOf(pending)).kind.type).toBe('transferred');
    expect((await receiptOf(revoke)).kind.type).not.toBe('err');
    // and the next action of that session is refused, as it would have been without the queue
    const next = queue.submit(transfer(1n));
    await held[1]!();
    expect((await receiptOf(next)).kind).toEqual({
      type: 'err',
      error: 'SESSION_REVOKED',
    });
  });
});
