// Exact conversion of the exchange's human-unit JSON numbers into the app's scaled bigint, with the /info
// decimals. Too many fraction digits, or an id /info does not list, is a malformed answer: said plainly,
// never rounded.
import type { MarketInfo, MarketsInfo, TokenInfo } from '../../shared/exchange/info';
import { MoneyFormatError, scaledFromDecimal } from '../../shared/money';
import { AppFailure } from '../../shared/result';

export interface Scaler {
  /** a token amount in the token's decimals */
  token(text: string, tokenId: number, what: string): bigint;
  /** a quote-token amount (PnL, margins, fees, notional) */
  quote(text: string, what: string): bigint;
  price(text: string, marketId: number, what: string): bigint;
  size(text: string, marketId: number, what: string): bigint;
  market(marketId: number): MarketInfo;
  tokenInfo(tokenId: number): TokenInfo;
}

export function scalerFor(info: MarketsInfo, where: string): Scaler {
  const bad = (message: string) =>
    new AppFailure('EXCHANGE_BAD_RESPONSE', `The exchange's answer to ${where} is malformed: ${message}.`);
  const tokenInfo = (tokenId: number) => {
    const token = info.tokens.find((t) => t.tokenId === tokenId);
    if (!token) throw bad(`it names token ${tokenId}, which /info does not list`);
    return token;
  };
  const market = (marketId: number) => {
    const found = info.markets.find((m) => m.marketId === marketId);
    if (!found) throw bad(`it names market ${marketId}, which /info does not list`);
    return found;
  };
  const exact = (text: string, decimals: number, what: string) => {
    try {
      return scaledFromDecimal(text, decimals);
    } catch (error) {
      if (!(error instanceof MoneyFormatError)) throw error;
      throw bad(`${what} is ${text.slice(0, 70)}, which has more than the ${decimals} decimals it allows`);
    }
  };
  return {
    token: (text, tokenId, what) => exact(text, tokenInfo(tokenId).decimals, what),
    quote: (text, what) => exact(text, tokenInfo(info.quoteTokenId).decimals, what),
    price: (text, marketId, what) => exact(text, market(marketId).priceDecimals, what),
    size: (text, marketId, what) => exact(text, market(marketId).sizeDecimals, what),
    market,
    tokenInfo,
  };
}
