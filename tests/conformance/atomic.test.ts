// Atomic actions: several subactions under one signature and one action id, all or nothing, with the
// interface's target rules (own account, or a vault's account with use_key for vault actions).
import { afterEach, describe, expect, it } from 'vitest';
import { TestWallet, USDC, errorOf, startExchange, usdc, type TestExchange } from './support/exchange';
import type { AtomicSubaction, Receipt } from '../../src/protocol/types';

let ex: TestExchange;
afterEach(() => ex?.close());

async function trader(collateral = 10_000): Promise<{ w: TestWallet; account: number }> {
  const w = new TestWallet(ex);
  await w.deposit(USDC, usdc(collateral));
  await w.createSession();
  return { w, account: (await w.accountIds())[0]! };
}
const atomic = (w: TestWallet, actions: AtomicSubaction[]): Promise<Receipt> =>
  ex.submit(w.sessionBody({ type: 'atomic', sessionId: w.session!.id, actions }));
/** The public TradeOrPlace subaction: a buy on BTC-PERP, at market without a price. */
const order = (size: bigint, price = 0n): AtomicSubaction => ({
  inner: {
    type: 'tradeOrPlace',
    marketId: 0,
    orderType: { side: 'BID', fillMode: price === 0n ? 'IMMEDIATE_OR_CANCEL' : 'LIMIT', isReduceOnly: false },
    limit: { price, size },
  },
});
const account = async (id: number) => await ex.account(id);

