// The exchange's markets and tokens from /info: the decimals and symbols every amount, price and size on
// screen is written with.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { formatMarketFigure, formatToken } from '../../../../shared/figures';
import type { MarketInfo, TokenInfo } from '../../../../shared/exchange/info';

export const marketKeys = {
  markets: ['markets'],
};

export const useMarkets = () =>
  useQuery({ queryKey: marketKeys.markets, queryFn: () => unwrap(wallet.app.markets()), staleTime: 60_000 });

/**
 * Token lookups and formatting by id: decimals come from /info, never from a guess. One object (and one
 * `format`) while /info stays the same, so that memoised rows given `format` are not drawn again for it.
 */
export function useTokens() {
  const { data, isSuccess } = useMarkets();
  return useMemo(() => {
    const tokens = new Map<number, TokenInfo>((data?.tokens ?? []).map((t) => [t.tokenId, t]));
    const quoteTokenId = data?.quoteTokenId ?? 0;
    /** an amount for reading (figures.ts): the quote token in cents; `exact` for what is about to be signed */
    const format = (
      amount: bigint,
      tokenId: number,
      options: { signed?: boolean; exact?: boolean } = {},
    ): string => {
      const token = tokens.get(tokenId);
      if (!token) return `${amount.toString()} (token ${tokenId})`;
      return formatToken(amount, token, { quote: tokenId === quoteTokenId, ...options });
    };
    return {
      tokens,
      list: data?.tokens ?? [],
      quoteTokenId,
      quoteSymbol: tokens.get(quoteTokenId)?.symbol ?? '',
      format,
      ready: isSuccess,
    };
  }, [data, isSuccess]);
}

/**
 * Market lookups: symbols, and prices and sizes with every place of the market's own decimals from /info, so
 * that a column of them lines up; sizes carry the base token's symbol. One object while /info stays the same.
 */
export function useMarketFormat() {
  const { data, isSuccess } = useMarkets();
  return useMemo(() => {
    const byId = new Map<number, MarketInfo>((data?.markets ?? []).map((m) => [m.marketId, m]));
    const tokens = new Map<number, TokenInfo>((data?.tokens ?? []).map((t) => [t.tokenId, t]));
    const symbol = (marketId: number): string => byId.get(marketId)?.symbol ?? `market ${marketId}`;
    // a price in a sentence carries its unit; a column's header names it once for every cell
    const price = (marketId: number, value: bigint, options: { unit?: boolean } = {}): string => {
      const m = byId.get(marketId);
      if (!m) return value.toString();
      const unit = options.unit ? tokens.get(m.quoteTokenId)?.symbol : undefined;
      return formatMarketFigure(value, m.priceDecimals, { unit });
    };
    const size = (marketId: number, value: bigint, options: { signed?: boolean } = {}): string => {
      const m = byId.get(marketId);
      if (!m) return value.toString();
      return formatMarketFigure(value, m.sizeDecimals, {
        unit: tokens.get(m.baseTokenId)?.symbol,
        ...options,
      });
    };
    return { symbol, price, size, markets: data?.markets ?? [], ready: isSuccess };
  }, [data, isSuccess]);
}
