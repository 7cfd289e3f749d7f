// The two ways a history cell is written: for the screen and for a CSV file.
import { useMemo } from 'react';
import { formatAmount } from '../../../../shared/money';
import { formatDateTime, formatIsoTime, fromSeconds } from '../../../../shared/time';
import { useMarkets } from '../../hooks/queries';
import type { HistoryFormat } from './columns';

export function useHistoryFormats(): { display: HistoryFormat; csv: HistoryFormat; ready: boolean } {
  const markets = useMarkets();
  return useMemo(() => {
    const info = markets.data;
    const tokens = new Map((info?.tokens ?? []).map((t) => [t.tokenId, t]));
    const byMarket = new Map((info?.markets ?? []).map((m) => [m.marketId, m]));
    const quoteId = info?.quoteTokenId ?? 0;
    const make = (group: boolean, time: (seconds: number) => string): HistoryFormat => {
      const dec = (value: bigint, decimals: number | undefined, signed = false): string =>
        decimals === undefined ? value.toString() : formatAmount(value, decimals, { group, signed });
      return {
        time,
        tokenSymbol: (id) => tokens.get(id)?.symbol ?? `token ${id}`,
        amount: (v, id, o) => dec(v, tokens.get(id)?.decimals, o?.signed),
        quote: (v, o) => dec(v, tokens.get(quoteId)?.decimals, o?.signed),
        quoteSymbol: tokens.get(quoteId)?.symbol ?? 'quote',
        market: (id) => byMarket.get(id)?.symbol ?? `market ${id}`,
        price: (id, v) => dec(v, byMarket.get(id)?.priceDecimals),
        size: (id, v, o) => dec(v, byMarket.get(id)?.sizeDecimals, o?.signed),
      };
    };
    return {
      display: make(true, (s) => formatDateTime(fromSeconds(s))),
      csv: make(false, (s) => formatIsoTime(fromSeconds(s))),
      ready: markets.isSuccess,
    };
  }, [markets.data, markets.isSuccess]);
}
