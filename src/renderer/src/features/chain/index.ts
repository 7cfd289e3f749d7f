// The wallets' balances on the settlement chain.
export { chainKeys } from './queries';
export { ChainBalances, chainBalancesQuery, useChainBalances, useChainUpdates } from './ChainBalances';
