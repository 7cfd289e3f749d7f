// Vault and trigger intents: what the person asks for, checked against the exchange's current state, turned
// into the summary lines they confirm and the action main will sign. Checks here are for clear messages
// before anything is signed; the exchange enforces the same rules again.
import { AppFailure } from '../../shared/result';
import { formatAmount } from '../../shared/money';
import type { MarketInfo, MarketsInfo } from '../../shared/exchange/info';
import type { Account } from '../exchange/account-model';
import type { ActionKind } from '../../protocol/types';
import type { ExchangeClient } from '../exchange/exchange-client';

export type TriggerKindName = 'STOP_LOSS' | 'TAKE_PROFIT';

/** A stop-loss or take-profit for the account's position in a market: an exit at a price. */
export interface TriggerFields {
  marketId: number;
  triggerKind: TriggerKindName;
  triggerPrice: bigint;
  /** absent: the exit is a market order */
  limitPrice?: bigint;
  /** absent: the whole position */
  size?: bigint;
}

export type TradingIntent =
  | { kind: 'vaultDeposit'; walletId: string; accountId: number; vaultId: number; amount: bigint }
  | {
      kind: 'vaultWithdraw';
      walletId: string;
      accountId: number;
      vaultId: number;
      by: 'QUOTE_NOTIONAL' | 'SHARES';
      amount: bigint;
    }
  | { kind: 'vaultClaim'; walletId: string; accountId: number; vaultId: number }
  | ({ kind: 'addTrigger'; walletId: string; accountId: number } & TriggerFields)
  | ({ kind: 'editTrigger'; walletId: string; accountId: number; triggerId: bigint } & TriggerFields)
  | { kind: 'removeTrigger'; walletId: string; accountId: number; marketId: number; triggerId: bigint };

export const TRADING_KINDS = [
  'vaultDeposit',
  'vaultWithdraw',
  'vaultClaim',
  'addTrigger',
  'editTrigger',
  'removeTrigger',
] as const;

export interface TradingPlan {
  title: string;
  /** quote token; the amount that leaves the account (0 when nothing does) */
  tokenId: number;
  amount: bigint;
  balanceAfter: bigint;
  details: { label: string; value: string }[];
  warnings: string[];
  action: (sessionId: bigint) => ActionKind;
}

/** Shares count in the quote token's units (one share was one quote unit at launch). */
export const shareText = (shares: bigint, decimals: number) =>
  formatAmount(shares, decimals, { group: true });
const duration = (s: number) => (s % 3600 === 0 ? `${s / 3600} h` : `${s} s`);
const when = (seconds: number) =>
  new Date(seconds * 1000).toISOString().replace('.000Z', ' UTC').replace('T', ' ');

