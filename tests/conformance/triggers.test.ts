// Triggers (stop-loss / take-profit) over real HTTP and WebSocket: AddTrigger, EditTrigger and
// RemoveTrigger with every rejection leaving nothing changed; firing of both kinds on both sides when the
// mark price crosses (driven with POST /devnet/index-price), the exit order's fill in the order and
// account reads; a trigger whose position is gone ending cancelled; and both history cursors.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  TestWallet,
  errorOf,
  placedOrder,
  startExchange,
  trader as traderOf,
  type PlaceOrder,
  type TestExchange,
  readOrder,
  readOrderPage,
} from './support/exchange';
import { openStreams, type StreamMessage } from './support/ws';
import type { ActionKind, Receipt, SideName, TriggerKindName } from '../../src/protocol/types';
import {
  ActiveTriggerPageSchema,
  FinaliseTriggerPageSchema,
  PlaceTriggerPageSchema,
  TriggerListSchema,
} from '../../src/shared/exchange/triggers';

const BTC = 0; // BTC-PERP: priceDecimals 1, sizeDecimals 4
const ETH = 1;
let ex: TestExchange;
afterEach(() => ex?.close());

type Order = PlaceOrder;
type Remove = Extract<ActionKind, { type: 'removeTrigger' }>;
/** A trigger definition written flat, as the interface names its fields; the helpers lay it out on the wire. */
interface Definition {
  marketId: number;
  side: SideName;
  kind: TriggerKindName;
  triggerPrice: bigint;
  limitPrice?: bigint;
  limitBaseSize?: bigint;
  limitQuoteSize?: bigint;
  accountId?: number;
  sessionId?: bigint;
}
const wire = ({
  side,
  kind,
  triggerPrice,
  limitPrice,
  limitBaseSize,
  limitQuoteSize,
  ...rest
}: Definition) => ({
  ...rest,
  key: { kind, side },
  prices: {
    triggerPrice,
    ...(limitPrice !== undefined ? { limitPrice } : {}),
    ...(limitBaseSize !== undefined ? { limitBaseSize } : {}),
    ...(limitQuoteSize !== undefined ? { limitQuoteSize } : {}),
  },
});
const DEFAULT: Definition = { marketId: BTC, side: 'ASK', kind: 'STOP_LOSS', triggerPrice: 600_000n };

const trader = (collateral = 10_000) => traderOf(ex, collateral);
const order = async (w: TestWallet, fields: Partial<Order>) => (await placedOrder(ex, w, fields)).kind;
const add = (w: TestWallet, fields: Partial<Definition> = {}): Promise<Receipt> =>
  ex.submit(
    w.sessionBody({
      type: 'addTrigger',
      sessionId: w.session!.id,
      ...wire({ ...DEFAULT, ...fields }),
    }),
  );
const edit = (w: TestWallet, triggerId: bigint, fields: Partial<Definition> = {}): Promise<Receipt> =>
  ex.submit(
    w.sessionBody({
      type: 'editTrigger',
      sessionId: w.session!.id,
      triggerId,
      ...wire({ ...DEFAULT, ...fields }),
    }),
  );
const remove = (w: TestWallet, triggerId: bigint, fields: Partial<Remove> = {}): Promise<Receipt> =>
  ex.submit(
    w.sessionBody({
      type: 'removeTrigger',
      sessionId: w.session!.id,
      marketId: BTC,
      triggerId,
      ...fields,
    } as Remove),
  );
const added = async (receipt: Promise<Receipt>): Promise<bigint> => {
  const r = await receipt;
  if (r.kind.type !== 'triggerAdded' || r.kind.triggerId === undefined)
    throw new Error(`trigger refused: ${errorOf(r)}`);
  return r.kind.triggerId;
};

