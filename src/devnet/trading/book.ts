import type { BookSide, BookState, RestingOrder } from './state';
/** Ids of the account's resting orders in this book, oldest first. */
export function restingIds(book: BookState, accountId: number): bigint[] {
  return book.byAccount?.[accountId] ?? [];
}

const better = (side: BookSide, a: bigint, b: bigint): boolean => (side === 'BID' ? a > b : a < b);

export function insertOrder(book: BookState, order: Omit<RestingOrder, 'seq'>): RestingOrder {
  const resting: RestingOrder = { ...order, seq: ++book.seq };
  const list = order.side === 'BID' ? book.bids : book.asks;
  let at = list.findIndex((o) => better(order.side, order.price, o.price));
  if (at === -1) at = list.length;
  list.splice(at, 0, resting);
  ((book.byAccount ??= {})[order.accountId] ??= []).push(order.orderId);
  book.updateId += 1;
  return resting;
}

export function removeOrder(book: BookState, orderId: bigint): RestingOrder | null {
  for (const list of [book.bids, book.asks]) {
    const at = list.findIndex((o) => o.orderId === orderId);
    if (at !== -1) {
      book.updateId += 1;
      const removed = list.splice(at, 1)[0]!;
      const ids = book.byAccount?.[removed.accountId];
      if (ids) {
        ids.splice(ids.indexOf(orderId), 1);
        if (ids.length === 0) delete book.byAccount![removed.accountId];
      }
      return removed;
    }
  }
  return null;
}

/** Resting orders a taker on `side` can trade against at `limit` (null: any price), best first. */
export function crossable(book: BookState, side: BookSide, limit: bigint | null): RestingOrder[] {
  const opposite = side === 'BID' ? book.asks : book.bids;
  if (limit === null) return [...opposite];
  // best first: the crossable orders are a prefix of the side
  let end = 0;
  while (
    end < opposite.length &&
    (side === 'BID' ? opposite[end]!.price <= limit : opposite[end]!.price >= limit)
  )
    end += 1;
  return opposite.slice(0, end);
}

export function levels(
  book: BookState,
  depth: number,
): { bids: [bigint, bigint][]; asks: [bigint, bigint][] } {
  const aggregate = (orders: RestingOrder[]): [bigint, bigint][] => {
    const out: [bigint, bigint][] = [];
    for (const o of orders) {
      const last = out[out.length - 1];
      if (last && last[0] === o.price) last[1] += o.remaining;
      else if (out.length < depth) out.push([o.price, o.remaining]);
      else break;
    }
    return out;
  };
  return { bids: aggregate(book.bids), asks: aggregate(book.asks) };
}