export async function planTrading(
  intent: TradingIntent,
  client: ExchangeClient,
  info: MarketsInfo,
  account: Account,
): Promise<TradingPlan> {
  const quote = info.tokens.find((t) => t.tokenId === info.quoteTokenId);
  if (!quote) throw new AppFailure('EXCHANGE_BAD_RESPONSE', 'The exchange lists no quote token.');
  const money = (v: bigint) => `${formatAmount(v, quote.decimals, { group: true })} ${quote.symbol}`;
  const quoteBalance = account.balances.find((b) => b.tokenId === quote.tokenId)?.amount ?? 0n;
  const base = { tokenId: quote.tokenId, warnings: [] as string[] };

  switch (intent.kind) {
    case 'vaultDeposit': {
      const vault = await client.vault(intent.vaultId);
      if (intent.amount <= 0n) throw new AppFailure('INVALID_ARGUMENT', 'The amount must be more than zero.');
      const free =
        account.margin.freeCollateral < quoteBalance ? account.margin.freeCollateral : quoteBalance;
      if (intent.amount > free)
        throw new AppFailure(
          'INVALID_ARGUMENT',
          `Account ${account.accountId} can put at most ${money(free > 0n ? free : 0n)} into a vault (what its margin leaves free).`,
        );
      const shares = vault.equity > 0n ? (intent.amount * vault.totalShares) / vault.equity : intent.amount;
      return {
        ...base,
        title: `Deposit into ${vault.name}`,
        amount: intent.amount,
        balanceAfter: quoteBalance - intent.amount,
        details: [
          { label: 'Vault', value: vault.name },
          { label: 'Amount', value: money(intent.amount) },
          { label: 'Share value', value: formatAmount(vault.navPerShare, vault.navDecimals) },
          { label: 'Shares (about)', value: shareText(shares, quote.decimals) },
          {
            label: 'Withdrawals',
            value: `requested any time, converted at the end of an epoch (every ${duration(vault.epochSeconds)})`,
          },
        ],
        action: (sessionId) => ({
          type: 'vaultDeposit',
          sessionId,
          vaultId: intent.vaultId,
          amount: intent.amount,
          accountId: account.accountId,
        }),
      };
    }
    case 'vaultWithdraw': {
      const vault = await client.vault(intent.vaultId);
      const holding = (await client.vaultHoldings(account.accountId)).find(
        (h) => h.vaultId === intent.vaultId,
      );
      const available = holding ? holding.shares - holding.currentWithdrawal : 0n;
      if (intent.amount <= 0n) throw new AppFailure('INVALID_ARGUMENT', 'The amount must be more than zero.');
      if (available <= 0n)
        throw new AppFailure(
          'INVALID_ARGUMENT',
          `Account ${account.accountId} has no ${vault.name} shares left to withdraw.`,
        );
      const availableValue = vault.totalShares > 0n ? (available * vault.equity) / vault.totalShares : 0n;
      if (intent.by === 'SHARES' && intent.amount > available)
        throw new AppFailure(
          'INVALID_ARGUMENT',
          `Account ${account.accountId} holds ${shareText(available, quote.decimals)} shares of ${vault.name} that are not already being withdrawn.`,
        );
      if (intent.by === 'QUOTE_NOTIONAL' && intent.amount > availableValue)
        throw new AppFailure(
          'INVALID_ARGUMENT',
          `Account ${account.accountId}'s ${vault.name} shares are worth ${money(availableValue)} now; ask for that or less.`,
        );
      return {
        ...base,
        title: `Request a withdrawal from ${vault.name}`,
        amount: 0n,
        balanceAfter: quoteBalance,
        details: [
          { label: 'Vault', value: vault.name },
          {
            label: 'Amount',
            value:
              intent.by === 'SHARES'
                ? `${shareText(intent.amount, quote.decimals)} shares`
                : `${money(intent.amount)} (in shares at today's value)`,
          },
          {
            label: 'Converted at',
            value: `the end of the epoch, ${when(vault.epochEnd)}, at that day's value`,
          },
          { label: 'Then', value: 'claim it into this account' },
        ],
        action: (sessionId) => ({
          type: 'vaultWithdrawRequest',
          sessionId,
          vaultId: intent.vaultId,
          kind: intent.by,
          amount: intent.amount,
          accountId: account.accountId,
        }),
      };
    }
    case 'vaultClaim': {
      const vault = await client.vault(intent.vaultId);
      const holding = (await client.vaultHoldings(account.accountId)).find(
        (h) => h.vaultId === intent.vaultId,
      );
      if (!holding || holding.claimable === 0n) {
        if (holding?.claimableAt)
          throw new AppFailure(
            'INVALID_ARGUMENT',
            `Nothing is claimable yet: the request becomes claimable at ${when(holding.claimableAt)}.`,
          );
        throw new AppFailure(
          'INVALID_ARGUMENT',
          `Account ${account.accountId} has nothing to claim from ${vault.name}.`,
        );
      }
      return {
        ...base,
        title: `Claim from ${vault.name}`,
        amount: 0n,
        balanceAfter: quoteBalance + holding.claimable,
        details: [
          { label: 'Vault', value: vault.name },
          { label: 'You receive', value: money(holding.claimable) },
        ],
        action: (sessionId) => ({
          type: 'vaultWithdrawClaim',
          sessionId,
          vaultId: intent.vaultId,
          accountId: account.accountId,
        }),
      };
    }
    case 'addTrigger':
    case 'editTrigger': {
      const market = info.markets.find((m) => m.marketId === intent.marketId);
      if (!market) throw new AppFailure('NOT_FOUND', `Market ${intent.marketId} does not exist.`);
      if (intent.kind === 'editTrigger') {
        const active = await client.triggers(account.accountId);
        if (!active.some((t) => t.triggerId === intent.triggerId && t.marketId === intent.marketId))
          throw new AppFailure(
            'NOT_FOUND',
            `Trigger ${intent.triggerId} is not active on account ${account.accountId}.`,
          );
      }
      const { side, lines, warnings } = checkTrigger(intent, market, account);
      const definition = {
        marketId: intent.marketId,
        key: { kind: intent.triggerKind, side },
        prices: {
          triggerPrice: intent.triggerPrice,
          ...(intent.limitPrice !== undefined ? { limitPrice: intent.limitPrice } : {}),
          ...(intent.size !== undefined ? { limitBaseSize: intent.size } : {}),
        },
        accountId: account.accountId,
      };
      return {
        ...base,
        warnings,
        title: `${intent.kind === 'addTrigger' ? 'Add' : 'Change'} a ${intent.triggerKind === 'STOP_LOSS' ? 'stop-loss' : 'take-profit'}`,
        amount: 0n,
        balanceAfter: quoteBalance,
        details: lines,
        action: (sessionId) =>
          intent.kind === 'addTrigger'
            ? { type: 'addTrigger', sessionId, ...definition }
            : { type: 'editTrigger', sessionId, triggerId: intent.triggerId, ...definition },
      };
    }
    case 'removeTrigger': {
      const active = await client.triggers(account.accountId);
      const trigger = active.find((t) => t.triggerId === intent.triggerId && t.marketId === intent.marketId);
      if (!trigger)
        throw new AppFailure(
          'NOT_FOUND',
          `Trigger ${intent.triggerId} is not active on account ${account.accountId}.`,
        );
      const market = info.markets.find((m) => m.marketId === intent.marketId)!;
      return {
        ...base,
        title: `Remove a ${trigger.kind === 'StopLoss' ? 'stop-loss' : 'take-profit'}`,
        amount: 0n,
        balanceAfter: quoteBalance,
        details: [
          { label: 'Market', value: market.symbol },
          {
            label: 'Trigger price',
            value: formatAmount(trigger.triggerPrice, market.priceDecimals, { group: true }),
          },
        ],
        action: (sessionId) => ({
          type: 'removeTrigger',
          sessionId,
          marketId: intent.marketId,
          triggerId: intent.triggerId,
          accountId: account.accountId,
        }),
      };
    }
  }
}

