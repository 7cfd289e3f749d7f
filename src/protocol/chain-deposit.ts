// The settlement chain's deposit transaction as the devnet's chain companion accepts it: the depositing
// wallet signs a canonical message naming everything that moves, so nobody can deposit from someone else's
// wallet or alter the amount or recipient in flight.
import { z } from 'zod';
import { Base58Key } from '../shared/exchange/wire';

export const DepositTxSchema = z.object({
  from: Base58Key,
  tokenId: z.number().int().min(0).max(0xffffffff),
  amount: z.string().regex(/^[1-9]\d{0,19}$/, 'amount must be a positive whole number of scaled units'),
  /** the exchange user to credit (defaults to the depositing wallet) */
  recipient: Base58Key.optional(),
  /** an existing account of the recipient to credit (defaults to their first account) */
  accountId: z.number().int().min(0).max(0xffffffff).optional(),
  /** unique per wallet; makes every deposit's signature distinct */
  nonce: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  signature: z.string().regex(/^[0-9a-f]{128}$/, 'signature must be 64 bytes of lowercase hex'),
});

export type DepositTx = z.infer<typeof DepositTxSchema>;

export function depositMessage(tx: Omit<DepositTx, 'signature'>): Buffer {
  const fields = [tx.from, tx.tokenId, tx.amount, tx.recipient ?? tx.from, tx.accountId ?? null, tx.nonce];
  return Buffer.from(`perpetua-devnet-deposit:v1\n${JSON.stringify(fields)}`, 'utf8');
}
