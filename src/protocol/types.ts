// TypeScript views of the schema's messages (proto/perpetua.proto): camelCase names as protobufjs gives them,
// every 64-bit integer and u128 as bigint, bytes as Buffer, enums by name, and each real oneof as a
// { type: <member>, ...fields } object under the oneof's name (`kind`, `inner`, ...). Nested messages keep
// the public nesting (Action.AddTrigger.key is a TriggerKey). The codec converts at the protobufjs boundary.
import type { ErrorName } from '../shared/receipt-errors';

export type SideName = 'ASK' | 'BID';
export type FillModeName = 'LIMIT' | 'POST_ONLY' | 'IMMEDIATE_OR_CANCEL' | 'FILL_OR_KILL';
export type TriggerKindName = 'STOP_LOSS' | 'TAKE_PROFIT';
export type MarketTypeName = 'SPOT' | 'PERPETUALS';
export type SpecialAccountName = 'FeeVault' | 'CLAIM_VAULT';
export type FramingName = 'HEX' | 'CHAIN_TRANSACTION';
export type VaultWithdrawKindName = 'QUOTE_NOTIONAL' | 'SHARES';

// ---- shared messages ----

/** A quote limit: size (sizeDecimals) and price (priceDecimals) whose product is the notional. */
export interface QuoteSize {
  size: bigint;
  price: bigint;
}
export interface TriggerKey {
  kind: TriggerKindName;
  side: SideName;
}
export interface TriggerPrices {
  triggerPrice: bigint;
  limitPrice?: bigint;
  limitBaseSize?: bigint;
  /** a quote notional scaled by priceDecimals + sizeDecimals */
  limitQuoteSize?: bigint;
}
export interface FeeTierConfig {
  makerFeeBps: number;
  takerFeeBps: number;
}
export interface OrderType {
  side: SideName;
  fillMode: FillModeName;
  isReduceOnly: boolean;
}
export interface OrderLimit {
  price: bigint;
  size: bigint;
  quoteSize?: QuoteSize;
}
export interface TradeOrPlace {
  marketId: number;
  orderType: OrderType;
  limit: OrderLimit;
  clientOrderId?: bigint;
}
export interface MarketMessage {
  marketId: number;
  priceDecimals: number;
  sizeDecimals: number;
  baseTokenId: number;
  marketType: MarketTypeName;
  imfBps: number;
  cmfBps: number;
  mmfBps: number;
  viewSymbol: string;
}
export interface TokenMessage {
  tokenId: number;
  tokenDecimals: number;
  weightBps: number;
  viewSymbol: string;
}

