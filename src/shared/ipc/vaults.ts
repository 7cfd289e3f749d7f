// The vaults group: the exchange's vaults and the person's holdings in them (deposits, withdrawal requests
// and claims are actions: see actions.ts).
import { z } from 'zod';
import { AccountId, Id, MarketId, VaultId } from './ids';
import { NoArgs, UNLOCKED_READ, group } from './method';

export const VaultsViewSchema = z.object({
  /** engine seconds, for epoch countdowns */
  now: z.number().int(),
  vaults: z.array(
    z.object({
      vaultId: VaultId,
      name: z.string(),
      marketId: MarketId,
      equity: z.bigint(),
      navPerShare: z.bigint(),
      navDecimals: z.number().int().min(0).max(18),
      totalShares: z.bigint(),
      pnl: z.bigint(),
      epoch: z.number().int(),
      epochSeconds: z.number().int(),
      epochEnd: z.number().int(),
      /** the current epoch so far; null when the exchange does not show where it began */
      thisEpoch: z
        .object({
          /** engine seconds: the last epoch's end, or the vault's first deposit */
          since: z.number().int(),
          sinceVaultStart: z.boolean(),
          /** quote units */
          pnl: z.bigint(),
          /** NAV per share now less at the start, in navDecimals */
          navChange: z.bigint(),
          /** that change in parts per million of the NAV at the start */
          changePpm: z.bigint().nullable(),
        })
        .nullable(),
    }),
  ),
  holdings: z.array(
    z.object({
      walletId: Id,
      walletLabel: z.string(),
      accountId: AccountId,
      vaultId: VaultId,
      shares: z.bigint(),
      ownerSharePpm: z.number().int(),
      value: z.bigint(),
      currentWithdrawal: z.bigint(),
      previousWithdrawal: z.bigint(),
      claimable: z.bigint(),
      claimableAt: z.number().int().nullable(),
      /** what the vault's NAV change this epoch is worth on these shares, quote units; null if unknown */
      epochChange: z.bigint().nullable(),
    }),
  ),
});

export const vaults = group({
  get: { args: NoArgs, result: VaultsViewSchema, access: UNLOCKED_READ },
});