/** A trigger must close (part of) an open position, on the side of the mark that matches its kind. */
function checkTrigger(
  t: TriggerFields,
  market: MarketInfo,
  account: Account,
): { side: 'ASK' | 'BID'; lines: { label: string; value: string }[]; warnings: string[] } {
  const position = account.positions.find((p) => p.marketId === market.marketId);
  if (!position || position.size === 0n)
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `Account ${account.accountId} has no open ${market.symbol} position to protect.`,
    );
  const long = position.size > 0n;
  const price = (v: bigint) => formatAmount(v, market.priceDecimals, { group: true });
  const size = (v: bigint) => formatAmount(v, market.sizeDecimals, { group: true });
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
  return {
    side: long ? 'ASK' : 'BID',
    warnings,
    lines: [
      { label: 'Market', value: market.symbol },
      { label: 'Position', value: `${long ? 'Long' : 'Short'} ${size(held)}` },
      { label: 'Fires when the mark reaches', value: price(t.triggerPrice) },
      {
        label: 'Then',
        value: `${long ? 'sells' : 'buys'} ${t.size !== undefined ? size(t.size) : 'the whole position'} ${t.limitPrice !== undefined ? `with a limit at ${price(t.limitPrice)}` : 'at market'}, reduce-only`,
      },
    ],
  };
}
