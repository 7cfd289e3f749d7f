// How the devnet writes the public engine's JSON values (rest.md): amounts, prices and sizes as JSON numbers
// in human units written from their exact text, times as RFC3339 strings, sides and fill modes in the
// public spellings. The server serialises with lossless-json, so nothing here passes through a double.
import type { LosslessNumber } from 'lossless-json';
import { numberText, timeText } from '../shared/exchange/json';
import { decimalFromScaled } from '../shared/money';
import type { DevnetConfig } from './config';

/** A scaled integer as a JSON number in human units. */
export const human = (scaled: bigint, decimals: number): LosslessNumber =>
  numberText(decimalFromScaled(scaled, decimals));

/** An integer as a JSON number written from its text (u64 or raw values that need no scaling). */
export const whole = (value: bigint | number): LosslessNumber => numberText(value.toString());

export const time = timeText;

export const sideJson = (side: 'BID' | 'ASK'): 'bid' | 'ask' => (side === 'BID' ? 'bid' : 'ask');

const FILL_MODES: Record<string, 'Limit' | 'PostOnly' | 'ImmediateOrCancel' | 'FillOrKill'> = {
  LIMIT: 'Limit',
  POST_ONLY: 'PostOnly',
  IMMEDIATE_OR_CANCEL: 'ImmediateOrCancel',
  FILL_OR_KILL: 'FillOrKill',
};
export const fillModeJson = (mode: string) => FILL_MODES[mode] ?? 'Limit';

/** The devnet's units: amounts of each token, prices and sizes of each market, quote-unit figures. */
export function unitsOf(config: DevnetConfig) {
  const quote = config.tokens.find((t) => t.tokenId === config.quoteTokenId)!;
  const market = (marketId: number) => config.markets.find((m) => m.marketId === marketId)!;
  return {
    quote: (v: bigint) => human(v, quote.decimals),
    token: (v: bigint, tokenId: number) =>
      human(v, config.tokens.find((t) => t.tokenId === tokenId)?.decimals ?? 0),
    price: (v: bigint, marketId: number) => human(v, market(marketId).priceDecimals),
    size: (v: bigint, marketId: number) => human(v, market(marketId).sizeDecimals),
    symbolOf: (marketId: number) => market(marketId).symbol,
    baseSymbolOf: (marketId: number) =>
      config.tokens.find((t) => t.tokenId === market(marketId).baseTokenId)?.symbol ?? '',
    tokenSymbol: (tokenId: number) => config.tokens.find((t) => t.tokenId === tokenId)?.symbol ?? '',
  };
}
export type Units = ReturnType<typeof unitsOf>;
