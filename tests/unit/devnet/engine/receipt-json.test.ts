// The action log keeps each receipt as JSON. receiptToJson walks the receipt once instead of writing JSON text
// and reading it back; what it keeps must be exactly what the text round trip kept, or GET /action and the
// vault history would change under clients (and old snapshots would no longer match new ones).
import { describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { receiptToJson } from '../../../../src/devnet/engine/receipt-json';
import type { Receipt } from '../../../../src/protocol/types';

/** the former implementation: JSON text with the same replacer, parsed back */
const viaText = (receipt: unknown): unknown =>
  JSON.parse(
    JSON.stringify(receipt, (_k, v: unknown) =>
      typeof v === 'bigint' ? v.toString() : Buffer.isBuffer(v) ? bs58.encode(v) : v,
    ),
  );

const receipts: unknown[] = [
  { actionId: 7n, kind: { type: 'err', error: 'ACTION_INVALID_NONCE' } },
  {
    actionId: 18446744073709551615n,
    kind: {
      type: 'transferred',
      fromAccountId: 1,
      toUserAccount: 2,
      amount: 123456789012345678901234567890n,
      toSpecialAccount: undefined,
    },
  },
  {
    actionId: 9n,
    kind: {
      type: 'atomic',
      results: [
        {
          inner: {
            type: 'placeOrderResult',
            orderId: 3n,
            posted: true,
            fills: [{ makerOrderId: 1n, price: -5n, size: 0n }],
            clientOrderId: undefined,
          },
        },
        { inner: { type: 'cancelOrder', orderId: 4n, ratio: Number.NaN } },
      ],
    },
  },
  // bytes: a Buffer reaches the replacer as its toJSON form, never as a Buffer
  { actionId: 2n, kind: { type: 'createSessionResult', sessionId: 5n, key: Buffer.from([1, 2, 3]) } },
  { actionId: 3n, kind: { type: 'withdrawResult', list: [undefined, () => 1, 'x', null, 1.5] } },
];

describe('receiptToJson', () => {
  it.each(receipts.map((r, i) => [i, r]))(
    'keeps receipt %i exactly as the JSON text round trip did',
    (_i, r) => {
      expect(receiptToJson(r as Receipt)).toStrictEqual(viaText(r));
    },
  );

  it('writes u64 and larger integers as exact decimal strings', () => {
    expect(receiptToJson(receipts[1] as Receipt)).toMatchObject({
      actionId: '18446744073709551615',
      kind: { amount: '123456789012345678901234567890' },
    });
  });
});