const account = async (id: number) => await ex.account(id);
/** sides as the actions spell them, for comparing with what was sent */
const up = <T extends { side: 'ask' | 'bid' }>(t: T): Omit<T, 'side'> & { side: 'ASK' | 'BID' } => ({
  ...t,
  side: t.side === 'ask' ? 'ASK' : 'BID',
});
const pageUp = <T extends { side: 'ask' | 'bid' }>(p: {
  items: T[];
  nextStartInclusive?: string | null;
}) => ({
  items: p.items.map(up),
  ...(p.nextStartInclusive ? { nextStartInclusive: p.nextStartInclusive } : {}),
});
const triggers = async (id: number) => (await ex.read(`/account/${id}/triggers`, TriggerListSchema)).map(up);
const active = async () => (await ex.read('/triggers/active', ActiveTriggerPageSchema)).items.map(up);
const placements = async (id: number, query = '') =>
  pageUp(await ex.read(`/account/${id}/triggers/history/placements${query}`, PlaceTriggerPageSchema));
const finalisations = async (id: number, query = '') =>
  pageUp(await ex.read(`/account/${id}/triggers/history/finalisations${query}`, FinaliseTriggerPageSchema));
const setPrice = async (price: bigint) =>
  expect((await ex.postJson('/devnet/index-price', { marketId: BTC, price: price.toString() })).ok).toBe(
    true,
  );
const positionSize = async (id: number) =>
  (await account(id)).positions.find((p) => p.marketId === BTC)?.size ?? 0n;
/** Everything a trigger action could change, as the reads show it. */
const observable = async (id: number) => ({
  updateId: (await account(id)).updateId,
  triggers: await ex.getJson(`/account/${id}/triggers`),
  active: await ex.getJson('/triggers/active'),
  placements: await ex.getJson(`/account/${id}/triggers/history/placements`),
  finalisations: await ex.getJson(`/account/${id}/triggers/history/finalisations`),
});

describe('AddTrigger', () => {
  it('adds an Active trigger with its id and action id, shown per account, exchange-wide and in placement history', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const receipt = await add(w, {
      kind: 'TAKE_PROFIT',
      triggerPrice: 700_000n,
      limitPrice: 699_000n,
      limitBaseSize: 250n,
      accountId: a,
    });
    expect(receipt.kind).toEqual({ type: 'triggerAdded', triggerId: 1n });
    expect(receipt.actionId).toBeGreaterThan(0n);

    const expected = {
      triggerId: 1n,
      accountId: a,
      marketId: BTC,
      side: 'ASK',
      kind: 'TakeProfit',
      triggerPrice: 700_000n,
      limitPrice: 699_000n,
      limitBaseSize: 250n,
      limitQuoteSize: null,
      status: 'Active',
      actionId: receipt.actionId,
    };
    expect(await triggers(a)).toEqual([expect.objectContaining(expected)]);
    expect(await active()).toEqual([expect.objectContaining(expected)]);
    expect((await placements(a)).items).toEqual([
      {
        cursor: `${receipt.actionId}:0`,
        actionId: receipt.actionId,
        subActionId: 0,
        time: Number(ex.now()),
        triggerId: 1n,
        accountId: a,
        type: 'add',
        marketId: BTC,
        side: 'ASK',
        kind: 'TakeProfit',
        triggerPrice: 700_000n,
        limitPrice: 699_000n,
        limitBaseSize: 250n,
        limitQuoteSize: null,
      },
    ]);

    // without accountId it lands on the signer's first account; ids keep counting
    const second = await added(add(w, { side: 'BID', limitQuoteSize: 5_000_000_000n }));
    expect(second).toBe(2n);
    expect((await triggers(a)).map((t) => [t.triggerId, t.side, t.limitQuoteSize, t.limitPrice])).toEqual([
      [1n, 'ASK', null, 699_000n],
      [2n, 'BID', 5_000_000_000n, null],
    ]);
  });

  it('refuses a bad market, price, size or account with the exact Error and changes nothing', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const other = await trader();
    const before = await observable(a);
    const cases: [Partial<Definition>, string][] = [
      [{ marketId: 99 }, 'MARKET_NOT_FOUND'],
      [{ triggerPrice: 0n }, 'TRIGGER_INVALID_PRICE'],
      [{ limitPrice: 0n }, 'TRIGGER_INVALID_PRICE'],
      [{ limitBaseSize: 10n, limitQuoteSize: 10_000_000n }, 'ORDER_INVALID'],
      [{ limitBaseSize: 0n }, 'ORDER_INVALID'],
      [{ limitQuoteSize: 0n }, 'ORDER_INVALID'],
      [{ accountId: 9_999 }, 'ACCOUNT_NOT_FOUND'],
      [{ accountId: other.account }, 'ACCOUNT_INVALID_OWNER'],
    ];
    for (const [fields, error] of cases)
      expect([fields, errorOf(await add(w, fields))]).toEqual([fields, error]);
    expect(await observable(a)).toEqual(before);
    expect(await triggers(other.account)).toEqual([]);
    // the rejections consumed no trigger id
    expect(await added(add(w))).toBe(1n);
  });
});

