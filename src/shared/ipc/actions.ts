// The actions group: what the person asks main to do (an intent), what main shows back for confirmation (a summary) and what
// came of it (a result). The intent kinds are listed once, here, in IntentSchema: the kind enum of summaries
// and results is read from it, and main's registry of action modules is typed by it, so a new kind cannot
// be half added. Summaries and results have one shape for every kind: a title and typed lines.
import { z } from 'zod';
import { AccountId, Address, Amount, Id, MarketId, Passphrase, TokenId, VaultId } from './ids';
import { UNLOCKED, group } from './method';

const TriggerId = z
  .bigint()
  .min(0n)
  .max((1n << 64n) - 1n);
const OrderId = z
  .bigint()
  .min(0n)
  .max((1n << 64n) - 1n);
export const TriggerKindSchema = z.enum(['STOP_LOSS', 'TAKE_PROFIT']);
/** a stop-loss or take-profit for the account's position in a market (side follows the position) */
const TriggerFields = {
  marketId: MarketId,
  triggerKind: TriggerKindSchema,
  triggerPrice: Amount,
  /** absent: the exit is a market order */
  limitPrice: Amount.optional(),
  /** absent: the whole position */
  size: Amount.optional(),
};

export const IntentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('withdraw'),
    walletId: Id,
    accountId: AccountId,
    tokenId: TokenId,
    amount: Amount,
    destination: Address.optional(),
  }),
  z.object({
    kind: z.literal('transfer'),
    walletId: Id,
    fromAccountId: AccountId,
    tokenId: TokenId,
    amount: Amount,
    toAccountId: AccountId.optional(),
  }),
  z.object({
    kind: z.literal('vaultDeposit'),
    walletId: Id,
    accountId: AccountId,
    vaultId: VaultId,
    amount: Amount,
  }),
  z.object({
    kind: z.literal('vaultWithdraw'),
    walletId: Id,
    accountId: AccountId,
    vaultId: VaultId,
    by: z.enum(['QUOTE_NOTIONAL', 'SHARES']),
    amount: Amount,
  }),
  z.object({ kind: z.literal('vaultClaim'), walletId: Id, accountId: AccountId, vaultId: VaultId }),
  z.object({ kind: z.literal('addTrigger'), walletId: Id, accountId: AccountId, ...TriggerFields }),
  z.object({
    kind: z.literal('editTrigger'),
    walletId: Id,
    accountId: AccountId,
    triggerId: TriggerId,
    ...TriggerFields,
  }),
  z.object({
    kind: z.literal('removeTrigger'),
    walletId: Id,
    accountId: AccountId,
    marketId: MarketId,
    triggerId: TriggerId,
  }),
  z.object({ kind: z.literal('cancelOrder'), walletId: Id, accountId: AccountId, orderId: OrderId }),
  /** the whole position in the market, at once: reduce-only, immediate or cancel */
  z.object({ kind: z.literal('closePosition'), walletId: Id, accountId: AccountId, marketId: MarketId }),
]);
export type Intent = z.output<typeof IntentSchema>;
export type IntentKind = Intent['kind'];
export type IntentOf<K extends IntentKind> = Extract<Intent, { kind: K }>;

/** Every intent kind, read from IntentSchema: the one list. */
export const ACTION_KINDS = IntentSchema.options.map((o) => o.shape.kind.value);
const ActionKindSchema = z.enum(ACTION_KINDS);

/**
 * One value a summary or a result states. Main gives the facts; amounts stay bigint with their token, and
 * the screen formats them as it formats every other amount.
 */
export const LineValueSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('amount'), tokenId: TokenId, amount: z.bigint() }),
  /** null: a new account of the wallet, numbered once it exists */
  z.object({ type: z.literal('account'), accountId: AccountId.nullable() }),
  z.object({ type: z.literal('address'), address: Address }),
  /** basis points, shown as a percentage */
  z.object({ type: z.literal('percent'), bps: z.number().int() }),
  /** a count or an id; decimals places the point (shares count in the quote token's units) */
  z.object({ type: z.literal('number'), value: z.bigint(), decimals: z.number().int().min(0).max(18) }),
]);
/** key: what the line is (stable, for programs and tests); label: what the person reads */
export const LineSchema = z.object({ key: z.string().max(40), label: z.string(), value: LineValueSchema });

export const SummarySchema = z.object({
  confirmationId: z.string(),
  kind: ActionKindSchema,
  /** what the confirmation dialog is titled */
  title: z.string(),
  walletId: Id,
  walletLabel: z.string(),
  lines: z.array(LineSchema),
  warnings: z.array(z.string()),
  /** the confirm button, e.g. "Sign and withdraw" */
  confirmLabel: z.string(),
  needsFreshUnlock: z.boolean(),
  /** money leaves the person's wallets: actions.confirm must carry the passphrase */
  moneyLeaves: z.boolean(),
  expiresAt: z.number(),
});

export const ActionResultSchema = z.object({
  actionId: z.bigint(),
  kind: ActionKindSchema,
  /** e.g. "Withdrawal sent" */
  title: z.string(),
  /** one sentence of what happened, amounts formatted by main */
  message: z.string(),
  lines: z.array(LineSchema),
});

export type LineValue = z.output<typeof LineValueSchema>;
export type Line = z.output<typeof LineSchema>;
export type Summary = z.output<typeof SummarySchema>;
export type ActionResult = z.output<typeof ActionResultSchema>;

export const actions = group({
  /** checks the intent and answers what would be signed, for the person to review */
  prepare: { args: IntentSchema, result: SummarySchema, access: UNLOCKED },
  /** signs and sends a prepared action; money leaving the person's wallets needs the passphrase */
  confirm: {
    args: z.object({ confirmationId: z.string().max(64), passphrase: Passphrase.optional() }),
    result: ActionResultSchema,
    access: UNLOCKED,
  },
});
