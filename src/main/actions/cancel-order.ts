// Cancelling one open order of the person's account (CancelOrderById, named by the account so the exchange
// refuses it for anyone else's order). Nothing leaves the account: the margin the order held is freed.
import { AppFailure } from '../../shared/result';
import type { ActionModule } from './action-module';
import { text } from './lines';
import { priceText, sizeText } from './context';
import { ownAccount, ownAccountPlan } from './own-account';
import { marketOf } from './trigger-check';

export const cancelOrder: ActionModule<'cancelOrder', { orderId: bigint }> = {
  async plan(intent, ctx) {
    const own = await ownAccount(ctx, intent.accountId);
    const { accountId } = own.account;
    const order = own.account.openOrders.find((o) => o.orderId === intent.orderId.toString());
    if (!order)
      throw new AppFailure('NOT_FOUND', `Order ${intent.orderId} is not open on account ${accountId}.`);
    const market = marketOf(ctx, order.marketId);
    const side = order.side === 'BID' ? 'buy' : 'sell';
    const size = sizeText(ctx, market, order.remainingSize);
    const price = priceText(ctx, market, order.price);
    return ownAccountPlan(own, {
      title: 'Cancel an order',
      confirmLabel: 'Cancel order',
      audited: {
        amount: 0n,
        wording: {
          verb: 'cancel',
          rest: `the ${market.symbol} ${side} order of ${size} at ${price} on ${ctx.accountWords(accountId)}`,
        },
      },
      balanceAfter: own.quoteBalance,
      lines: [
        text('market', 'Market', market.symbol),
        text('side', 'Side', order.side === 'BID' ? 'Buy' : 'Sell'),
        text('price', 'Price', price),
        text('remaining', 'Remaining size', size),
      ],
      build: (sessionId) => ({
        type: 'cancelOrderById',
        sessionId,
        orderId: intent.orderId,
        senderAccountId: accountId,
      }),
      facts: { orderId: intent.orderId },
    });
  },
  result: (_receipt, facts) => ({
    title: 'Order cancelled',
    message: `Order ${facts.orderId} was cancelled.`,
    lines: [],
  }),
};
