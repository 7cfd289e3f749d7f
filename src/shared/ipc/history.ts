// The history group: one page of an account's history, of any kind the interface serves. The kinds, and the
// enumerations the rows carry, are the exchange's own (shared/exchange); the rows are the exchange's rows as
// the screens get them: amounts, prices and sizes scaled exactly to bigint, times in seconds, ids as text.
import { z } from 'zod';
import {
  HISTORY_KINDS,
  PositionHistoryJsonSchema,
  TransferRowJsonSchema,
  WithdrawalInfoJsonSchema,
  type HistoryKind,
} from '../exchange/history';
import { VaultWithdrawalRowSchema } from '../exchange/vaults';
import { AccountId, Address, MarketId, TokenId, VaultId } from './ids';
import { NoArgs, UNLOCKED_READ, group } from './method';

const RowId = z.string().max(64);
const Time = z.number().int().min(0);
/**
 * A window's end as the person gives it: seconds that RFC3339 can write (the exchange takes the window as
 * RFC3339, whose years end at 9999), so a time past it is refused here instead of failing in the conversion.
 */
export const WindowTime = z
  .number()
  .int()
  .min(0)
  .max(253_402_300_799, 'must be a time in seconds no later than the year 9999');
const DepositRowSchema = z.object({
  id: RowId,
  time: Time,
  accountId: AccountId,
  tokenId: TokenId,
  amount: z.bigint(),
  /** the settlement transaction and its sender, where the exchange says (the devnet does) */
  chainTxId: z.string().nullable(),
  from: Address.nullable(),
});
const WithdrawalRowSchema = z.object({
  id: RowId,
  actionId: RowId,
  time: Time,
  accountId: AccountId,
  tokenId: TokenId,
  amount: z.bigint(),
  fee: z.bigint(),
  destination: Address.nullable(),
  /** where the exchange says (the devnet does): the settlement event and whether it was paid out */
  eventNonce: z.string().nullable(),
  status: WithdrawalInfoJsonSchema.shape.status.unwrap().nullable(),
  /** the payout's settlement-chain transaction, once paid (the devnet says) */
  chainTxId: z.string().max(128).nullable(),
});
const TransferRowSchema = z.object({
  id: RowId,
  actionId: RowId,
  time: Time,
  fromAccountId: AccountId,
  toAccountId: AccountId,
  tokenId: TokenId,
  amount: z.bigint(),
  direction: TransferRowJsonSchema.shape.direction,
  accountCreated: z.boolean(),
});
const PnlRowSchema = z.object({
  cursor: RowId,
  actionId: RowId,
  subActionId: z.number().int().min(0),
  /** the public AccountPnlInfo names neither: null where the exchange does not add them */
  marketId: MarketId.nullable(),
  time: Time,
  tradingPnl: z.bigint(),
  fee: z.bigint().nullable(),
});
const PositionRowSchema = z.object({
  cursor: RowId,
  actionId: RowId,
  subActionId: z.number().int().min(0),
  marketId: MarketId,
  time: Time,
  sizeBefore: z.bigint(),
  sizeAfter: z.bigint(),
  price: z.bigint(),
  entryPrice: z.bigint(),
  reason: PositionHistoryJsonSchema.shape.reason,
});
const FundingRowSchema = z.object({
  id: RowId,
  time: Time,
  marketId: MarketId,
  size: z.bigint(),
  payment: z.bigint(),
});
const LiquidationRowSchema = z.object({
  id: RowId,
  actionId: RowId,
  time: Time,
  /** null for a liquidation that closed no order in a market */
  marketId: MarketId.nullable(),
  size: z.bigint().nullable(),
  price: z.bigint().nullable(),
  equityBefore: z.bigint(),
  maintenanceBefore: z.bigint(),
});
const FeeTierRowSchema = z.object({
  id: RowId,
  time: Time,
  fromTier: z.number().int(),
  toTier: z.number().int(),
  volume30d: z.bigint(),
});

