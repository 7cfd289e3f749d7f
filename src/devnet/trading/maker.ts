// The built-in market maker: a system account that keeps a ladder of bids and asks around each market's
// index, re-quoted whenever the index moves, so that users always have liquidity to trade against. A new
// quote that crosses users' resting orders trades with them first, as any incoming order would.
import type { DevnetConfig } from '../config';
import { derivedAddress } from '../config';
import type { TickContext } from '../engine/tick';
import { createAccount } from './accounts';
import { match } from './matching';
import { crossable, insertOrder, removeOrder } from './book';
import { quoteDecimals } from './margin';
import { BPS, bpsOf } from '../engine/bps';
import type { EngineState } from '../state';
import type { OrderRecord } from './state';
import { emptyBook } from './state';

export const MARKET_MAKER_WALLET = derivedAddress('market-maker');
const LEVELS = 5;
const SPREAD_BPS = 5n;
const STEP_BPS = 5n;
/** quote notional per level (10,000 USDC) */
const LEVEL_NOTIONAL_WHOLE = 10_000n;

function makerAccount(state: EngineState, config: DevnetConfig, now: number): number {
  if (state.marketMakerAccount !== null) return state.marketMakerAccount;
  state.users[MARKET_MAKER_WALLET] ??= { pubkey: MARKET_MAKER_WALLET, accountIds: [], createdAt: now };
  const account = createAccount(state, MARKET_MAKER_WALLET);
  account.balances[config.quoteTokenId] = 1_000_000_000n * 10n ** BigInt(quoteDecimals(config));
  state.marketMakerAccount = account.id;
  state.feeTiers[account.id] = 2;
  return account.id;
}

/**
 * Re-quotes every market whose index moved since the last quote. Returns the markets re-quoted.
 *
 * A new quote is placed like any limit order: if the index moved through users' resting orders, the quote
 * first trades with them (they are the makers, filled at their own prices, with the usual fees, positions,
 * history and events; the market maker pays its taker fee), and only what is left rests. So the book never
 * stays crossed. Trades made while re-quoting a market are recorded under one engine action
 * (`marketMakerQuote`). The market maker has no inventory limit: its account is funded far beyond what its
 * quotes can ever need, and it is exempt from nothing else (its orders hold margin like anyone's).
 */
export function requote(tick: TickContext, quotedAt: Map<number, bigint>): number[] {
  const { state, config, now } = tick;
  if (!state.oracle) return [];
  const accountId = makerAccount(state, config, now);
  const account = state.accounts[accountId]!;
  const qd = quoteDecimals(config);
  const requoted: number[] = [];
  for (const market of config.markets) {
    const index = state.oracle.markets[market.marketId]?.index;
    if (index === undefined || quotedAt.get(market.marketId) === index) continue;
    const book = (state.books[market.marketId] ??= emptyBook());
    for (const order of [...book.bids, ...book.asks].filter((o) => o.accountId === accountId)) {
      removeOrder(book, order.orderId);
      // quotes nobody traded with leave no trace; a traded one stays readable by its trades
      const record = state.orders[order.orderId.toString()];
      if (record && record.filled === 0n) delete state.orders[order.orderId.toString()];
      else if (record) record.status = 'cancelled';
    }
    // the action the trades of this re-quote are recorded under, taken when the first quote crosses
    let trading: { actionId: bigint; receipt: { marketId: number; orderIds: string[] } } | null = null;
    let subActions = 0;
    for (let level = 0n; level < BigInt(LEVELS); level += 1n) {
      const offset = SPREAD_BPS + level * STEP_BPS;
      for (const side of ['BID', 'ASK'] as const) {
        const price = side === 'BID' ? bpsOf(index, BPS - offset, 'down') : bpsOf(index, BPS + offset, 'up');
        if (price <= 0n) continue;
        // size so that price x size is about the level's notional
        const size =
          (LEVEL_NOTIONAL_WHOLE *
            10n ** BigInt(qd) *
            10n ** BigInt(market.priceDecimals + market.sizeDecimals)) /
          (price * 10n ** BigInt(qd));
        if (size <= 0n) continue;
        const orderId = state.nextOrderId++;
        const record: OrderRecord = {
          orderId,
          accountId,
          marketId: market.marketId,
          side,
          fillMode: 'LIMIT',
          price,
          size,
          filled: 0n,
          status: 'open',
          reduceOnly: false,
          time: now,
          actionId: 0n,
        };
        state.orders[orderId.toString()] = record;
        if (crossable(book, side, price).some((o) => o.accountId !== accountId)) {
          if (!trading) {
            const receipt = { marketId: market.marketId, orderIds: [] as string[] };
            trading = { actionId: tick.recordAction('marketMakerQuote', receipt), receipt };
          }
          trading.receipt.orderIds.push(orderId.toString());
          record.actionId = trading.actionId;
          const fills = match(
            state,
            config,
            { account, market, side, limit: price, size, orderId },
            now,
            trading.actionId,
            tick.emit,
            subActions,
          );
          subActions += fills.length;
          record.filled = fills.reduce((sum, f) => sum + f.size, 0n);
        }
        const remaining = size - record.filled;
        if (remaining === 0n) {
          record.status = 'filled';
          continue;
        }
        insertOrder(book, {
          orderId,
          accountId,
          side,
          price,
          size,
          remaining,
          reduceOnly: false,
          time: now,
        });
      }
    }
    quotedAt.set(market.marketId, index);
    requoted.push(market.marketId);
  }
  return requoted;
}
