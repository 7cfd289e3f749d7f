// What the settlement side keeps in a snapshot: the Solana runtime's accounts and transaction log (as its
// RPC reports them), and the bridge's record of every deposit it saw.
export type BridgeDepositStatus = 'confirmed' | 'credited' | 'uncredited';

export interface BridgeDeposit {
  signature: string;
  tokenId: number;
  amount: string;
  /** the owner of the token account the tokens left (the fee payer when that is not one wallet) */
  sender: string;
  recipient: string;
  accountId?: number;
  /** how the recipient was chosen: the memo, or the sender's own user by default */
  correlation: 'memo' | 'sender';
  /** a memo that looked like a correlation but was not valid, kept so the default is explained */
  memoProblem?: string;
  slot: number;
  dueMs: number;
  status: BridgeDepositStatus;
  /** why an uncredited deposit could not be credited; its tokens stay in the vault */
  reason?: string;
  creditedAccountId?: number;
}

export interface BridgeState {
  deposits: Record<string, BridgeDeposit>;
}

export const emptyBridge = (): BridgeState => ({ deposits: {} });

export interface TokenBalanceJson {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: { amount: string; decimals: number; uiAmount: number | null; uiAmountString: string };
}

/** One processed transaction, as getTransaction reports it (meta in the RPC's own JSON shape). */
export interface TxRecord {
  signature: string;
  slot: number;
  blockTime: number;
  /** the wire transaction, base64 */
  wire: string;
  err: TransactionErrorJson | null;
  fee: string;
  logs: string[];
  computeUnits: string;
  preBalances: string[];
  postBalances: string[];
  preTokenBalances: TokenBalanceJson[];
  postTokenBalances: TokenBalanceJson[];
  /** cross-program invocations per top-level instruction, in the RPC's json form (data base58) */
  innerInstructions?: InnerInstructionsJson[];
}

export interface InnerInstructionsJson {
  index: number;
  instructions: { programIdIndex: number; accounts: number[]; data: string; stackHeight: number }[];
}

export interface SavedAccount {
  lamports: string;
  data: string;
  owner: string;
  executable: boolean;
}

export interface ChainState {
  version: 1;
  genesisMs: number;
  slot: number;
  accounts: Record<string, SavedAccount>;
  txs: TxRecord[];
  /** transactions run since genesis (absent in snapshots from before it was counted) */
  txCount?: number;
}

export type InstructionErrorJson = string | { Custom: number } | { BorshIoError: string };

export type TransactionErrorJson =
  | string
  | { InstructionError: [number, InstructionErrorJson] }
  | { DuplicateInstruction: number }
  | { InsufficientFundsForRent: { account_index: number } }
  | { ProgramExecutionTemporarilyRestricted: { account_index: number } };
