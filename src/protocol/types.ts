// TypeScript views of the schema's messages: camelCase names as protobufjs gives them, every 64-bit integer
// and u128 as bigint, bytes as Buffer, enums by name. The codec converts at the protobufjs boundary only.
import type { ErrorName } from '../shared/receipt-errors';

export type SideName = 'ASK' | 'BID';
export type FillModeName = 'LIMIT' | 'POST_ONLY' | 'IMMEDIATE_OR_CANCEL' | 'FILL_OR_KILL';
export type TriggerKindName = 'STOP_LOSS' | 'TAKE_PROFIT';
export type FramingName = 'HEX' | 'CHAIN_TRANSACTION';
export type VaultWithdrawKindName = 'QUOTE_NOTIONAL' | 'SHARES';

export interface CreateSessionFields {
  userPubkey: Buffer;
  sessionPubkey: Buffer;
  expiryTimestamp: bigint;
  framing?: FramingName;
  refreshDeadline?: bigint;
}
export interface PlaceOrderFields {
  sessionId: bigint;
  marketId: number;
  side: SideName;
  fillMode: FillModeName;
  isReduceOnly: boolean;
  price: bigint;
  size: bigint;
  quoteSize?: bigint;
  clientOrderId?: bigint;
  senderAccountId?: number;
}
export interface CancelOrderByIdFields {
  sessionId: bigint;
  orderId: bigint;
  senderAccountId?: number;
}
export interface DepositFields {
  userPubkey: Buffer;
  tokenId: number;
  amount: bigint;
  chainTxId: string;
  accountId?: number;
}
export interface WithdrawFields {
  tokenId: number;
  sessionId: bigint;
  amount: bigint;
  destPubkey?: Buffer;
  accountId?: number;
}
export interface TransferFields {
  sessionId: bigint;
  fromAccountId: number;
  tokenId: number;
  amount: bigint;
  recipient?: number;
}
export interface TriggerDefinition {
  marketId: number;
  side: SideName;
  kind: TriggerKindName;
  triggerPrice: bigint;
  limitPrice?: bigint;
  limitBaseSize?: bigint;
  limitQuoteSize?: bigint;
  accountId?: number;
}
export interface AddTriggerFields extends TriggerDefinition {
  sessionId: bigint;
}
export interface EditTriggerFields extends TriggerDefinition {
  sessionId: bigint;
  triggerId: bigint;
}
export interface RemoveTriggerFields {
  sessionId: bigint;
  marketId: number;
  triggerId: bigint;
  accountId?: number;
}
export interface VaultDepositFields {
  sessionId: bigint;
  vaultId: number;
  amount: bigint;
  accountId?: number;
}
export interface VaultWithdrawRequestFields {
  sessionId: bigint;
  vaultId: number;
  kind: VaultWithdrawKindName;
  amount: bigint;
  accountId?: number;
}
export interface VaultWithdrawClaimFields {
  sessionId: bigint;
  vaultId: number;
  accountId?: number;
}

export type AtomicSubactionKind =
  | ({ type: 'placeOrder' } & PlaceOrderFields)
  | ({ type: 'cancelOrderById' } & CancelOrderByIdFields)
  | ({ type: 'addTrigger' } & AddTriggerFields)
  | ({ type: 'removeTrigger' } & RemoveTriggerFields)
  | ({ type: 'vaultDeposit' } & VaultDepositFields)
  | ({ type: 'vaultWithdrawRequest' } & VaultWithdrawRequestFields);

export interface AtomicSubaction {
  kind: AtomicSubactionKind;
  targetAccountId?: number;
  useKey?: boolean;
}

export type ActionKind =
  | ({ type: 'createSession' } & CreateSessionFields)
  | ({ type: 'placeOrder' } & PlaceOrderFields)
  | ({ type: 'cancelOrderById' } & CancelOrderByIdFields)
  | ({ type: 'deposit' } & DepositFields)
  | ({ type: 'withdraw' } & WithdrawFields)
  | { type: 'revokeSession'; sessionId: bigint }
  | ({ type: 'transfer' } & TransferFields)
  | ({ type: 'addTrigger' } & AddTriggerFields)
  | ({ type: 'removeTrigger' } & RemoveTriggerFields)
  | { type: 'atomic'; sessionId: bigint; actions: AtomicSubaction[] }
  | { type: 'refreshSession'; sessionId: bigint; expiryTimestamp: bigint }
  | { type: 'selfRevoke'; sessionId: bigint }
  | ({ type: 'editTrigger' } & EditTriggerFields)
  | ({ type: 'vaultDeposit' } & VaultDepositFields)
  | ({ type: 'vaultWithdrawRequest' } & VaultWithdrawRequestFields)
  | ({ type: 'vaultWithdrawClaim' } & VaultWithdrawClaimFields)
  | { type: 'vaultSyncEpochs'; sessionId: bigint; vaultId: number };

export type ActionType = ActionKind['type'];

export interface Action {
  currentTimestamp: bigint;
  nonce: number;
  kind: ActionKind;
}

export interface Fill {
  makerOrderId: bigint;
  makerAccountId: number;
  price: bigint;
  size: bigint;
}

export type ReceiptKind =
  | { type: 'err'; error: ErrorName }
  | { type: 'createSessionResult'; sessionId: bigint; expiry: bigint; refreshDeadline?: bigint }
  | {
      type: 'placeOrderResult';
      orderId: bigint;
      filledSize: bigint;
      remainingSize: bigint;
      fills: Fill[];
      clientOrderId?: bigint;
    }
  | { type: 'cancelOrderResult'; orderId: bigint; cancelledSize: bigint }
  | { type: 'depositResult'; accountId: number; tokenId: number; amount: bigint; userCreated: boolean }
  | {
      type: 'withdrawResult';
      tokenId: number;
      amount: bigint;
      balance: bigint;
      accountId: number;
      fee: bigint;
      eventNonce: bigint;
      destPubkey: Buffer;
    }
  | { type: 'sessionRevoked'; sessionId: bigint }
  | {
      type: 'transferred';
      fromAccountId: number;
      toAccountId: number;
      tokenId: number;
      amount: bigint;
      accountCreated: boolean;
    }
  | { type: 'triggerAdded'; triggerId: bigint }
  | { type: 'triggerRemoved'; triggerId: bigint }
  | { type: 'atomic'; results: Receipt[] }
  | { type: 'sessionRefreshed'; sessionId: bigint; expiry: bigint; refreshDeadline?: bigint }
  | { type: 'selfRevoked'; sessionId: bigint }
  | { type: 'triggerEdited'; triggerId: bigint }
  | { type: 'vaultDeposited'; vaultId: number; accountId: number; amount: bigint; shares: bigint }
  | { type: 'vaultWithdrawRequested'; vaultId: number; accountId: number; shares: bigint; epoch: bigint }
  | { type: 'vaultClaimed'; vaultId: number; accountId: number; amount: bigint }
  | { type: 'vaultEpochsSynced'; vaultId: number; vaultAccountId: number; epoch: bigint };

export type ReceiptType = ReceiptKind['type'];

export interface Receipt {
  actionId: bigint;
  kind: ReceiptKind;
}

/** Wallet-signed kinds; every other user action is signed by a session key. */
export const WALLET_SIGNED_KINDS: ReadonlySet<ActionType> = new Set(['createSession', 'revokeSession']);
