// What adding and changing a stop-loss or take-profit check alike: the market exists, the account has a
// position there to protect, and the trigger sits on the side of the mark its kind means. The review states
// what it will do in plain words; the exchange enforces the same rules again.
import { AppFailure } from '../../shared/result';
import type { MarketInfo } from '../../shared/exchange/info';
import type { IntentOf, Line } from '../../shared/ipc/actions';
import type { ActionKind, AddTriggerFields } from '../../protocol/types';
import type { ActionPlan } from './action-module';
import { ownAccountPlan, type OwnAccount } from './own-account';
import { priceText, sizeText, type ActionContext } from './context';
import { amount as amountLine, number, text } from './lines';

type TriggerFields = Omit<IntentOf<'addTrigger'>, 'kind' | 'walletId' | 'accountId'>;

type Definition = Omit<AddTriggerFields, 'sessionId'>;

export function marketOf(ctx: ActionContext, marketId: number): MarketInfo {
  const market = ctx.info.markets.find((m) => m.marketId === marketId);
  if (!market) throw new AppFailure('NOT_FOUND', `Market ${marketId} does not exist.`);
  return market;
}

/** The plan of adding or changing a trigger: checked against the position, stated, and built by `build`. */
export function triggerPlan(
  ctx: ActionContext,
  verb: 'Add' | 'Change',
  own: OwnAccount,
  t: TriggerFields,
  market: MarketInfo,
  build: (definition: Definition, sessionId: bigint) => ActionKind,
): ActionPlan<null> {
  const { side, lines, warnings } = checkTrigger(ctx, t, market, own);
  const definition: Definition = {
    marketId: t.marketId,
    key: { kind: t.triggerKind, side },
    prices: {
      triggerPrice: t.triggerPrice,
      ...(t.limitPrice !== undefined ? { limitPrice: t.limitPrice } : {}),
      ...(t.size !== undefined ? { limitBaseSize: t.size } : {}),
    },
    accountId: own.account.accountId,
  };
  const name = t.triggerKind === 'STOP_LOSS' ? 'stop-loss' : 'take-profit';
  const at = priceText(ctx, market, t.triggerPrice);
  const account = ctx.accountWords(own.account.accountId);
  return ownAccountPlan(own, {
    title: `${verb} a ${name}`,
    confirmLabel: `${verb} ${name} at ${at}`,
    audited: {
      amount: 0n,
      wording:
        verb === 'Add'
          ? { verb: 'add', rest: `a ${market.symbol} ${name} at ${at} to ${account}` }
          : { verb: 'change', rest: `the ${market.symbol} ${name} of ${account} to ${at}` },
    },
    lines,
    warnings,
    balanceAfter: own.quoteBalance,
    build: (sessionId) => build(definition, sessionId),
    facts: null,
  });
}

/** A trigger must close (part of) an open position, on the side of the mark that matches its kind. */
function checkTrigger(
  ctx: ActionContext,
  t: TriggerFields,
  market: MarketInfo,
  own: OwnAccount,
): { side: 'ASK' | 'BID'; lines: Line[]; warnings: string[] } {
  const { account, quote } = own;
  const position = account.positions.find((p) => p.marketId === market.marketId);
  if (!position || position.size === 0n)
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `Account ${account.accountId} has no open ${market.symbol} position to protect.`,
    );
  const long = position.size > 0n;
  const price = (v: bigint) => priceText(ctx, market, v);
  const size = (v: bigint) => sizeText(ctx, market, v);
  if (t.triggerPrice <= 0n)
    throw new AppFailure('INVALID_ARGUMENT', 'The trigger price must be more than zero.');
  if (t.limitPrice !== undefined && t.limitPrice <= 0n)
    throw new AppFailure(
      'INVALID_ARGUMENT',
      'The limit price must be more than zero (leave it empty for a market exit).',
    );
  const held = long ? position.size : -position.size;
  if (t.size !== undefined && (t.size <= 0n || t.size > held))
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `The size must be more than zero and at most the position, ${size(held)}.`,
    );
  // a stop-loss sits where the position loses, a take-profit where it gains; on the wrong side it would fire at once
  const lossSide = long ? t.triggerPrice < position.markPrice : t.triggerPrice > position.markPrice;
  const name = t.triggerKind === 'STOP_LOSS' ? 'stop-loss' : 'take-profit';
  if ((t.triggerKind === 'STOP_LOSS') !== lossSide)
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `A ${name} for a ${long ? 'long' : 'short'} goes ${(t.triggerKind === 'STOP_LOSS') === long ? 'below' : 'above'} the mark price (${price(position.markPrice)}).`,
    );
  const warnings: string[] = [];
  if (position.liquidationPrice !== null && t.triggerKind === 'STOP_LOSS') {
    const beyond = long
      ? t.triggerPrice <= position.liquidationPrice
      : t.triggerPrice >= position.liquidationPrice;
    if (beyond)
      warnings.push(
        `The position would be liquidated (at ${price(position.liquidationPrice)}) before this stop-loss fires.`,
      );
  }
  const closing = t.size ?? held;
  const pnl = pnlAt(t.triggerPrice, position.entryPrice, long ? closing : -closing, market, quote.decimals);
  return {
    side: long ? 'ASK' : 'BID',
    warnings,
    lines: [
      text('market', 'Market', market.symbol),
      text('position', 'Position', `${long ? 'Long' : 'Short'} ${size(held)}`),
      text('triggerPrice', 'Fires when the mark reaches', price(t.triggerPrice)),
      text(
        'then',
        'Then',
        `${long ? 'sells' : 'buys'} ${t.size !== undefined ? size(t.size) : 'the whole position'} ${t.limitPrice !== undefined ? `with a limit at ${price(t.limitPrice)}` : 'at market'}, reduce-only`,
      ),
      amountLine(
        'pnlAtTrigger',
        pnl < 0n ? 'Estimated loss at the trigger price' : 'Estimated profit at the trigger price',
        quote.tokenId,
        pnl,
      ),
    ],
  };
}

/**
 * What closing `size` (signed like the position) at `price` realizes against the entry price, in quote
 * units, before fees and slippage. Rounded down, so an estimated loss is never understated.
 */
export function pnlAt(
  price: bigint,
  entryPrice: bigint,
  size: bigint,
  market: Pick<MarketInfo, 'priceDecimals' | 'sizeDecimals'>,
  quoteDecimals: number,
): bigint {
  const numerator = (price - entryPrice) * size * 10n ** BigInt(quoteDecimals);
  const denominator = 10n ** BigInt(market.priceDecimals + market.sizeDecimals);
  const quotient = numerator / denominator;
  return numerator < 0n && quotient * denominator !== numerator ? quotient - 1n : quotient;
}

/** The result of adding or changing a trigger: its id, when the receipt names it, among the details. */
export function triggerActive(triggerId: bigint | null) {
  return {
    title: 'Trigger active',
    message: 'It fires when the mark price reaches it.',
    lines: triggerId !== null ? [number('triggerId', 'Trigger', triggerId)] : [],
  };
}
