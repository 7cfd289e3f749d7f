import { z } from 'zod';
import { AccountIdNumber, Base58Key, ScaledString, Seconds, TokenIdNumber, pageOf } from './wire';

export const DepositRowSchema = z.object({
  id: z.string(),
  time: Seconds,
  accountId: AccountIdNumber,
  tokenId: TokenIdNumber,
  amount: ScaledString,
  chainTxId: z.string(),
  from: Base58Key,
});

export const WithdrawalRowSchema = z.object({
  id: z.string(),
  actionId: z.string(),
  time: Seconds,
  accountId: AccountIdNumber,
  tokenId: TokenIdNumber,
  amount: ScaledString,
  fee: ScaledString,
  destination: Base58Key,
  eventNonce: z.string(),
  status: z.enum(['requested', 'processed']),
});

export const TransferRowSchema = z.object({
  id: z.string(),
  actionId: z.string(),
  time: Seconds,
  fromAccountId: AccountIdNumber,
  toAccountId: AccountIdNumber,
  tokenId: TokenIdNumber,
  amount: ScaledString,
  direction: z.enum(['sent', 'received']),
  accountCreated: z.boolean(),
});

export const DepositPageSchema = pageOf(DepositRowSchema);
export const WithdrawalPageSchema = pageOf(WithdrawalRowSchema);
export const TransferPageSchema = pageOf(TransferRowSchema);

export type DepositRow = z.infer<typeof DepositRowSchema>;
export type WithdrawalRow = z.infer<typeof WithdrawalRowSchema>;
export type TransferRow = z.infer<typeof TransferRowSchema>;
export type WireDepositRow = z.input<typeof DepositRowSchema>;
export type WireWithdrawalRow = z.input<typeof WithdrawalRowSchema>;
export type WireTransferRow = z.input<typeof TransferRowSchema>;
