// The exchange's settlement records (GET /settlement/...): where deposits go, and what became of a deposit
// transaction. The chain itself is read through a Solana JSON-RPC.
import { z } from 'zod';
import { Base58Key, ScaledString, TokenIdNumber } from './wire';

export const SettlementVaultsSchema = z.array(
  z.object({ tokenId: TokenIdNumber, mint: Base58Key, owner: Base58Key, vault: Base58Key }),
);

export const SettlementDepositSchema = z.object({
  signature: z.string().max(100),
  tokenId: TokenIdNumber,
  amount: ScaledString,
  sender: Base58Key,
  recipient: Base58Key,
  accountId: z.number().int().min(0).optional(),
  correlation: z.enum(['memo', 'sender']),
  memoProblem: z.string().max(500).optional(),
  slot: z.number().int().min(0),
  status: z.enum(['confirmed', 'credited', 'uncredited']),
  reason: z.string().max(500).optional(),
  creditedAccountId: z.number().int().min(0).optional(),
});

export type SettlementDeposit = z.infer<typeof SettlementDepositSchema>;
