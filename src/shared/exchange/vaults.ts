// Vault reads (GET /vaults, /vault/{id}, /vault/{id}/user/{account}, /account/{id}/vault-user-states, the
// vault histories) and the vault@<id> stream payload. Amounts are quote-token units and shares are whole
// share units, both as decimal strings; navPerShare is quote units per share scaled by 10^navDecimals.
import { z } from 'zod';
import { AccountIdNumber, ScaledString, Seconds, U64String, pageOf } from './wire';

const VaultIdNumber = z.number().int().min(0).max(0xffffffff);

export const VaultViewStateSchema = z.object({
  vaultId: VaultIdNumber,
  name: z.string(),
  /** the market the vault's strategy trades */
  marketId: z.number().int().min(0),
  vaultAccountId: AccountIdNumber,
  quoteTokenId: z.number().int().min(0),
  totalShares: ScaledString,
  /** the vault account's margin equity, claim reserve excluded */
  equity: ScaledString,
  navPerShare: ScaledString,
  navDecimals: z.number().int().min(0),
  /** owner seed + deposits − converted withdrawals */
  netDeposits: ScaledString,
  /** equity − netDeposits */
  pnl: ScaledString,
  epoch: z.number().int().min(1),
  epochSeconds: z.number().int().min(1),
  /** engine seconds at which the current epoch ends and its requests convert */
  epochEnd: Seconds,
  /** shares requested in the current epoch */
  pendingWithdrawalShares: ScaledString,
  /** quote units converted and set aside, not yet claimed */
  claimReserve: ScaledString,
  /** the strategy's position in its market; null while flat */
  position: z.object({ size: ScaledString, entryPrice: ScaledString }).nullable(),
  createdAt: Seconds,
  /** the last vault@ stream update id */
  updateId: z.number().int().min(0),
});

export const VaultUserStateSchema = z.object({
  vaultId: VaultIdNumber,
  accountId: AccountIdNumber,
  /** shares held, including those queued in the current withdrawal request */
  shares: ScaledString,
  /** the part of the vault these shares own, parts per million */
  ownerSharePpm: z.number().int().min(0).max(1_000_000),
  /** shares at the current NAV, quote units */
  value: ScaledString,
  /** shares requested this epoch; they convert when it ends */
  currentWithdrawal: ScaledString,
  /** shares converted at an epoch end, waiting in `claimable` */
  previousWithdrawal: ScaledString,
  /** quote units ready to claim */
  claimable: ScaledString,
  /** the epoch from which the current request can be claimed; null without one */
  claimableEpoch: z.number().int().min(1).nullable(),
  /** engine seconds at which that epoch begins; null without a current request */
  claimableAt: Seconds.nullable(),
});

/** One entry of GET /account/{id}/vault-user-states: the vaults this account has anything in. */
export const AccountVaultUserStateInfoSchema = VaultUserStateSchema.extend({ vaultName: z.string() });

export const VaultStrategySchema = z.object({
  kind: z.enum(['momentum', 'meanReversion']),
  intervalSeconds: z.number().int(),
  thresholdBps: z.number().int(),
  leverageBps: z.number().int(),
  maxTradeNotional: ScaledString,
});

export const VaultConfigRowSchema = z.object({
  id: U64String,
  time: Seconds,
  vaultId: VaultIdNumber,
  name: z.string(),
  marketId: z.number().int().min(0),
  epochSeconds: z.number().int().min(1),
  ownerCapital: ScaledString,
  strategy: VaultStrategySchema.nullable(),
});

export const VaultDepositRowSchema = z.object({
  id: U64String,
  /** null for the owner's seed */
  actionId: U64String.nullable(),
  time: Seconds,
  vaultId: VaultIdNumber,
  accountId: AccountIdNumber,
  amount: ScaledString,
  shares: ScaledString,
  navPerShare: ScaledString,
});

export const VaultWithdrawalRowSchema = z.object({
  id: U64String,
  actionId: U64String,
  time: Seconds,
  vaultId: VaultIdNumber,
  accountId: AccountIdNumber,
  type: z.enum(['requested', 'converted', 'claimed']),
  requestKind: z.enum(['QUOTE_NOTIONAL', 'SHARES']).optional(),
  shares: ScaledString,
  amount: ScaledString,
  epoch: z.number().int().min(1),
});

export const VaultEpochRowSchema = z.object({
  id: U64String,
  actionId: U64String,
  time: Seconds,
  vaultId: VaultIdNumber,
  epoch: z.number().int().min(1),
  startTime: Seconds,
  endTime: Seconds,
  equity: ScaledString,
  totalShares: ScaledString,
  navPerShare: ScaledString,
  withdrawnShares: ScaledString,
  withdrawnAmount: ScaledString,
  pnl: ScaledString,
});

export const VaultConfigPageSchema = pageOf(VaultConfigRowSchema);
export const VaultDepositPageSchema = pageOf(VaultDepositRowSchema);
export const VaultWithdrawalPageSchema = pageOf(VaultWithdrawalRowSchema);
export const VaultEpochPageSchema = pageOf(VaultEpochRowSchema);

/** A vault@<id> message: the full view after the change, with update ids one apart per vault. */
export const VaultStreamMessageSchema = z.object({
  vault: VaultViewStateSchema,
  stream: z.string(),
  update_id: z.number().int(),
  last_update_id: z.number().int(),
});

export type VaultViewState = z.infer<typeof VaultViewStateSchema>;
export type VaultUserState = z.infer<typeof VaultUserStateSchema>;
export type AccountVaultUserStateInfo = z.infer<typeof AccountVaultUserStateInfoSchema>;
export type VaultDepositRow = z.infer<typeof VaultDepositRowSchema>;
export type VaultWithdrawalRow = z.infer<typeof VaultWithdrawalRowSchema>;
export type VaultEpochRow = z.infer<typeof VaultEpochRowSchema>;
export type WireVaultViewState = z.input<typeof VaultViewStateSchema>;
export type WireVaultUserState = z.input<typeof VaultUserStateSchema>;
export type WireAccountVaultUserStateInfo = z.input<typeof AccountVaultUserStateInfoSchema>;
export type WireVaultConfigRow = z.input<typeof VaultConfigRowSchema>;
export type WireVaultDepositRow = z.input<typeof VaultDepositRowSchema>;
export type WireVaultWithdrawalRow = z.input<typeof VaultWithdrawalRowSchema>;
export type WireVaultEpochRow = z.input<typeof VaultEpochRowSchema>;
