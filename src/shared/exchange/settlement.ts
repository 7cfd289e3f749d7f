// The exchange's settlement records (GET /settlement/...): where deposits go, and what became of a deposit
// transaction. The chain itself is read through a Solana JSON-RPC. Numbers arrive lossless (json.ts); amounts
// are scaled integers as decimal strings, as the chain's own token amounts are.
import { z } from 'zod';
import { UInt } from './json';
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
  accountId: UInt().optional(),
  correlation: z.enum(['memo', 'sender']),
  memoProblem: z.string().max(500).optional(),
  slot: UInt(Number.MAX_SAFE_INTEGER),
  status: z.enum(['confirmed', 'credited', 'uncredited']),
  reason: z.string().max(500).optional(),
  creditedAccountId: UInt().optional(),
});
