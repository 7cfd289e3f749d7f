// What the exchange says about its markets and tokens (/info), as the public MarketsInfo: margin fractions
// as numbers, every token at full weight.
import { SERVICE_VERSION, type DevnetConfig } from '../config';
import type { WireInfo } from '../../shared/exchange/info';
import { BPS_DECIMALS } from '../engine/bps';
import { cmfBps } from './margin';
import { human } from '../json';

/** every token counts at its full value towards margin on the devnet */
export const FULL_WEIGHT_BPS = 10_000;

export function infoJson(config: DevnetConfig): WireInfo {
  return {
    markets: config.markets.map((m) => ({
      marketId: m.marketId,
      symbol: m.symbol,
      priceDecimals: m.priceDecimals,
      sizeDecimals: m.sizeDecimals,
      baseTokenId: m.baseTokenId,
      quoteTokenId: m.quoteTokenId,
      imf: human(BigInt(m.imfBps), BPS_DECIMALS),
      mmf: human(BigInt(m.mmfBps), BPS_DECIMALS),
      cmf: human(BigInt(cmfBps(m)), BPS_DECIMALS),
    })),
    tokens: config.tokens.map((t) => ({
      tokenId: t.tokenId,
      symbol: t.symbol,
      decimals: t.decimals,
      mintAddr: t.mint,
      weightBps: FULL_WEIGHT_BPS,
      name: t.name,
    })),
    version: SERVICE_VERSION,
  };
}

/** a funding rate as JSON: a fraction of notional per interval (the devnet keeps it in ppm) */
export const fundingRateJson = (ppm: number) => human(BigInt(ppm), 6);
