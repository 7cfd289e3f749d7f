// The two ways a history cell is written: for the screen (figures.ts: separators, minus sign, units, local
// time) and for a CSV file (plain decimals a spreadsheet reads back exactly, ISO time).
import { useMemo } from 'react';
import { formatAmount } from '../../../../shared/money';
import { formatMarketFigure, formatShares, formatToken } from '../../../../shared/figures';
import { formatDateTime, formatIsoTime, fromSeconds } from '../../../../shared/time';
import { useAccountLabels } from '../accounts';
import { useMarkets } from '../markets';
import { useVaults } from '../vaults';
import { accountInWords } from '../../../../shared/account-words';
import type { HistoryFormat } from './history-format';

export function useHistoryFormats(): { display: HistoryFormat; csv: HistoryFormat; ready: boolean } {
  const markets = useMarkets();
  const vaults = useVaults();
  const names = useAccountLabels();
  return useMemo(() => {
    const info = markets.data;
    const tokens = new Map((info?.tokens ?? []).map((t) => [t.tokenId, t]));
    const byMarket = new Map((info?.markets ?? []).map((m) => [m.marketId, m]));
    const vaultNames = new Map((vaults.data?.vaults ?? []).map((v) => [v.vaultId, v.name]));
    const quoteId = info?.quoteTokenId ?? 0;
    const common = {
      tokenSymbol: (id: number) => tokens.get(id)?.symbol ?? `token ${id}`,
      quoteSymbol: tokens.get(quoteId)?.symbol ?? 'quote',
      quoteTokenId: quoteId,
      market: (id: number) => byMarket.get(id)?.symbol ?? `market ${id}`,
      vault: (id: number) => vaultNames.get(id) ?? `vault ${id}`,
    };
    const plain = (value: bigint, decimals: number | undefined, signed = false): string =>
      decimals === undefined ? value.toString() : formatAmount(value, decimals, { signed });
    // a file keeps accounts by number only: a local name is this computer's, and can change
    const csv: HistoryFormat = {
      ...common,
      account: (id) => `#${id}`,
      accountWords: (id) => accountInWords(id, undefined),
      time: (s) => formatIsoTime(fromSeconds(s)),
      address: (a) => a,
      amount: (v, id, o) => plain(v, tokens.get(id)?.decimals, o?.signed),
      quote: (v, o) => plain(v, tokens.get(quoteId)?.decimals, o?.signed),
      shares: (v) => plain(v, tokens.get(quoteId)?.decimals),
      price: (id, v) => plain(v, byMarket.get(id)?.priceDecimals),
      size: (id, v, o) => plain(v, byMarket.get(id)?.sizeDecimals, o?.signed),
    };
    const token = (v: bigint, id: number, signed = false, unit = true): string => {
      const t = tokens.get(id);
      if (!t) return v.toString();
      return formatToken(v, unit ? t : { ...t, symbol: '' }, { quote: id === quoteId, signed }).trim();
    };
    const display: HistoryFormat = {
      ...common,
      // by its wallet and name, "Twelve · Savings (#5)": the same words as the review it was confirmed in
      account: names.full,
      accountWords: names.full,
      time: (s) => formatDateTime(fromSeconds(s)),
      address: (a) => (a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-6)}` : a),
      amount: (v, id, o) => token(v, id, o?.signed),
      // the column header names the quote token; the cells carry only the figure
      quote: (v, o) => token(v, quoteId, o?.signed, false),
      shares: (v) => {
        const decimals = tokens.get(quoteId)?.decimals;
        return decimals === undefined ? v.toString() : formatShares(v, decimals);
      },
      price: (id, v) => {
        const m = byMarket.get(id);
        return m ? formatMarketFigure(v, m.priceDecimals) : v.toString();
      },
      size: (id, v, o) => {
        const m = byMarket.get(id);
        if (!m) return v.toString();
        const unit = tokens.get(m.baseTokenId)?.symbol;
        return formatMarketFigure(v, m.sizeDecimals, { unit, signed: o?.signed ?? false });
      },
    };
    return { display, csv, ready: markets.isSuccess };
  }, [markets.data, markets.isSuccess, vaults.data, names]);
}
