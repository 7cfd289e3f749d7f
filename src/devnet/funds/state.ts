// Users, their numbered accounts and balances, and the records of money moving in, out and between them.
export interface UserState {
  pubkey: string;
  accountIds: number[];
  createdAt: number;
}

export interface AccountState {
  id: number;
  owner: string;
  balances: Record<number, bigint>;
  updateId: number;
}

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