describe('EditTrigger', () => {
  it('replaces the whole definition under the same id (fields left out are cleared) and records a placement', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const id = await added(
      add(w, { kind: 'TAKE_PROFIT', triggerPrice: 700_000n, limitPrice: 699_000n, limitBaseSize: 250n }),
    );
    const [original] = await triggers(a);
    ex.advance(3_000);

    const receipt = await edit(w, id, { side: 'BID', kind: 'STOP_LOSS', triggerPrice: 710_000n });
    expect(receipt.kind).toEqual({ type: 'triggerEdited', triggerId: id });
    const [now] = await triggers(a);
    expect(now).toMatchObject({
      triggerId: id,
      side: 'BID',
      kind: 'StopLoss',
      triggerPrice: 710_000n,
      limitPrice: null,
      limitBaseSize: null,
      limitQuoteSize: null,
      status: 'Active',
      actionId: receipt.actionId,
      createdAt: original!.createdAt,
    });
    expect(now!.updatedAt).toBe(original!.createdAt + 3);
    const rows = (await placements(a)).items;
    expect(rows.map((r) => [r.type, r.triggerId, r.kind, r.triggerPrice, r.limitPrice])).toEqual([
      ['add', id, 'TakeProfit', 700_000n, 699_000n],
      ['edit', id, 'StopLoss', 710_000n, null],
    ]);
    expect(rows[1]!.actionId).toBe(receipt.actionId);
  });

  it('refuses unknown, other-market, other-owner, bad-price and finished triggers and changes nothing', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const other = await trader();
    const id = await added(add(w, { limitPrice: 599_000n }));
    const before = await observable(a);
    const cases: [bigint, TestWallet, Partial<Definition>, string][] = [
      [99n, w, {}, 'TRIGGER_NOT_FOUND'],
      // the market is part of a trigger's name, as for RemoveTrigger: no moving it to another market
      [id, w, { marketId: ETH }, 'TRIGGER_NOT_FOUND'],
      [id, w, { marketId: 99 }, 'MARKET_NOT_FOUND'],
      [id, other.w, {}, 'ACCOUNT_INVALID_OWNER'],
      [id, w, { accountId: other.account }, 'ACCOUNT_INVALID_OWNER'],
      [id, w, { triggerPrice: 0n }, 'TRIGGER_INVALID_PRICE'],
      [id, w, { limitPrice: 0n }, 'TRIGGER_INVALID_PRICE'],
      [id, w, { limitBaseSize: 1n, limitQuoteSize: 1n }, 'ORDER_INVALID'],
    ];
    for (const [triggerId, signer, fields, error] of cases)
      expect([triggerId, fields, errorOf(await edit(signer, triggerId, fields))]).toEqual([
        triggerId,
        fields,
        error,
      ]);
    expect(await observable(a)).toEqual(before);

    expect((await remove(w, id)).kind.type).toBe('triggerRemoved');
    const removed = await observable(a);
    expect(errorOf(await edit(w, id))).toBe('TRIGGER_NOT_FOUND');
    expect(await observable(a)).toEqual(removed);
  });
});

