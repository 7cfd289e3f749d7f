// GET /info: markets and tokens with their ids and decimals. The interface names MarketsInfo but not its
// fields; this shape is the project's decision (docs/protocol-decisions.md) and both the devnet and the
// client parse it with this schema, so the two cannot drift.
import { z } from 'zod';

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

/** GET /timestamp: the engine's logical time in whole seconds, a JSON number. */
export const TimestampSchema = z.number().int().min(0);
