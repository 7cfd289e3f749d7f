// Vault reads (GET /vaults, /vault/{id}, /vault/{id}/user/{account}, /account/{id}/vault-user-states, the
// vault histories) and the vault@<id> stream payload. The interface names these records but not their
// fields; they follow the public engine's style: camelCase, quote amounts and shares as JSON numbers in
// human units (a share counts in quote-token units: one share was one quote unit when a vault started),
// navPerShare in quote per share with navDecimals places, times as RFC3339 strings, row ids as strings.
import { z } from 'zod';
import { Num, TimeText, U64Text, UInt, pageOf } from './json';

const VaultId = UInt();

export const VaultViewStateSchema = z.object({
  vaultId: VaultId,
  name: z.string().max(64),
  /** the market the vault's strategy trades */
  marketId: UInt(),
  vaultAccountId: UInt(),
  quoteTokenId: UInt(),
  totalShares: Num,
  /** the vault account's margin equity, claim reserve excluded */
  equity: Num,
  navPerShare: Num,
  /** the places navPerShare is stated to */
  navDecimals: UInt(18),
  /** owner seed + deposits − converted withdrawals */
  netDeposits: Num,
  /** equity − netDeposits */
  pnl: Num,
  epoch: UInt(),
  epochSeconds: UInt(),
  /** when the current epoch ends and its requests convert */
  epochEnd: TimeText,
  /** shares requested in the current epoch */
  pendingWithdrawalShares: Num,
  /** quote converted and set aside, not yet claimed */
  claimReserve: Num,
  /** the strategy's position in its market; null while flat */
  position: z.object({ size: Num, entryPrice: Num }).nullable(),
  createdAt: TimeText,
  /** the last vault@ stream update id */
  updateId: UInt(Number.MAX_SAFE_INTEGER),
});

export const VaultUserStateSchema = z.object({
  vaultId: VaultId,
  accountId: UInt(),
  /** shares held, including those queued in the current withdrawal request */
  shares: Num,
  /** the part of the vault these shares own, parts per million */
  ownerSharePpm: UInt(1_000_000),
  /** shares at the current NAV, quote */
  value: Num,
  /** shares requested this epoch; they convert when it ends */
  currentWithdrawal: Num,
  /** shares converted at an epoch end, waiting in `claimable` */
  previousWithdrawal: Num,
  /** quote ready to claim */
  claimable: Num,
  /** the epoch from which the current request can be claimed; null without one */
  claimableEpoch: UInt().nullable(),
  /** when that epoch begins; null without a current request */
  claimableAt: TimeText.nullable(),
});

/** One entry of GET /account/{id}/vault-user-states: the vaults this account has anything in. */
export const AccountVaultUserStateInfoSchema = VaultUserStateSchema.extend({ vaultName: z.string() });

export const VaultConfigRowSchema = z.object({
  id: U64Text,
  time: TimeText,
  vaultId: VaultId,
  name: z.string(),
  marketId: UInt(),
  epochSeconds: UInt(),
  ownerCapital: Num,
  strategy: z
    .object({
      kind: z.enum(['momentum', 'meanReversion']),
      intervalSeconds: UInt(),
      thresholdBps: UInt(),
      leverageBps: UInt(),
      maxTradeNotional: Num,
    })
    .nullable(),
});

export const VaultDepositRowSchema = z.object({
  id: U64Text,
  /** null for the owner's seed */
  actionId: U64Text.nullable(),
  time: TimeText,
  vaultId: VaultId,
  accountId: UInt(),
  amount: Num,
  shares: Num,
  navPerShare: Num,
});

export const VaultWithdrawalRowSchema = z.object({
  id: U64Text,
  actionId: U64Text,
  time: TimeText,
  vaultId: VaultId,
  accountId: UInt(),
  type: z.enum(['requested', 'converted', 'claimed']),
  requestKind: z.enum(['quoteNotional', 'shares']).optional(),
  shares: Num,
  amount: Num,
  epoch: UInt(),
});

export const VaultEpochRowSchema = z.object({
  id: U64Text,
  actionId: U64Text,
  time: TimeText,
  vaultId: VaultId,
  epoch: UInt(),
  startTime: TimeText,
  endTime: TimeText,
  equity: Num,
  totalShares: Num,
  navPerShare: Num,
  withdrawnShares: Num,
  withdrawnAmount: Num,
  pnl: Num,
});

export const VaultConfigPageSchema = pageOf(VaultConfigRowSchema);
export const VaultDepositPageSchema = pageOf(VaultDepositRowSchema);
export const VaultWithdrawalPageSchema = pageOf(VaultWithdrawalRowSchema);
export const VaultEpochPageSchema = pageOf(VaultEpochRowSchema);

export type WireVaultViewState = z.input<typeof VaultViewStateSchema>;
export type WireVaultUserState = z.input<typeof VaultUserStateSchema>;
export type WireAccountVaultUserStateInfo = z.input<typeof AccountVaultUserStateInfoSchema>;
export type WireVaultConfigRow = z.input<typeof VaultConfigRowSchema>;
export type WireVaultDepositRow = z.input<typeof VaultDepositRowSchema>;
export type WireVaultWithdrawalRow = z.input<typeof VaultWithdrawalRowSchema>;
export type WireVaultEpochRow = z.input<typeof VaultEpochRowSchema>;