describe('RemoveTrigger', () => {
  it('removes an Active trigger by market and id, records the finalisation, and refuses everything else', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const other = await trader();
    const id = await added(add(w));
    // another key (a BID TakeProfit far below the mark), so it does not replace the first
    const kept = await added(add(w, { side: 'BID', kind: 'TAKE_PROFIT', triggerPrice: 590_000n }));
    const before = await observable(a);
    const cases: [bigint, TestWallet, Partial<Remove>, string][] = [
      [99n, w, {}, 'TRIGGER_NOT_FOUND'],
      [id, w, { marketId: ETH }, 'TRIGGER_NOT_FOUND'],
      [id, w, { marketId: 99 }, 'MARKET_NOT_FOUND'],
      [id, other.w, {}, 'ACCOUNT_INVALID_OWNER'],
      [id, w, { accountId: other.account }, 'ACCOUNT_INVALID_OWNER'],
    ];
    for (const [triggerId, signer, fields, error] of cases)
      expect([triggerId, fields, errorOf(await remove(signer, triggerId, fields))]).toEqual([
        triggerId,
        fields,
        error,
      ]);
    expect(await observable(a)).toEqual(before);

    const receipt = await remove(w, id, { accountId: a });
    expect(receipt.kind).toEqual({ type: 'triggerRemoved', triggerId: id });
    expect((await triggers(a)).map((t) => t.triggerId)).toEqual([kept]);
    expect((await active()).map((t) => t.triggerId)).toEqual([kept]);
    expect((await finalisations(a)).items).toEqual([
      expect.objectContaining({
        triggerId: id,
        accountId: a,
        actionId: receipt.actionId,
        status: 'removed',
        orderId: null,
        reason: null,
        triggerPrice: 600_000n,
      }),
    ]);
    const removed = await observable(a);
    expect(errorOf(await remove(w, id))).toBe('TRIGGER_NOT_FOUND');
    expect(await observable(a)).toEqual(removed);
  });
});

describe('the public TriggerKey: one trigger per account, market, kind and side', () => {
  const byKey = (w: TestWallet, kind: 'STOP_LOSS' | 'TAKE_PROFIT', side: 'ASK' | 'BID') =>
    ex.submit(
      w.sessionBody({
        type: 'removeTrigger',
        sessionId: w.session!.id,
        marketId: BTC,
        key: { kind, side },
      }),
    );

  it('an add under a key the account already holds replaces that trigger, as the public engine upserts', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const other = await trader();
    const first = await added(add(w, { triggerPrice: 600_000n }));
    const kept = await added(add(w, { kind: 'TAKE_PROFIT', triggerPrice: 900_000n }));
    const elsewhere = await added(add(w, { marketId: ETH, triggerPrice: 1_000n }));
    const theirs = await added(add(other.w, { triggerPrice: 600_000n }));

    const second = await added(add(w, { triggerPrice: 590_000n, limitPrice: 589_000n }));
    expect(second).toBeGreaterThan(first);
    const mine = await triggers(a);
    expect(mine.map((t) => [t.triggerId, t.kind, t.triggerPrice])).toEqual([
      [kept, 'TakeProfit', 900_000n],
      [elsewhere, 'StopLoss', 1_000n],
      [second, 'StopLoss', 590_000n],
    ]);
    // the replaced one ends removed, saying why; other accounts' triggers under the same key stay
    expect((await finalisations(a)).items).toEqual([
      expect.objectContaining({
        triggerId: first,
        status: 'removed',
        reason: 'replaced',
        triggerPrice: 600_000n,
      }),
    ]);
    expect((await triggers(other.account)).map((t) => t.triggerId)).toEqual([theirs]);
    expect((await placements(a)).items.map((r) => [r.type, r.triggerId])).toEqual([
      ['add', first],
      ['add', kept],
      ['add', elsewhere],
      ['add', second],
    ]);

    // an edit that moves a trigger onto a held key replaces the holder too
    expect((await edit(w, kept, { kind: 'STOP_LOSS', triggerPrice: 580_000n })).kind.type).toBe(
      'triggerEdited',
    );
    expect((await triggers(a)).map((t) => [t.triggerId, t.marketId, t.triggerPrice])).toEqual([
      [kept, BTC, 580_000n],
      [elsewhere, ETH, 1_000n],
    ]);
    expect((await finalisations(a)).items.map((r) => [r.triggerId, r.reason])).toEqual([
      [first, 'replaced'],
      [second, 'replaced'],
    ]);
  });

  it('RemoveTrigger by key removes the trigger of that account, market, kind and side, and nothing else', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    await order(w, { size: 1_000n });
    const one = await added(add(w, { triggerPrice: 600_000n }));
    const other = await added(add(w, { kind: 'TAKE_PROFIT', triggerPrice: 900_000n }));
    expect(errorOf(await byKey(w, 'STOP_LOSS', 'BID'))).toBe('TRIGGER_NOT_FOUND');
    expect((await byKey(w, 'STOP_LOSS', 'ASK')).kind).toEqual({ type: 'triggerRemoved', triggerId: one });
    expect((await triggers(a)).map((t) => t.triggerId)).toEqual([other]);
    const rows = (await finalisations(a)).items;
    expect(rows.map((r) => [r.triggerId, r.status, r.reason])).toEqual([[one, 'removed', null]]);
    expect(errorOf(await byKey(w, 'STOP_LOSS', 'ASK'))).toBe('TRIGGER_NOT_FOUND');
  });
});

