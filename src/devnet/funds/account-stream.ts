// The account@<id> payload as websocket.md types it: account_id, and what the event changed as maps of
// fills (keyed orderId:makerId:rawPrice, interface v19), places and cancels (keyed by order id), with the
// account's balances after it (keyed by token id, human units). The project's own event (its `type`, which
// the app shows, and its fields as the engine wrote them: scaled integers as decimal strings) rides along
// under `event`, a name the public payload does not use.
import type { DevnetConfig } from '../config';
import { sideJson, unitsOf } from '../json';
import type { EngineState } from '../state';
import type { OrderRecord } from '../trading/state';

type Event = Record<string, unknown>;
const text = (v: unknown): bigint => (typeof v === 'string' && /^-?\d+$/.test(v) ? BigInt(v) : 0n);

export function accountStreamPayload(
  state: EngineState,
  config: DevnetConfig,
  accountId: number,
  event: Event,
): Record<string, unknown> {
  const u = unitsOf(config);
  const order = (id: unknown): OrderRecord | undefined =>
    typeof id === 'string' ? state.orders[id] : undefined;
  const fills: Record<string, unknown> = {};
  const places: Record<string, unknown> = {};
  const cancels: Record<string, unknown> = {};
  const resting = (o: OrderRecord) => ({
    side: sideJson(o.side),
    current_size: u.size(o.status === 'open' ? o.size - o.filled : 0n, o.marketId),
    price: u.price(o.price, o.marketId),
    market_id: o.marketId,
  });
  const o = order(event.orderId);
  if (event.type === 'fill' && o && typeof event.key === 'string') {
    const trade = [...state.trades].reverse().find((t) => t.makerOrderId === o.orderId);
    fills[event.key] = {
      side: sideJson(o.side),
      quantity: u.size(text(event.size), o.marketId),
      remaining: u.size(o.size - o.filled, o.marketId),
      price: u.price(text(event.price), o.marketId),
      order_id: o.orderId.toString(),
      market_id: o.marketId,
      maker_id: o.accountId,
      taker_id: trade?.takerAccountId ?? 0,
      sender_tracking_id: typeof event.takerClientOrderId === 'string' ? event.takerClientOrderId : null,
    };
  }
  if (event.type === 'orderPlaced' && o) {
    const taken = (event.fills ?? {}) as Record<
      string,
      { price?: unknown; size?: unknown; makerId?: unknown }
    >;
    for (const [key, f] of Object.entries(taken))
      fills[key] = {
        side: sideJson(o.side),
        quantity: u.size(text(f.size), o.marketId),
        remaining: u.size(o.size - o.filled, o.marketId),
        price: u.price(text(f.price), o.marketId),
        order_id: o.orderId.toString(),
        market_id: o.marketId,
        maker_id: typeof f.makerId === 'number' ? f.makerId : 0,
        taker_id: accountId,
        sender_tracking_id: o.clientOrderId?.toString() ?? null,
      };
    if (o.status === 'open') places[o.orderId.toString()] = resting(o);
  }
  if ((event.type === 'orderCancelled' || event.type === 'orderReduced') && o)
    (event.type === 'orderCancelled' ? cancels : places)[o.orderId.toString()] = resting(o);
  const account = state.accounts[accountId];
  const balances = Object.fromEntries(
    Object.entries(account?.balances ?? {}).map(([tokenId, amount]) => [
      tokenId,
      u.token(amount, Number(tokenId)),
    ]),
  );
  return { account_id: accountId, fills, places, cancels, balances, event };
}
