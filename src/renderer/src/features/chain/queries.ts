// The keys of the wallets' on-chain balances (ChainBalances.tsx reads them).
export const chainKeys = {
  chain: (walletId: string) => ['chain', walletId],
  chainAll: ['chain'],
};