describe('firing when the mark price crosses', () => {
  it('an ASK StopLoss closes the whole long at market once the mark falls to it, exactly once', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const entry = (await order(w, { size: 1_000n })).fills[0]!.price;
    const stop = (entry * 95n) / 100n;
    const stream = await openStreams<StreamMessage & { account: Record<string, unknown> }>(
      ex,
      `account@${a}`,
    );
    const id = await added(add(w, { triggerPrice: stop }));

    await setPrice(stop + 500n); // falling, but not there yet
    expect((await triggers(a)).map((t) => t.triggerId)).toEqual([id]);
    expect(await positionSize(a)).toBe(1_000n);

    await setPrice(stop);
    expect(await positionSize(a)).toBe(0n);
    expect(await triggers(a)).toEqual([]);
    expect(await active()).toEqual([]);
    const [row] = (await finalisations(a)).items;
    expect(row).toMatchObject({ triggerId: id, status: 'Success', reason: null });
    const exit = await readOrder(ex, row!.orderId!);
    expect(exit).toMatchObject({
      accountId: a,
      side: 'ASK',
      fillMode: 'IMMEDIATE_OR_CANCEL',
      price: 0n,
      size: 1_000n,
      filledSize: 1_000n,
      status: 'filled',
      reduceOnly: true,
      actionId: row!.actionId,
    });

    await setPrice(stop - 1_000n);
    await setPrice(stop);
    expect((await finalisations(a)).items).toHaveLength(1);
    expect((await readOrderPage(ex, `/account/${a}/orders`)).items).toHaveLength(2);

    await expect
      .poll(() => stream.messages.map((m) => m.account))
      .toContainEqual(expect.objectContaining({ type: 'triggerAdded', triggerId: id.toString() }));
    await expect
      .poll(() => stream.messages.map((m) => m.account))
      .toContainEqual(
        expect.objectContaining({
          type: 'triggerFired',
          triggerId: id.toString(),
          orderId: row!.orderId!.toString(),
          status: 'Success',
        }),
      );
    stream.ws.close();
  });

  it('an ASK TakeProfit sells its base size at its limit price once the mark rises to it', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const entry = (await order(w, { size: 1_000n })).fills[0]!.price;
    const target = (entry * 105n) / 100n;
    const limit = (target * 99n) / 100n;
    const id = await added(
      add(w, { kind: 'TAKE_PROFIT', triggerPrice: target, limitPrice: limit, limitBaseSize: 400n }),
    );

    await setPrice(target - 500n);
    expect(await positionSize(a)).toBe(1_000n);
    await setPrice(target);
    expect(await positionSize(a)).toBe(600n);
    const [row] = (await finalisations(a)).items;
    expect(row).toMatchObject({ triggerId: id, status: 'Success', kind: 'TakeProfit' });
    const exit = await readOrder(ex, row!.orderId!);
    expect(exit).toMatchObject({
      side: 'ASK',
      fillMode: 'LIMIT',
      price: limit,
      size: 400n,
      filledSize: 400n,
      reduceOnly: true,
    });
    // sold above the entry: a realized profit
    expect(
      (await ex.client.history(a, 'pnl')).items.reduce((sum, r) => sum + r.tradingPnl, 0n),
    ).toBeGreaterThan(0n);
  });

  it('on a short, a BID TakeProfit buys its quote size when the mark falls and a BID StopLoss closes the rest when it rises', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const entry = (await order(w, { side: 'ASK', size: 1_000n })).fills[0]!.price;
    expect(await positionSize(a)).toBe(-1_000n);
    const target = (entry * 95n) / 100n;
    const stop = (entry * 105n) / 100n;
    // quote notional scaled by priceDecimals + sizeDecimals: 300 size units at the trigger price
    const tp = await added(
      add(w, { side: 'BID', kind: 'TAKE_PROFIT', triggerPrice: target, limitQuoteSize: 300n * target }),
    );
    const sl = await added(add(w, { side: 'BID', kind: 'STOP_LOSS', triggerPrice: stop }));

    await setPrice(target);
    expect(await positionSize(a)).toBe(-700n);
    // the stop-loss waits for a rise; a fall does not fire it
    expect((await triggers(a)).map((t) => t.triggerId)).toEqual([sl]);

    await setPrice(stop);
    expect(await positionSize(a)).toBe(0n);
    const rows = (await finalisations(a)).items;
    expect(rows.map((r) => [r.triggerId, r.status])).toEqual([
      [tp, 'Success'],
      [sl, 'Success'],
    ]);
    const orders = await Promise.all(rows.map(async (r) => await readOrder(ex, r.orderId!)));
    expect(orders.map((o) => [o.side, o.fillMode, o.filledSize, o.reduceOnly])).toEqual([
      ['BID', 'IMMEDIATE_OR_CANCEL', 300n, true],
      ['BID', 'IMMEDIATE_OR_CANCEL', 700n, true],
    ]);
  });

  it('a trigger whose position is already gone is cancelled with the reason, not filled', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const entry = (await order(w, { size: 1_000n })).fills[0]!.price;
    const stop = (entry * 95n) / 100n;
    const target = (entry * 105n) / 100n;
    const first = await added(add(w, { triggerPrice: stop }));
    const second = await added(add(w, { kind: 'TAKE_PROFIT', triggerPrice: target }));

    // the stop-loss closes the position; the take-profit on it finds nothing to reduce later
    await setPrice(stop);
    expect(await positionSize(a)).toBe(0n);
    const ordersAfter = (await readOrderPage(ex, `/account/${a}/orders`)).items;
    expect(ordersAfter).toHaveLength(2);
    // one placed (and sized) after the position was closed fares the same
    const late = await added(add(w, { triggerPrice: stop - 2_000n, limitBaseSize: 100n }));
    await setPrice(stop - 2_000n);
    await setPrice(target);
    expect((await readOrderPage(ex, `/account/${a}/orders`)).items).toEqual(ordersAfter);

    const rows = (await finalisations(a)).items;
    expect(rows.map((r) => [r.triggerId, r.status, r.reason])).toEqual([
      [first, 'Success', null],
      [second, 'cancelled', 'ORDER_INVALID'],
      [late, 'cancelled', 'ORDER_INVALID'],
    ]);
    expect(rows[1]!.orderId).toBeNull();
    expect(rows[2]!.orderId).toBeNull();
    expect(await triggers(a)).toEqual([]);
    expect(await positionSize(a)).toBe(0n);
  });
});

