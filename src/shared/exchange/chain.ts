// The settlement-chain companion service (/chain/...): wallet token balances, faucet, deposits.
import { z } from 'zod';
import { Base58Key, ScaledString, TokenIdNumber } from './wire';

export const ChainBalancesSchema = z.object({
  address: Base58Key,
  balances: z.array(z.object({ tokenId: TokenIdNumber, amount: ScaledString })),
});

export const ChainTxStatusSchema = z.enum(['confirmed', 'credited', 'failed']);

export const ChainTxSchema = z.object({
  txId: z.string(),
  kind: z.enum(['deposit', 'faucet', 'withdrawal']),
  status: ChainTxStatusSchema,
  from: Base58Key.optional(),
  to: Base58Key,
  tokenId: TokenIdNumber,
  amount: ScaledString,
  accountId: TokenIdNumber.optional(),
  failure: z.string().optional(),
});

export type ChainTx = z.infer<typeof ChainTxSchema>;
export type WireChainTx = z.input<typeof ChainTxSchema>;
