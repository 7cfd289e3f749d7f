// GET /info. On the wire: rest.md's `MarketsInfo { markets: MarketInfo[], tokens: TokenInfo[] }`, margin
// fractions as JSON numbers (imf 0.05 = 5%). In the app: the model below (fractions as basis points, the
// quote token named), built from the wire form in infoFromJson and carried over IPC by app.markets.
import { z } from 'zod';
import { Num, UInt } from './json';
import { scaledFromDecimal } from '../money';

/** `MarketInfo`; devnet extras (imfBps, mmfBps) are not read. */
export const MarketInfoJsonSchema = z.object({
  marketId: UInt(2147483647),
  symbol: z.string().min(1).max(32),
  priceDecimals: UInt(18),
  sizeDecimals: UInt(18),
  baseTokenId: UInt(),
  quoteTokenId: UInt(),
  imf: Num,
  mmf: Num,
  cmf: Num,
});

/** `TokenInfo`; `name` is a devnet extra, read when present. */
export const TokenInfoJsonSchema = z.object({
  tokenId: UInt(),
  symbol: z.string().min(1).max(16),
  decimals: UInt(18),
  mintAddr: z.string().min(32).max(44),
  weightBps: UInt(0xffff),
  name: z.string().max(64).optional(),
});

/** `MarketsInfo`; `version` is a devnet extra (the interface checks the deployed version here). */
export const InfoJsonSchema = z.object({
  markets: z.array(MarketInfoJsonSchema).max(1000),
  tokens: z.array(TokenInfoJsonSchema).max(1000),
  version: z.string().max(64).optional(),
});

export type WireInfo = z.input<typeof InfoJsonSchema>;

// ---- the app's model

export const TokenInfoSchema = z.object({
  tokenId: z.number().int().min(0),
  symbol: z.string().min(1).max(16),
  name: z.string().max(64),
  decimals: z.number().int().min(0).max(18),
  /** base58 mint address on the settlement chain */
  mint: z.string().min(32).max(44),
});

export const MarketInfoSchema = z.object({
  marketId: z.number().int().min(0).max(2147483647),
  symbol: z.string().min(1).max(32),
  baseTokenId: z.number().int().min(0),
  quoteTokenId: z.number().int().min(0),
  priceDecimals: z.number().int().min(0).max(18),
  sizeDecimals: z.number().int().min(0).max(18),
  /** initial and maintenance margin as basis points of notional */
  imfBps: z.number().int().min(1).max(10_000),
  mmfBps: z.number().int().min(1).max(10_000),
});

export const MarketsInfoSchema = z.object({
  version: z.string(),
  quoteTokenId: z.number().int().min(0),
  markets: z.array(MarketInfoSchema),
  tokens: z.array(TokenInfoSchema),
});

export type TokenInfo = z.infer<typeof TokenInfoSchema>;
export type MarketInfo = z.infer<typeof MarketInfoSchema>;
export type MarketsInfo = z.infer<typeof MarketsInfoSchema>;

/** A fraction (0.05) as whole basis points (500); finer fractions are refused as malformed. */
function bpsOf(fraction: string): number {
  return Number(scaledFromDecimal(fraction, 4));
}

/**
 * The app's model of /info. The quote token is the one every market settles in (the first market's when
 * there are several; with no market, the first token). Throws MoneyFormatError on a fraction finer than a
 * basis point and a plain Error on a market whose quote token is not listed.
 */
export function infoFromJson(json: z.output<typeof InfoJsonSchema>): MarketsInfo {
  const quoteTokenId = json.markets[0]?.quoteTokenId ?? json.tokens[0]?.tokenId ?? 0;
  return MarketsInfoSchema.parse({
    version: json.version ?? '',
    quoteTokenId,
    markets: json.markets.map((m) => ({
      marketId: m.marketId,
      symbol: m.symbol,
      baseTokenId: m.baseTokenId,
      quoteTokenId: m.quoteTokenId,
      priceDecimals: m.priceDecimals,
      sizeDecimals: m.sizeDecimals,
      imfBps: bpsOf(m.imf),
      mmfBps: bpsOf(m.mmf),
    })),
    tokens: json.tokens.map((t) => ({
      tokenId: t.tokenId,
      symbol: t.symbol,
      name: t.name ?? t.symbol,
      decimals: t.decimals,
      mint: t.mintAddr,
    })),
  });
}

/** GET /timestamp: the engine's logical time in whole seconds, a JSON number. */
export const TimestampSchema = UInt(Number.MAX_SAFE_INTEGER);