describe('a resting exit after the position changed', () => {
  it('a TakeProfit exit resting as a LIMIT order shrinks with the position and is cancelled when it is closed, so it can never open a short', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const entry = (await order(w, { size: 1_000n })).fills[0]!.price;
    const target = (entry * 102n) / 100n;
    const limit = (entry * 104n) / 100n; // above the book once it fires: the exit rests
    const id = await added(add(w, { kind: 'TAKE_PROFIT', triggerPrice: target, limitPrice: limit }));
    await setPrice(target);
    const [row] = (await finalisations(a)).items;
    expect(row).toMatchObject({ triggerId: id, status: 'Success' });
    const exitId = row!.orderId!;
    expect(await readOrder(ex, exitId)).toMatchObject({
      fillMode: 'LIMIT',
      status: 'open',
      size: 1_000n,
      reduceOnly: true,
    });

    await order(w, { side: 'ASK', size: 300n }); // sold 300 by hand: the exit now covers 700
    expect((await account(a)).openOrders).toEqual([
      expect.objectContaining({ orderId: exitId.toString(), remainingSize: 700n }),
    ]);
    await order(w, { side: 'ASK', size: 700n, isReduceOnly: true }); // closed by hand
    expect((await account(a)).openOrders).toEqual([]);
    expect((await readOrder(ex, exitId)).status).toBe('cancelled');

    // the price runs through the exit's limit: the market maker's new bids find nothing of ours to take
    await setPrice((limit * 101n) / 100n);
    expect(await positionSize(a)).toBe(0n);
    const exitTrades = await ex.getJson<{ items: unknown[] }>(`/order/${exitId}/trades`);
    expect(exitTrades.items).toEqual([]);
  });
});

