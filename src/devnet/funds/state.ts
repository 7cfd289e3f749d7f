// The records of money moving in, out and between accounts (the accounts and their balances are the trading
// core's: trading/state.ts).
export interface DepositRecord {
  id: bigint;
  time: number;
  accountId: number;
  tokenId: number;
  amount: bigint;
  chainTxId: string;
  from: string;
  /** the account's balance of the token after the credit */
  balance: bigint;
}

export interface WithdrawalRecord {
  id: bigint;
  actionId: bigint;
  time: number;
  accountId: number;
  tokenId: number;
  amount: bigint;
  fee: bigint;
  destination: string;
  eventNonce: bigint;
  status: 'requested' | 'processed';
  /** the account's balance of the token after the debit */
  balance: bigint;
  /** engine ms when the settlement bridge pays it out */
  dueMs: number;
  /** the payout's settlement-chain transaction signature, once processed */
  chainTxId?: string;
}

export interface TransferRecord {
  id: bigint;
  actionId: bigint;
  time: number;
  fromAccountId: number;
  toAccountId: number;
  tokenId: number;
  amount: bigint;
  accountCreated: boolean;
}
