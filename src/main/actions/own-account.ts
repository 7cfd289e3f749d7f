// Vault and trigger actions keep the money in the person's own account: they share how that account is
// read, how the review starts and ends (the account, then the quote balance after) and what the audit
// records. No passphrase: nothing leaves the wallets.
import type { TokenInfo } from '../../shared/exchange/info';
import type { Line } from '../../shared/ipc/actions';
import type { ActionKind } from '../../protocol/types';
import type { Account } from '../exchange/account-model';
import type { ActionPlan } from './action-module';
import { balanceOf, type ActionContext } from './context';
import { account as accountLine, amount } from './lines';
import type { AuditWords } from '../audit/audit-wording';

export interface OwnAccount {
  account: Account;
  quote: TokenInfo;
  quoteBalance: bigint;
}

export async function ownAccount(ctx: ActionContext, accountId: number): Promise<OwnAccount> {
  const account = await ctx.ownedAccount(accountId);
  const quote = ctx.quote();
  return { account, quote, quoteBalance: balanceOf(account, quote.tokenId) };
}

/** A plan that moves nothing out of the person's accounts. */
export function ownAccountPlan<Facts>(
  own: OwnAccount,
  plan: {
    title: string;
    /** the confirm button, named for the action */
    confirmLabel: string;
    lines: Line[];
    warnings?: string[];
    /**
     * What the audit log records: the amount asked for (into a vault, out of one, claimed; 0 for a trigger)
     * and the words. Required, so that no kind is logged with an amount it never stated.
     */
    audited: { amount: bigint; wording: AuditWords };
    balanceAfter: bigint;
    build(sessionId: bigint): ActionKind;
    facts: Facts;
  },
): ActionPlan<Facts> {
  const { account, quote } = own;
  return {
    title: plan.title,
    confirmLabel: plan.confirmLabel,
    lines: [
      accountLine('account', 'Account', account.accountId),
      ...plan.lines,
      amount('balanceAfter', 'Balance after', quote.tokenId, plan.balanceAfter),
    ],
    warnings: plan.warnings ?? [],
    moneyLeaves: false,
    needsFreshUnlock: false,
    audit: {
      accounts: [account.accountId],
      tokenId: quote.tokenId,
      amount: plan.audited.amount,
      fee: 0n,
      received: 0n,
      wording: plan.audited.wording,
    },
    build: plan.build,
    facts: plan.facts,
  };
}