describe('history paging', () => {
  it('pages placements by "actionId:subActionId" and finalisations by trigger id, oldest first; bad cursors are 400', async () => {
    ex = await startExchange();
    const { w, account: a } = await trader();
    const other = await trader();
    const ids: bigint[] = [];
    // three keys (one trigger per key), none of them past the mark
    const keys: Partial<Definition>[] = [
      { triggerPrice: 600_000n },
      { side: 'BID', kind: 'TAKE_PROFIT', triggerPrice: 599_999n },
      { kind: 'TAKE_PROFIT', triggerPrice: 900_000n },
    ];
    for (const key of keys) ids.push(await added(add(w, key)));
    await added(add(other.w)); // another account's rows never show
    await edit(w, ids[1]!, { ...keys[1], triggerPrice: 555_000n });
    await remove(w, ids[2]!);
    await remove(w, ids[0]!);

    const all = (await placements(a)).items;
    expect(all.map((r) => [r.type, r.triggerId])).toEqual([
      ['add', ids[0]],
      ['add', ids[1]],
      ['add', ids[2]],
      ['edit', ids[1]],
    ]);
    const first = await placements(a, '?pageSize=2');
    expect(first.items).toEqual(all.slice(0, 2));
    expect(first.nextStartInclusive).toBe(all[2]!.cursor);
    expect(first.nextStartInclusive).toMatch(/^\d+:0$/);
    const rest = await placements(a, `?pageSize=2&startInclusive=${first.nextStartInclusive}`);
    expect(rest.items).toEqual(all.slice(2));
    expect(rest.nextStartInclusive).toBeUndefined();
    // a bare action id starts at its sub action 0; past the last sub action of one action is the next action
    expect((await placements(a, `?startInclusive=${all[3]!.actionId}`)).items).toEqual(all.slice(3));
    expect((await placements(a, `?startInclusive=${all[1]!.actionId}:1`)).items).toEqual(all.slice(2));
    expect((await placements(a, '?until=2000-01-01T00:00:00Z')).items).toEqual([]);

    const finals = (await finalisations(a)).items;
    // by trigger id, though ids[2] was removed first
    expect(finals.map((r) => r.triggerId)).toEqual([ids[0], ids[2]]);
    const page1 = await finalisations(a, '?pageSize=1');
    expect(page1.items).toEqual(finals.slice(0, 1));
    expect(page1.nextStartInclusive).toBe(ids[2]!.toString());
    const page2 = await finalisations(a, `?pageSize=1&startInclusive=${page1.nextStartInclusive}`);
    expect(page2.items).toEqual(finals.slice(1));
    expect(page2.nextStartInclusive).toBeUndefined();
    expect((await finalisations(a, '?startInclusive=0')).items).toEqual(finals);

    const status = async (path: string) => (await ex.get(path)).status;
    const placementsPath = `/account/${a}/triggers/history/placements`;
    const finalisationsPath = `/account/${a}/triggers/history/finalisations`;
    for (const bad of ['x', '-1', '1:', ':1', '1:2:3', '01:0', '1:01', '18446744073709551616:0'])
      expect([bad, await status(`${placementsPath}?startInclusive=${encodeURIComponent(bad)}`)]).toEqual([
        bad,
        400,
      ]);
    for (const bad of ['', '01', 'abc', '1:0', '-1', '1.0', '12345678901234567890'])
      expect([bad, await status(`${finalisationsPath}?startInclusive=${encodeURIComponent(bad)}`)]).toEqual([
        bad,
        400,
      ]);
    expect(await status(`${finalisationsPath}?startInclusive=1234567890123456789`)).toBe(200);
    expect(await status(`${placementsPath}?pageSize=0`)).toBe(400);
    expect(await status(`${finalisationsPath}?pageSize=256`)).toBe(400);
    expect(await status(`${placementsPath}?since=yesterday`)).toBe(400);
    // the cursor forms are documented where clients look for them
    const doc = await ex.getJson<{ paths: Record<string, { get: { summary: string } }> }>('/openapi.json');
    expect(doc.paths['/account/{account_id}/triggers/history/placements']!.get.summary).toContain(
      '"actionId:subActionId"',
    );
    expect(doc.paths['/account/{account_id}/triggers/history/finalisations']!.get.summary).toContain(
      'trigger id',
    );
    expect(doc.paths).toHaveProperty(['/account/{account_id}/triggers']);
    expect(doc.paths).toHaveProperty(['/triggers/active']);
    for (const path of ['triggers', 'triggers/history/placements', 'triggers/history/finalisations'])
      expect([path, await status(`/account/9999/${path}`)]).toEqual([path, 404]);
  });
});

describe('restart', () => {
  it('keeps active triggers and their history across a restart, and they still fire', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-triggers-'));
    try {
      ex = await startExchange({ dataDir });
      const { w, account: a } = await trader();
      const entry = (await order(w, { size: 1_000n })).fills[0]!.price;
      const stop = (entry * 95n) / 100n;
      const id = await added(add(w, { triggerPrice: stop, limitQuoteSize: 250n * stop }));
      await remove(w, await added(add(w, { kind: 'TAKE_PROFIT', triggerPrice: 900_000n })));
      const before = await observable(a);
      const stoppedAt = ex.clock.nowMs();
      await ex.close();

      ex = await startExchange({ dataDir });
      // the new clock starts over; bring it to where the first run stopped
      ex.clock.advance(stoppedAt - ex.clock.nowMs());
      expect(await observable(a)).toEqual(before);
      await setPrice(stop);
      expect(await positionSize(a)).toBe(750n);
      expect((await finalisations(a)).items.map((r) => [r.triggerId, r.status])).toEqual([
        [id, 'Success'],
        [id + 1n, 'removed'],
      ]);
    } finally {
      await ex.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
