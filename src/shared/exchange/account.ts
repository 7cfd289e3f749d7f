// GET /account/{account_id} as rest.md's `Account`: open orders, position summaries, balances and the
// margins view, every amount a JSON number in human units. The app's own account model (bigint, margin
// health) is built from this in main (main/exchange/account-model.ts).
import { z } from 'zod';
import { Num, SideJson, U64Num, UInt } from './json';

/** `Balance` */
export const BalanceJsonSchema = z.object({ tokenId: UInt(), token: z.string().max(32), amount: Num });

/** `OpenOrder`; clientOrderId is a numeric string or null (interface v18). */
export const OpenOrderJsonSchema = z.object({
  orderId: z.string().regex(/^(0|[1-9]\d{0,19})$/),
  marketId: UInt(),
  side: SideJson,
  size: Num,
  price: Num,
  originalOrderSize: Num,
  clientOrderId: z
    .string()
    .regex(/^(0|[1-9]\d{0,19})$/)
    .nullable()
    .optional(),
});

/** `PerpPosition`: baseSize is unsigned (isLong gives the side); PnL figures in quote units. */
export const PerpPositionJsonSchema = z.object({
  baseSize: Num,
  price: Num,
  updatedFundingRateIndex: Num,
  fundingPaymentPnl: Num,
  sizePricePnl: Num,
  isLong: z.boolean(),
});

/** `PositionSummary` */
export const PositionSummaryJsonSchema = z.object({
  marketId: UInt(),
  openOrders: UInt(0xffff),
  perp: PerpPositionJsonSchema.nullable().optional(),
  actionId: U64Num,
});

/** `AccountMarginsView`: USD amounts; the fractions' numerators (omf, mf, imf, cmf, mmf) over pon / pn. */
export const MarginsJsonSchema = z.object({
  omf: Num,
  mf: Num,
  imf: Num,
  cmf: Num,
  mmf: Num,
  pon: Num,
  pn: Num,
  bankruptcy: z.boolean(),
});

/** `Account` */
export const AccountJsonSchema = z.object({
  updateId: U64Num,
  orders: z.array(OpenOrderJsonSchema),
  positions: z.array(PositionSummaryJsonSchema),
  balances: z.array(BalanceJsonSchema),
  margins: MarginsJsonSchema,
});

export type AccountJson = z.output<typeof AccountJsonSchema>;
export type WireAccount = z.input<typeof AccountJsonSchema>;
