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

export interface RateLimit {
  /** tokens added per second */
  perSecond: number;
  /** bucket size */
  burst: number;
}

export interface DevnetConfig {
  tokens: TokenInfo[];
  markets: MarketInfo[];
  quoteTokenId: number;
  /** quote units (scaled) per whole token, for converting the quote-denominated withdrawal fee */
  referencePrices: Record<number, bigint>;
  /** withdrawal fee while the protocol is healthy, in scaled quote units */
  withdrawalFee: bigint;
  /** while unhealthy the fee grows by this many basis points of the protocol debt */
  debtFeeBps: bigint;
  sessionCap: number;
  maxSessionLifetimeSeconds: number;
  maxRefreshWindowSeconds: number;
  maxAccountsPerUser: number;
  depositDelayMs: number;
  withdrawalDelayMs: number;
  /**
   * With a data folder: the journal of commits is written into a new full snapshot once it holds this many
   * bytes, or as many as the last snapshot if that is more (so a snapshot's cost is spread over commits that
   * wrote as much, and a restart reads at most about twice the state)
   */
  journalBytesPerSnapshot: number;
  maxActionRange: number;
  timestampThresholdSeconds: number;
  rateLimits: { action: RateLimit; other: RateLimit };
  oracle: { seed: number; maxStepBps: number; fundingIntervalSeconds: number; maxFundingPpm: number };
  /** fee tiers: maker and taker rates in basis points of notional; a negative maker rate is a rebate */
  feeTiers: FeeTier[];
  /** vaults the devnet runs, each with a strategy account that trades */
  vaults: VaultSeed[];
}

export interface VaultSeed {
  vaultId: number;
  name: string;
  /** length of a withdrawal epoch; epochs end on multiples of it in engine time */
  epochSeconds: number;
  /** the market the vault's strategy trades */
  marketId: number;
  /** quote units the owner seeds the vault with at creation; they mint the owner's shares */
  ownerCapital: bigint;
  /** how the vault trades; absent: it holds its cash and never trades */
  strategy?: VaultStrategy;
}

export interface VaultStrategy {
  /** momentum follows the last move, meanReversion fades it */
  kind: 'momentum' | 'meanReversion';
  /** seconds between decisions; each compares the index with the one at the previous decision */
  intervalSeconds: number;
  /** smaller index moves than this are noise: the position is held */
  thresholdBps: number;
  /** target position notional as a fraction of equity, in basis points (at most 10,000: 1x) */
  leverageBps: number;
  /** largest notional (quote units) one decision trades, so one order never empties the book */
  maxTradeNotional: bigint;
}

export interface FeeTier {
  tierId: number;
  name: string;
  makerBps: number;
  takerBps: number;
  /** 30-day volume (quote units) from which an account qualifies */
  minVolume: bigint;
}

export function defaultConfig(overrides: Partial<DevnetConfig> = {}): DevnetConfig {
  return {
    tokens: DEFAULT_TOKENS,
    markets: DEFAULT_MARKETS,
    quoteTokenId: 0,
    referencePrices: { 0: 1_000_000n, 1: 65_000_000_000n, 2: 3_200_000_000n, 3: 150_000_000n },
    withdrawalFee: 1_000_000n,
    debtFeeBps: 10n,
    sessionCap: 8,
    maxSessionLifetimeSeconds: 30 * 24 * 3600,
    maxRefreshWindowSeconds: 90 * 24 * 3600,
    maxAccountsPerUser: 16,
    depositDelayMs: 1_500,
    withdrawalDelayMs: 1_500,
    journalBytesPerSnapshot: 8 * 1024 * 1024,
    maxActionRange: 1_000,
    timestampThresholdSeconds: 120,
    rateLimits: { action: { perSecond: 2_000, burst: 4_000 }, other: { perSecond: 2_000, burst: 4_000 } },
    oracle: { seed: 20261122, maxStepBps: 3, fundingIntervalSeconds: 3600, maxFundingPpm: 100 },
    feeTiers: [
      { tierId: 0, name: 'Standard', makerBps: 2, takerBps: 5, minVolume: 0n },
      { tierId: 1, name: 'Active', makerBps: 0, takerBps: 4, minVolume: 1_000_000_000_000n },
      { tierId: 2, name: 'Market maker', makerBps: -1, takerBps: 3, minVolume: 10_000_000_000_000n },
    ],
    vaults: [
      {
        vaultId: 1,
        name: 'BTC Momentum',
        epochSeconds: 24 * 3600,
        marketId: 0,
        ownerCapital: 100_000_000_000n,
        strategy: {
          kind: 'momentum',
          intervalSeconds: 300,
          thresholdBps: 10,
          leverageBps: 5_000,
          maxTradeNotional: 25_000_000_000n,
        },
      },
      {
        vaultId: 2,
        name: 'ETH Mean Reversion',
        epochSeconds: 7 * 24 * 3600,
        marketId: 1,
        ownerCapital: 100_000_000_000n,
        strategy: {
          kind: 'meanReversion',
          intervalSeconds: 900,
          thresholdBps: 20,
          leverageBps: 5_000,
          maxTradeNotional: 25_000_000_000n,
        },
      },
    ],
    ...overrides,
  };
}