describe('atomic actions', () => {
  it('apply every subaction under one action id and answer each one', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const receipt = await atomic(w, [
      order(100n),
      order(50n, 500_000n),
      {
        inner: {
          type: 'addTrigger',
          sessionId: 0n,
          marketId: 0,
          key: { kind: 'STOP_LOSS', side: 'ASK' },
          prices: { triggerPrice: 550_000n },
        },
      },
    ]);
    if (receipt.kind.type !== 'atomic') throw new Error(`refused: ${errorOf(receipt)}`);
    expect(receipt.kind.results.map((r) => r.inner.type)).toEqual([
      'placeOrderResult',
      'placeOrderResult',
      'triggerAdded',
    ]);
    expect(receipt.actionId).toBeGreaterThan(0n);
    const after = await account(a);
    expect(after.positions[0]!.size).toBe(100n);
    expect(after.openOrders).toHaveLength(1);
    expect(await ex.getJson<unknown[]>(`/account/${a}/triggers`)).toHaveLength(1);

    // the public cancel_order subaction takes the resting order off, answered as a CancelOrderResult
    const resting = receipt.kind.results[1]!.inner;
    if (resting.type !== 'placeOrderResult' || !resting.posted)
      throw new Error('the limit order did not rest');
    const cancel = await atomic(w, [{ inner: { type: 'cancelOrder', orderId: resting.posted.orderId } }]);
    expect(cancel.kind.type === 'atomic' && cancel.kind.results[0]!.inner).toEqual({
      type: 'cancelOrder',
      orderId: resting.posted.orderId,
      accountId: a,
      cancelledSize: 50n,
    });
    expect((await account(a)).openOrders).toEqual([]);
  });

  it('refuse the whole batch when one subaction is refused, leaving nothing of the others', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader(1_000);
    const before = await account(a);
    const book = await ex.getJson<{ updateId: number }>('/market/0/orderbook');
    // the second order is far beyond what 1,000 USDC can margin
    const receipt = await atomic(w, [order(100n), order(50n, 500_000n), order(100_000n)]);
    expect(errorOf(receipt)).toBe('RISK');
    const after = await account(a);
    expect(after).toEqual(before);
    expect((await ex.getJson<{ updateId: number }>('/market/0/orderbook')).updateId).toBe(book.updateId);
    expect(await ex.getJson(`/account/${a}/orders/open`)).toEqual([]);
    expect(errorOf(await atomic(w, []))).toBe('ACTION_NOT_ALLOWED');
  });

  it('keep the public order within a market: cancels, then trades, then places', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const first = await atomic(w, [order(50n, 500_000n)]);
    const inner = first.kind.type === 'atomic' ? first.kind.results[0]!.inner : undefined;
    if (inner?.type !== 'placeOrderResult' || !inner.posted) throw new Error('the bid did not rest');
    const resting = inner.posted.orderId;
    const before = await account(a);
    // a trade after a place in the same market
    expect(errorOf(await atomic(w, [order(10n, 500_000n), order(10n)]))).toBe(
      'ATOMICS_TRADES_CANNOT_FOLLOW_PLACES',
    );
    // a cancel after a trade in its order's market
    expect(errorOf(await atomic(w, [order(10n), { inner: { type: 'cancelOrder', orderId: resting } }]))).toBe(
      'ATOMICS_CANCELS_CANNOT_FOLLOW_TRADES_PLACES',
    );
    expect(await account(a)).toEqual(before);
    // the public order is accepted
    const ok = await atomic(w, [
      { inner: { type: 'cancelOrder', orderId: resting } },
      order(10n),
      order(10n, 500_000n),
    ]);
    expect(ok.kind.type === 'atomic' && ok.kind.results.map((r) => r.inner.type)).toEqual([
      'cancelOrder',
      'placeOrderResult',
      'placeOrderResult',
    ]);
  });

  it('act on an own account given as target; refuse someone else’s', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const moved = await ex.submit(
      w.sessionBody({
        type: 'transfer',
        sessionId: w.session!.id,
        fromAccountId: a,
        tokenId: USDC,
        amount: usdc(2_000),
      }),
    );
    if (moved.kind.type !== 'transferred') throw new Error('no second account');
    const second = moved.kind.toUserAccount!;
    const other = await trader();
    expect((await atomic(w, [{ ...order(10n), targetAccountId: second }])).kind.type).toBe('atomic');
    expect((await account(second)).positions[0]!.size).toBe(10n);
    expect((await account(a)).positions).toEqual([]);
    // the public Atomic.account_id names the account for every subaction without a target
    const onSecond = await ex.submit(
      w.sessionBody({ type: 'atomic', sessionId: w.session!.id, accountId: second, actions: [order(5n)] }),
    );
    expect(onSecond.kind.type).toBe('atomic');
    expect((await account(second)).positions[0]!.size).toBe(15n);
    expect(
      errorOf(
        await ex.submit(
          w.sessionBody({
            type: 'atomic',
            sessionId: w.session!.id,
            accountId: other.account,
            actions: [order(5n)],
          }),
        ),
      ),
    ).toBe('ACCOUNT_INVALID_OWNER');
    expect(errorOf(await atomic(w, [{ ...order(10n), targetAccountId: other.account }]))).toBe(
      'ACCOUNT_INVALID_OWNER',
    );
    expect(errorOf(await atomic(w, [{ ...order(10n), targetAccountId: 99_999 }]))).toBe('ACCOUNT_NOT_FOUND');
  });

  it('use_key only for vault actions targeting that vault’s account', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const vault = await ex.getJson<{ vaultAccountId: number }>('/vault/1');
    const deposit = (target: number): AtomicSubaction => ({
      inner: { type: 'vaultDeposit', sessionId: 0n, vaultId: 1, amount: usdc(100) },
      targetAccountId: target,
      useKey: true,
    });
    expect(errorOf(await atomic(w, [deposit(a)]))).toBe('ACTION_NOT_ALLOWED');
    expect(
      errorOf(await atomic(w, [{ ...order(10n), targetAccountId: vault.vaultAccountId, useKey: true }])),
    ).toBe('ACTION_NOT_ALLOWED');
    const ok = await atomic(w, [deposit(vault.vaultAccountId)]);
    expect(ok.kind.type === 'atomic' && ok.kind.results[0]!.inner.type).toBe('vaultDeposited');
    const mine = await ex.getJson<{ shares: string }>(`/vault/1/user/${a}`);
    expect(BigInt(mine.shares)).toBeGreaterThan(0n);
  });
});
