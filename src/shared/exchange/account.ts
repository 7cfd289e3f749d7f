import { z } from 'zod';
import { AccountIdNumber, Base58Key, ScaledString, TokenIdNumber } from './wire';

export const BalanceSchema = z.object({ tokenId: TokenIdNumber, amount: ScaledString });

/** Margin figures in quote-token units. Health is equity over maintenance requirement in basis points
 *  (null while nothing is required: an account with no positions cannot be liquidated). */
export const MarginSchema = z.object({
  equity: ScaledString,
  initialRequirement: ScaledString,
  maintenanceRequirement: ScaledString,
  freeCollateral: ScaledString,
  healthBps: z.number().int().nullable(),
});

export const PositionSchema = z.object({
  marketId: z.number().int().min(0),
  size: ScaledString,
  entryPrice: ScaledString,
  markPrice: ScaledString,
  unrealizedPnl: ScaledString,
  realizedPnl: ScaledString,
  fundingPnl: ScaledString,
  /** the mark price at which the account would reach its maintenance requirement; null: none */
  liquidationPrice: ScaledString.nullable(),
});

export const OpenOrderSchema = z.object({
  orderId: z.string(),
  clientOrderId: z.string().nullable(),
  marketId: z.number().int().min(0),
  side: z.enum(['ASK', 'BID']),
  price: ScaledString,
  remainingSize: ScaledString,
});

export const AccountSchema = z.object({
  accountId: AccountIdNumber,
  owner: Base58Key,
  balances: z.array(BalanceSchema),
  positions: z.array(PositionSchema),
  openOrders: z.array(OpenOrderSchema),
  margin: MarginSchema,
  /** the last update id of this account's stream; a client resyncs from here on a gap */
  updateId: z.number().int().min(0),
});

export type Account = z.infer<typeof AccountSchema>;
export type WireAccount = z.input<typeof AccountSchema>;
