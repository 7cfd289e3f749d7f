// The exchange's markets and tokens: every amount, price and size on screen is written with their decimals.
export { marketKeys, useMarketFormat, useMarkets, useTokens } from './queries';
