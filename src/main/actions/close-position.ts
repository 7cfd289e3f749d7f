// Closing one open position at once: a reduce-only immediate-or-cancel order on the other side for the whole
// size (close-plan.ts works out its estimated fill price, fee and realized PnL from the book). What does not
// fill at once is cancelled, never left resting; being reduce-only it can only shrink the position, so
// sending it twice (a lost answer, a resumed drill) can never open one the other way. Nothing leaves the
// account: no passphrase.
import { AppFailure } from '../../shared/result';
import type { ActionModule } from './action-module';
import { amount, text } from './lines';
import { priceText, sizeText } from './context';
import { ownAccount, ownAccountPlan } from './own-account';
import { marketOf } from './trigger-check';
import { closePlan, CLOSE_SLIPPAGE_BPS } from './close-plan';

export const closePosition: ActionModule<
  'closePosition',
  { symbol: string; size: bigint; long: boolean; sizeWords: (size: bigint) => string }
> = {
  async plan(intent, ctx) {
    const own = await ownAccount(ctx, intent.accountId);
    const { accountId } = own.account;
    const market = marketOf(ctx, intent.marketId);
    const position = own.account.positions.find((p) => p.marketId === intent.marketId);
    if (!position)
      throw new AppFailure(
        'NOT_FOUND',
        `${ctx.accountWords(accountId)} has no open ${market.symbol} position.`,
      );
    const [book, takerFeeRate] = await Promise.all([
      ctx.client.orderbook(market.marketId),
      ctx.client.takerFeeRate(market.marketId, accountId),
    ]);
    const quote = own.quote;
    const plan = closePlan({
      size: position.size,
      entryPrice: position.entryPrice,
      market,
      quoteDecimals: quote.decimals,
      book,
      takerFeeRate,
    });
    const long = position.size > 0n;
    const sizeWords = sizeText(ctx, market, plan.size);
    const warnings =
      plan.fillable < plan.size
        ? [
            `The book can take only ${sizeText(ctx, market, plan.fillable)} of it now: the rest stays open, and what did not fill is cancelled, not left on the book.`,
          ]
        : [];
    return ownAccountPlan(own, {
      title: 'Close a position',
      confirmLabel: `Close ${market.symbol} ${long ? 'long' : 'short'}`,
      audited: {
        amount: 0n,
        wording: {
          verb: 'close',
          rest: `the ${market.symbol} ${long ? 'long' : 'short'} of ${sizeWords} on ${ctx.accountWords(accountId)} at about ${priceText(ctx, market, plan.estimatedPrice)}`,
        },
      },
      balanceAfter: own.quoteBalance + plan.realizedPnl - plan.fee,
      lines: [
        text('market', 'Market', market.symbol),
        text('side', 'Order', `${long ? 'Sell' : 'Buy'} ${sizeWords}, reduce-only, immediate or cancel`),
        text('estimatedPrice', 'Estimated fill price', priceText(ctx, market, plan.estimatedPrice)),
        text(
          'limitPrice',
          'Worst price accepted',
          `${priceText(ctx, market, plan.limitPrice)} (${Number(CLOSE_SLIPPAGE_BPS) / 100}% past the book)`,
        ),
        amount('fee', 'Estimated fee', quote.tokenId, plan.fee),
        amount('realizedPnl', 'Estimated realized PnL', quote.tokenId, plan.realizedPnl),
      ],
      warnings,
      build: (sessionId) => ({
        type: 'placeOrder',
        sessionId,
        marketId: market.marketId,
        side: plan.side,
        fillMode: 'IMMEDIATE_OR_CANCEL',
        isReduceOnly: true,
        price: plan.limitPrice,
        size: plan.size,
        senderAccountId: accountId,
      }),
      facts: { symbol: market.symbol, size: plan.size, long, sizeWords: (v) => sizeText(ctx, market, v) },
    });
  },
  result: (receipt, facts) => {
    const what = `${facts.symbol} ${facts.long ? 'long' : 'short'}`;
    // no receipt: the answer was lost and a resend proved it executed, but not how much filled
    if (receipt?.type !== 'placeOrderResult')
      return { title: 'Close sent', message: `The order closing the ${what} was executed.`, lines: [] };
    const filled = receipt.fills.reduce((sum, f) => sum + f.size, 0n);
    return {
      title: filled < facts.size ? 'Position partly closed' : 'Position closed',
      message:
        filled < facts.size
          ? `${facts.sizeWords(filled)} of the ${what} of ${facts.sizeWords(facts.size)} was closed; the rest is still open.`
          : `The ${what} of ${facts.sizeWords(facts.size)} was closed.`,
      lines: [],
    };
  },
};
