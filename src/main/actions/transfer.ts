// A transfer between accounts: into a new account of the wallet, another of its accounts, or someone
// else's account. Only the last sends money out of the person's wallets, and only it asks for the passphrase.
import { AppFailure } from '../../shared/result';
import type { TokenInfo } from '../../shared/exchange/info';
import type { ActionModule } from './action-module';
import { money } from './context';
import { checkOutgoing } from './outgoing';
import { account, amount } from './lines';

export const transfer: ActionModule<
  'transfer',
  {
    token: TokenInfo;
    amount: bigint;
    /** null: a new account, numbered by the receipt */
    to: number | null;
    /** the target in words, by its local name where it has one; null for a new account */
    toWords: string | null;
  }
> = {
  async plan(intent, ctx) {
    const from = intent.fromAccountId;
    const { token, balance, marginLines, warnings } = await checkOutgoing(
      ctx,
      from,
      intent.tokenId,
      intent.amount,
    );
    const to = intent.toAccountId;
    let leaves = false;
    if (to !== undefined) {
      if (to === from) throw new AppFailure('INVALID_ARGUMENT', 'Choose a different account to transfer to.');
      if (!(await ctx.client.accountExists(to)))
        throw new AppFailure('NOT_FOUND', `Account ${to} does not exist.`);
      leaves = !(await ctx.ownAccount(to));
      if (leaves && !ctx.known.usedRecipient(to))
        warnings.push(`Account ${to} belongs to someone else and you have not sent to it before.`);
    }
    return {
      title: 'Confirm transfer',
      confirmLabel: `Transfer ${money(token, intent.amount)}`,
      lines: [
        account('from', 'From account', from),
        account('to', 'To', to ?? null),
        amount('amount', 'Amount', token.tokenId, intent.amount),
        amount('balanceAfter', 'Balance after', token.tokenId, balance - intent.amount),
        ...marginLines,
      ],
      warnings,
      moneyLeaves: leaves,
      needsFreshUnlock: false,
      audit: {
        accounts: [from, ...(to !== undefined ? [to] : [])],
        tokenId: token.tokenId,
        amount: intent.amount,
        fee: 0n,
        received: intent.amount,
        wording: {
          verb: 'transfer',
          rest: `${money(token, intent.amount)} from ${ctx.accountWords(from)} to ${to === undefined ? 'a new account' : ctx.accountWords(to)}`,
        },
      },
      build: (sessionId) => ({
        type: 'transfer',
        sessionId,
        fromAccountId: from,
        tokenId: intent.tokenId,
        amount: intent.amount,
        ...(to !== undefined ? { toAccountId: to } : {}),
      }),
      ...(to !== undefined ? { executed: () => ctx.known.recordRecipient(to) } : {}),
      facts: {
        token,
        amount: intent.amount,
        to: to ?? null,
        toWords: to === undefined ? null : ctx.accountWords(to),
      },
    };
  },

  result(receipt, facts) {
    const to = receipt?.type === 'transferred' ? (receipt.toUserAccount ?? facts.to) : facts.to;
    return {
      title: 'Transferred',
      message: `${money(facts.token, facts.amount)} moved into ${to === null ? 'a new account' : to === facts.to && facts.toWords ? facts.toWords : `account ${to}`}.`,
      lines: [account('to', 'To account', to), amount('amount', 'Amount', facts.token.tokenId, facts.amount)],
    };
  },
};
