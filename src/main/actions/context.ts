// What an action module may consult while planning: the wallet asking, the exchange's markets and tokens,
// the exchange itself, the destinations used before, and whose a destination is (the one rule of
// wallets/ownership.ts). Ownership and token lookups refuse in plain words.
import { AppFailure } from '../../shared/result';
import { formatMarketFigure, formatToken } from '../../shared/figures';
import type { MarketInfo, MarketsInfo, TokenInfo } from '../../shared/exchange/info';
import type { Account } from '../exchange/account-model';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { WalletInfo } from '../wallets/wallet-service';
import type { AddressBook } from '../address-book';
import type { Ownership } from '../wallets/ownership';
import { withdrawalFee } from './withdrawal-fee';
import { accountWords, type AccountNames } from '../audit/audit-wording';

export interface ActionContext {
  wallet: WalletInfo;
  info: MarketsInfo;
  client: ExchangeClient;
  /** destinations and recipients used before, for first-time warnings */
  known: AddressBook;
  /** the account, refused unless it belongs to the wallet */
  ownedAccount(accountId: number): Promise<Account>;
  /** whether the account is one of the person's own (wallets/ownership.ts): if not, money going there leaves */
  ownAccount(accountId: number): Promise<boolean>;
  /** the person's wallet with this settlement-chain address (wallets/ownership.ts); null: someone else's */
  addressOwner(address: string): WalletInfo | null;
  token(tokenId: number): TokenInfo;
  quote(): TokenInfo;
  /** the fee a withdrawal of tokenId from accountId is charged now, in that token's scaled units */
  withdrawalFee(accountId: number, tokenId: number): Promise<bigint>;
  /** an account as a sentence names it, by the name the person gave it here now: "Trading (account 4)" */
  accountWords(accountId: number): string;
}

export interface ContextDeps {
  client: ExchangeClient;
  known: AddressBook;
  ownership: Ownership<WalletInfo>;
  /** the names the person gave accounts on this computer */
  accountNames: () => AccountNames;
}

export function actionContext(deps: ContextDeps, wallet: WalletInfo, info: MarketsInfo): ActionContext {
  const { client } = deps;
  return {
    wallet,
    info,
    client,
    known: deps.known,
    async ownedAccount(accountId) {
      const user = await client.user(wallet.publicKey);
      if (!user || !user.accountIds.includes(accountId))
        throw new AppFailure('NOT_FOUND', `Account ${accountId} does not belong to ${wallet.label}.`);
      // what an action may move is judged on the exchange's own figures now, not ones moved with the mark
      return client.account(accountId, true);
    },
    ownAccount: async (accountId) => (await deps.ownership.accountOwner(accountId)) !== null,
    addressOwner: (address) => deps.ownership.addressOwner(address),
    token(tokenId) {
      const token = info.tokens.find((t) => t.tokenId === tokenId);
      if (!token) throw new AppFailure('NOT_FOUND', `Token ${tokenId} does not exist on this exchange.`);
      return token;
    },
    quote() {
      const quote = info.tokens.find((t) => t.tokenId === info.quoteTokenId);
      if (!quote) throw new AppFailure('EXCHANGE_BAD_RESPONSE', 'The exchange lists no quote token.');
      return quote;
    },
    withdrawalFee: (accountId, tokenId) => withdrawalFee(client, info, accountId, tokenId),
    accountWords: (accountId) => accountWords(accountId, deps.accountNames()),
  };
}

/**
 * An amount of a token as main's reviews and sentences state it, in the app's one format (figures.ts): at
 * least the cents, and every further non-zero place, since it is what the person signs or signed and must
 * never read as less than it is: "1,234.50 USDC", "25.123456 USDC", "0.0003125 ETH". (Exact, the quote token
 * and any other read alike.)
 */
export const money = (token: TokenInfo, amount: bigint): string =>
  formatToken(amount, token, { quote: true, exact: true });

/** A price in the market's own decimals, with the quote token's unit: "65,000.0 USDC". */
export const priceText = (ctx: ActionContext, market: MarketInfo, value: bigint): string =>
  formatMarketFigure(value, market.priceDecimals, { unit: ctx.quote().symbol });

/** A size in the market's own decimals, with the base token's unit: "0.1000 BTC". */
export const sizeText = (ctx: ActionContext, market: MarketInfo, value: bigint): string =>
  formatMarketFigure(value, market.sizeDecimals, { unit: ctx.token(market.baseTokenId).symbol });

/** The quote token balance of an account (0 when it holds none). */
export const balanceOf = (account: Account, tokenId: number): bigint =>
  account.balances.find((b) => b.tokenId === tokenId)?.amount ?? 0n;
