// What a devnet instance trades and how it behaves. Defaults describe the embedded exchange the app starts;
// tests pass overrides (short deposit delays, small rate limits) instead of patching modules.
import { createHash } from 'node:crypto';
import bs58 from 'bs58';
import type { MarketInfo, TokenInfo } from '../shared/exchange/info';

export const SERVICE_VERSION = '21.0.0';

/** A stable, valid base58 settlement-chain address derived from a label (for mints and system accounts). */
export function derivedAddress(label: string): string {
  return bs58.encode(createHash('sha256').update(`perpetua-devnet:${label}`).digest());
}

export const DEFAULT_TOKENS: TokenInfo[] = [
  { tokenId: 0, symbol: 'USDC', name: 'USD Coin', decimals: 6, mint: derivedAddress('mint:USDC') },
  { tokenId: 1, symbol: 'BTC', name: 'Bitcoin', decimals: 8, mint: derivedAddress('mint:BTC') },
  { tokenId: 2, symbol: 'ETH', name: 'Ether', decimals: 8, mint: derivedAddress('mint:ETH') },
  { tokenId: 3, symbol: 'SOL', name: 'Solana', decimals: 9, mint: derivedAddress('mint:SOL') },
];

export const DEFAULT_MARKETS: MarketInfo[] = [
  {
    marketId: 0,
    symbol: 'BTC-PERP',
    baseTokenId: 1,
    quoteTokenId: 0,
    priceDecimals: 1,
    sizeDecimals: 4,
    imfBps: 500,
    mmfBps: 250,
  },
  {
    marketId: 1,
    symbol: 'ETH-PERP',
    baseTokenId: 2,
    quoteTokenId: 0,
    priceDecimals: 2,
    sizeDecimals: 3,
    imfBps: 500,
    mmfBps: 250,
  },
  {
    marketId: 2,
    symbol: 'SOL-PERP',
    baseTokenId: 3,
    quoteTokenId: 0,
    priceDecimals: 3,
    sizeDecimals: 2,
    imfBps: 1000,
    mmfBps: 500,
  },
];

export interface DevnetConfig {
  tokens: TokenInfo[];
  markets: MarketInfo[];
  quoteTokenId: number;
}

export function defaultConfig(overrides: Partial<DevnetConfig> = {}): DevnetConfig {
  return { tokens: DEFAULT_TOKENS, markets: DEFAULT_MARKETS, quoteTokenId: 0, ...overrides };
}
