// Orders as the exchange remembers them (open, filled or cancelled) and the trades they made.
export interface OrderRecord {
  orderId: bigint;
  accountId: number;
  marketId: number;
  side: 'BID' | 'ASK';
  fillMode: string;
  price: bigint;
  size: bigint;
  filled: bigint;
  status: 'open' | 'filled' | 'cancelled';
  reduceOnly: boolean;
  clientOrderId?: bigint;
  time: number;
  actionId: bigint;
}

export interface TradeRecord {
  id: bigint;
  actionId: bigint;
  time: number;
  marketId: number;
  price: bigint;
  size: bigint;
  takerSide: 'BID' | 'ASK';
  takerAccountId: number;
  makerAccountId: number;
  takerOrderId: bigint;
  makerOrderId: bigint;
  takerFee: bigint;
  makerFee: bigint;
}