// ---- action kinds ----

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
  quoteSize?: QuoteSize;
  delegatorAccountId?: number;
  clientOrderId?: bigint;
  senderAccountId?: number;
  senderTrackingId?: bigint;
}
export interface CancelOrderByIdFields {
  sessionId: bigint;
  orderId: bigint;
  delegatorAccountId?: number;
  senderAccountId?: number;
}
export interface DepositFields {
  actionNonce: bigint;
  tokenAddr: Buffer;
  amount: bigint;
  userPubkey: Buffer;
  senderPubkey: Buffer;
  tokenId: number;
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
  toAccountId?: number;
  specialAccount?: SpecialAccountName;
}
export interface AddTriggerFields {
  sessionId: bigint;
  marketId: number;
  key: TriggerKey;
  prices: TriggerPrices;
  accountId?: number;
}
export interface EditTriggerFields extends AddTriggerFields {
  triggerId: bigint;
}
export interface RemoveTriggerFields {
  sessionId: bigint;
  marketId: number;
  /** the public way to name a trigger; ignored when triggerId is set */
  key?: TriggerKey;
  accountId?: number;
  triggerId?: bigint;
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

export type AtomicSubactionInner =
  | ({ type: 'tradeOrPlace' } & TradeOrPlace)
  | { type: 'cancelOrder'; orderId: bigint }
  | ({ type: 'addTrigger' } & AddTriggerFields)
  | ({ type: 'removeTrigger' } & RemoveTriggerFields)
  | ({ type: 'vaultDeposit' } & VaultDepositFields)
  | ({ type: 'vaultWithdrawRequest' } & VaultWithdrawRequestFields);

export interface AtomicSubaction {
  inner: AtomicSubactionInner;
  targetAccountId?: number;
  useKey?: boolean;
}

/** Public kinds the devnet declares but does not execute (admin, oracle, liquidation, fee tiers, ACL). */
export type UnimplementedActionKind =
  | {
      type: 'createToken';
      tokenDecimals: number;
      weightBps: number;
      viewSymbol: string;
      oracleSymbol: string;
      solAddr: Buffer;
      aclPubkey: Buffer;
    }
  | {
      type: 'createMarket';
      sizeDecimals: number;
      priceDecimals: number;
      imfBps: number;
      cmfBps: number;
      mmfBps: number;
      marketType: MarketTypeName;
      viewSymbol: string;
      oracleSymbol: string;
      baseTokenId: number;
      aclPubkey: Buffer;
    }
  | { type: 'pythSetWormholeGuardians'; guardianSetIndex: number; addresses: Buffer[]; aclPubkey: Buffer }
  | { type: 'pythSetSymbolFeed'; oracleSymbol: string; priceFeedId: Buffer; aclPubkey: Buffer }
  | { type: 'pythPriceFeedUpdate'; rawPythnetData: Buffer }
  | {
      type: 'liquidate';
      liquidatorSessionId: bigint;
      liquidateeAccountId: number;
      liquidatorAccountId?: number;
    }
  | { type: 'pause'; aclPubkey: Buffer }
  | { type: 'unpause'; aclPubkey: Buffer }
  | {
      type: 'takePosition';
      sessionId: bigint;
      marketId: number;
      size: bigint;
      senderAccountId?: number;
      price?: bigint;
    }
  | { type: 'freezeMarket'; aclPubkey: Buffer; marketId: number }
  | { type: 'unfreezeMarket'; aclPubkey: Buffer; marketId: number }
  | { type: 'addFeeTier'; aclPubkey: Buffer; config?: FeeTierConfig }
  | { type: 'updateFeeTier'; id: number; config?: FeeTierConfig; aclPubkey: Buffer }
  | { type: 'updateAccountsTier'; tierId: number; accounts: number[]; aclPubkey: Buffer }
  | { type: 'updateAcl'; aclPubkey: Buffer; targetPubkey: Buffer; rolesMask: number; rolesValue: number };

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
  | { type: 'atomic'; sessionId: bigint; accountId?: number; actions: AtomicSubaction[] }
  | { type: 'refreshSession'; sessionId: bigint; expiryTimestamp: bigint }
  | { type: 'selfRevoke'; sessionId: bigint }
  | ({ type: 'editTrigger' } & EditTriggerFields)
  | ({ type: 'vaultDeposit' } & VaultDepositFields)
  | ({ type: 'vaultWithdrawRequest' } & VaultWithdrawRequestFields)
  | ({ type: 'vaultWithdrawClaim' } & VaultWithdrawClaimFields)
  | { type: 'vaultSyncEpochs'; sessionId: bigint; vaultId: number }
  | UnimplementedActionKind;

export type ActionType = ActionKind['type'];

export interface Action {
  currentTimestamp: bigint;
  nonce: number;
  kind: ActionKind;
}

// ---- receipts ----

export interface Posted {
  side: SideName;
  marketId: number;
  price: bigint;
  size: bigint;
  orderId: bigint;
  accountId: number;
}
/** One fill of a placed order: the maker's order, price, size and account. */
export interface Trade {
  orderId: bigint;
  price: bigint;
  size: bigint;
  accountId: number;
}
export interface PlaceOrderResult {
  /** what rests on the book, if anything */
  posted?: Posted;
  fills: Trade[];
  clientOrderId?: bigint;
  senderTrackingId?: bigint;
  triggered?: { kind: TriggerKindName; triggerPrice: bigint };
  /** project additions: the placed order's id and fill state (absent from a public engine) */
  orderId?: bigint;
  filledSize?: bigint;
  remainingSize?: bigint;
}
export interface CancelOrderResult {
  orderId: bigint;
  accountId: number;
  cancelledSize?: bigint;
}
export interface TriggerAddedResult {
  triggerId?: bigint;
}
export interface VaultDepositedResult {
  vaultId: number;
  accountId: number;
  amount: bigint;
  shares: bigint;
}
export interface VaultWithdrawRequestedResult {
  vaultId: number;
  accountId: number;
  shares: bigint;
  epoch: bigint;
}

export type AtomicSubactionResult =
  | ({ type: 'placeOrderResult' } & PlaceOrderResult)
  | ({ type: 'cancelOrder' } & CancelOrderResult)
  | ({ type: 'triggerAdded' } & TriggerAddedResult)
  | ({ type: 'triggerRemoved' } & TriggerAddedResult)
  | ({ type: 'vaultDeposited' } & VaultDepositedResult)
  | ({ type: 'vaultWithdrawRequested' } & VaultWithdrawRequestedResult);

/** Receipt kinds of the public kinds the devnet does not execute (decoded, never produced by it). */
export type UnimplementedReceiptKind =
  | { type: 'insertTokenResult'; chainAddr: Buffer; token?: TokenMessage }
  | { type: 'insertMarketResult'; market?: MarketMessage }
  | { type: 'oracleSymbolFeedResult'; oracleSymbol: string; feedId: Buffer }
  | { type: 'oracleUpdateResult'; timestamp: bigint }
  | { type: 'updateGuardianSetResult'; guardianSetIndex: number; addresses: Buffer[] }
  | {
      type: 'liquidated';
      liquidatorAccountId: number;
      liquidateeAccountId: number;
      cancelledOrders: bigint[];
      removedPerps: { marketId: number; baseSize: bigint; price: bigint }[];
    }
  | { type: 'paused' }
  | { type: 'unpaused' }
  | {
      type: 'positionTakenOrTraded';
      marketId: number;
      positionTakenOrTradedKind:
        | { type: 'taken'; pnl: bigint; size: bigint; takerAccountId: number }
        | ({ type: 'traded' } & PlaceOrderResult);
    }
  | { type: 'marketFreezeUpdated'; marketId: number; frozen: boolean }
  | { type: 'feeTierAdded'; config?: FeeTierConfig }
  | { type: 'feeTierUpdated'; id: number; config?: FeeTierConfig }
  | { type: 'accountsTierUpdated'; tierId: number; accounts: number[] }
  | { type: 'aclUpdated'; aclPubkey: Buffer; rolesMask: bigint; targetPubkey: Buffer; rolesValue: bigint };

export type ReceiptKind =
  | { type: 'err'; error: ErrorName }
  | { type: 'createSessionResult'; sessionId: bigint; expiry: bigint; refreshDeadline?: bigint }
  | ({ type: 'placeOrderResult' } & PlaceOrderResult)
  | ({ type: 'cancelOrderResult' } & CancelOrderResult)
  | {
      type: 'depositResult';
      tokenId: number;
      amount: bigint;
      accountId: number;
      userCreated: boolean;
      userPubkey: Buffer;
    }
  | {
      type: 'withdrawResult';
      tokenId: number;
      amount: bigint;
      balance: bigint;
      accountId: number;
      fee: bigint;
      userPubkey: Buffer;
      destPubkey?: Buffer;
      eventNonce?: bigint;
    }
  | { type: 'sessionRevoked'; sessionId?: bigint }
  | {
      type: 'transferred';
      fromAccountId: number;
      /** absent for a transfer into a special account */
      toUserAccount?: number;
      tokenId: number;
      amount: bigint;
      accountCreated: boolean;
      toSpecialAccount?: SpecialAccountName;
    }
  | ({ type: 'triggerAdded' } & TriggerAddedResult)
  | ({ type: 'triggerRemoved' } & TriggerAddedResult)
  | { type: 'atomic'; results: { inner: AtomicSubactionResult }[] }
  | { type: 'sessionRefreshed'; sessionId: bigint; expiry: bigint; refreshDeadline?: bigint }
  | { type: 'selfRevoked'; sessionId?: bigint }
  | { type: 'triggerEdited'; triggerId: bigint }
  | ({ type: 'vaultDeposited' } & VaultDepositedResult)
  | ({ type: 'vaultWithdrawRequested' } & VaultWithdrawRequestedResult)
  | { type: 'vaultClaimed'; vaultId: number; accountId: number; amount: bigint }
  | { type: 'vaultEpochsSynced'; vaultId: number; vaultAccountId: number; epoch: bigint }
  | UnimplementedReceiptKind;

export interface Receipt {
  actionId: bigint;
  kind: ReceiptKind;
}

/** Public kinds the devnet declares but answers with NOT_IMPLEMENTED. */
export const UNIMPLEMENTED_ACTION_KINDS: ReadonlySet<ActionType> = new Set<UnimplementedActionKind['type']>([
  'createToken',
  'createMarket',
  'pythSetWormholeGuardians',
  'pythSetSymbolFeed',
  'pythPriceFeedUpdate',
  'liquidate',
  'pause',
  'unpause',
  'takePosition',
  'freezeMarket',
  'unfreezeMarket',
  'addFeeTier',
  'updateFeeTier',
  'updateAccountsTier',
  'updateAcl',
]);
