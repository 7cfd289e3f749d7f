// A withdrawal to a settlement-chain address (the wallet's own by default). To an address that is not one of
// the person's wallets (wallets/ownership.ts) money leaves them: the passphrase is asked for this very
// confirmation. To one of their wallets it stays theirs and nothing is asked. Either way the fee is read
// again right before signing so that nothing is signed at a fee the person did not see.
import bs58 from 'bs58';
import { AppFailure } from '../../shared/result';
import type { TokenInfo } from '../../shared/exchange/info';
import type { ActionModule } from './action-module';
import { money } from './context';
import { checkOutgoing } from './outgoing';
import { account, address, amount, number, text } from './lines';
import { shortAddress } from '../audit/audit-wording';

export const withdraw: ActionModule<
  'withdraw',
  {
    token: TokenInfo;
    fee: bigint;
    receive: bigint;
  }
> = {
  async plan(intent, ctx) {
    const { token, balance, marginLines, warnings } = await checkOutgoing(
      ctx,
      intent.accountId,
      intent.tokenId,
      intent.amount,
    );
    const destination = intent.destination ?? ctx.wallet.publicKey;
    let destBytes: Uint8Array;
    try {
      destBytes = bs58.decode(destination);
    } catch {
      throw new AppFailure('INVALID_ARGUMENT', 'The destination is not a valid base58 address.');
    }
    if (destBytes.length !== 32)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        'The destination is not a valid settlement-chain address (32 bytes).',
      );
    const fee = await ctx.withdrawalFee(intent.accountId, intent.tokenId);
    if (intent.amount <= fee)
      throw new AppFailure('INVALID_ARGUMENT', 'The amount does not cover the withdrawal fee.');
    const owner = ctx.addressOwner(destination);
    const leaves = owner === null;
    if (leaves && !ctx.known.usedDestination(destination))
      warnings.push('You have not withdrawn to this address before. Check it character by character.');
    const receive = intent.amount - fee;
    return {
      title: 'Confirm withdrawal',
      confirmLabel: `Withdraw ${money(token, intent.amount)}`,
      lines: [
        account('from', 'From account', intent.accountId),
        // one of the person's wallets is named as theirs, so it never reads as a stranger's address
        ...(owner ? [text('toWallet', 'To', `Your wallet ${owner.label}`)] : []),
        address('destination', 'To address', destination),
        amount('amount', 'Amount', token.tokenId, intent.amount),
        amount('fee', 'Withdrawal fee', token.tokenId, fee),
        amount('receive', 'You receive', token.tokenId, receive),
        amount('balanceAfter', 'Balance after', token.tokenId, balance - intent.amount),
        ...marginLines,
      ],
      warnings,
      moneyLeaves: leaves,
      // money leaving asks for the passphrase anyway; money staying the person's asks for nothing
      needsFreshUnlock: false,
      audit: {
        accounts: [intent.accountId],
        tokenId: token.tokenId,
        amount: intent.amount,
        fee,
        received: receive,
        wording: {
          verb: 'withdraw',
          rest: `${money(token, intent.amount)} from ${ctx.accountWords(intent.accountId)} to ${owner ? `your wallet ${owner.label} (${shortAddress(destination)})` : shortAddress(destination)}`,
        },
      },
      build: (sessionId) => ({
        type: 'withdraw',
        sessionId,
        tokenId: intent.tokenId,
        amount: intent.amount,
        accountId: intent.accountId,
        destPubkey: Buffer.from(destBytes),
      }),
      async recheck() {
        // The fee can change between review and signing; never sign a withdrawal at a fee the person did not see.
        const now = await ctx.withdrawalFee(intent.accountId, intent.tokenId);
        if (now > fee)
          throw new AppFailure(
            'CONFLICT',
            'The withdrawal fee rose since you reviewed it. Review the new fee and confirm again.',
            { newFee: now.toString() },
          );
      },
      executed: () => ctx.known.recordDestination(destination),
      facts: { token, fee, receive },
    };
  },

  result(receipt, facts) {
    const paid = receipt?.type === 'withdrawResult' ? receipt : null;
    const fee = paid ? paid.fee : facts.fee;
    const receive = paid ? paid.amount - paid.fee : facts.receive;
    // a project addition: a public engine's receipt has none
    const eventNonce = paid?.eventNonce;
    return {
      title: 'Withdrawal sent',
      message: `${money(facts.token, receive)} will arrive once the exchange processes it.`,
      lines: [
        amount('fee', 'Withdrawal fee', facts.token.tokenId, fee),
        amount('receive', 'You receive', facts.token.tokenId, receive),
        ...(eventNonce !== undefined ? [number('eventNonce', 'Settlement event', eventNonce)] : []),
      ],
    };
  },
};
