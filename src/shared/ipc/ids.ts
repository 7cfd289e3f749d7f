// The identifiers and amounts the IPC schemas share: one definition of what a valid account id, token id or
// base58 address is, used by every method that takes one.
import { z } from 'zod';
import { BASE58_KEY } from '../base58';

export const Id = z.string().min(1).max(64);
export const AccountId = z.number().int().min(0).max(0xffffffff);
export const TokenId = z.number().int().min(0).max(0xffffffff);
export const MarketId = z.number().int().min(0).max(2147483647);
export const VaultId = z.number().int().min(0).max(0xffffffff);
/** a positive amount that fits the wire's u64 */
export const Amount = z
  .bigint()
  .positive()
  .max((1n << 64n) - 1n);
export const Address = z.string().regex(BASE58_KEY, 'must be a base58 address');
export const Passphrase = z.string().min(1).max(1024);