const VaultDepositHistoryRow = z.object({
  id: RowId,
  /** null for the vault owner's seed */
  actionId: z.string().nullable(),
  time: Time,
  vaultId: VaultId,
  amount: z.bigint(),
  shares: z.bigint(),
});
const VaultWithdrawalHistoryRow = z.object({
  id: RowId,
  actionId: z.string(),
  time: Time,
  vaultId: VaultId,
  /** a request, its conversion at the epoch end, or the claim */
  type: VaultWithdrawalRowSchema.shape.type,
  shares: z.bigint(),
  amount: z.bigint(),
  epoch: z.number().int(),
});

const pageOf = <K extends HistoryKind, R extends z.ZodType>(kind: K, row: R) =>
  z.object({
    kind: z.literal(kind),
    items: z.array(row),
    nextStartInclusive: z.string().max(64).optional(),
  });
export const HistoryPageSchema = z.discriminatedUnion('kind', [
  pageOf('deposit', DepositRowSchema),
  pageOf('withdrawal', WithdrawalRowSchema),
  pageOf('transfer', TransferRowSchema),
  pageOf('pnl', PnlRowSchema),
  pageOf('position', PositionRowSchema),
  pageOf('funding', FundingRowSchema),
  pageOf('liquidation', LiquidationRowSchema),
  pageOf('fee-tier', FeeTierRowSchema),
  pageOf('vault/deposit', VaultDepositHistoryRow),
  pageOf('vault/withdrawal', VaultWithdrawalHistoryRow),
]);
export type HistoryPage = z.output<typeof HistoryPageSchema>;
export type HistoryRowOf<K extends HistoryKind> = Extract<HistoryPage, { kind: K }>['items'][number];

/** The histories whose rows are found by "actionId:subActionId:marketId"; every other one by a row id. */
const TRIPLE_CURSOR_KINDS: readonly HistoryKind[] = ['pnl', 'position'];

/**
 * What the exchange would answer 400 to, refused here as the person's bad argument (it came back as a bad
 * response of the exchange): a cursor of the other form than the kind's, or past the u64 row ids, and a
 * window that ends before it starts.
 */
function checkPageQuery(
  arg: {
    kind: HistoryKind;
    startInclusive?: string | undefined;
    since?: number | undefined;
    until?: number | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (arg.startInclusive !== undefined) {
    const triple = TRIPLE_CURSOR_KINDS.includes(arg.kind);
    const parts = arg.startInclusive.split(':');
    if (parts.length !== (triple ? 3 : 1))
      ctx.addIssue({
        code: 'custom',
        path: ['startInclusive'],
        message: triple
          ? `must be "actionId:subActionId:marketId" for the ${arg.kind} history`
          : `must be a row id for the ${arg.kind} history`,
      });
    // digits only if the field's own pattern held: the refinement runs after a failed field too
    else if (/^\d+$/.test(parts[0]!) && BigInt(parts[0]!) >= 1n << 64n)
      ctx.addIssue({ code: 'custom', path: ['startInclusive'], message: 'must be below 2^64' });
  }
  if (arg.since !== undefined && arg.until !== undefined && arg.since > arg.until)
    ctx.addIssue({ code: 'custom', path: ['since'], message: 'must not be after until' });
}

export const history = group({
  page: {
    args: z
      .object({
        accountId: AccountId,
        kind: z.enum(HISTORY_KINDS),
        /** a row id, or "actionId:subActionId:marketId" for pnl and position */
        startInclusive: z
          .string()
          .regex(/^\d{1,20}(?::\d{1,10}:\d{1,10})?$/)
          .optional(),
        pageSize: z.number().int().min(1).max(255).optional(),
        /** only rows from this time on and up to that one (seconds, both included; the rows' own time) */
        since: WindowTime.optional(),
        until: WindowTime.optional(),
      })
      .superRefine(checkPageQuery),
    result: HistoryPageSchema,
    access: UNLOCKED_READ,
  },
  /**
   * The exchange's clock (seconds), which history windows are anchored on: the rows carry its time, and a
   * window anchored on a computer's clock that runs ahead of it would start after its now (refused).
   */
  now: {
    args: NoArgs,
    result: z.object({ seconds: Time }),
    access: UNLOCKED_READ,
  },
});
