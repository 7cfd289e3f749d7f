// What the Vaults page shows: every vault with its value and epoch, and every holding of every account of
// every wallet, and how each vault and holding has done in the current epoch. Amounts stay bigint.
import type { z } from 'zod';
import type { VaultsViewSchema } from '../../shared/ipc/vaults';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { EngineClock } from '../exchange/engine-clock';
import type { WalletInfo } from '../wallets/wallet-service';
import { epochPerformance, shareChange, type EpochReads, type EpochStarts } from './epoch-performance';

type VaultsView = z.output<typeof VaultsViewSchema>;

/** What the page reads: the exchange's vaults and each wallet's holdings, at the exchange's time. */
export interface VaultsReads {
  client: Pick<ExchangeClient, 'vaults' | 'walletAccounts' | 'vaultHoldings'> & EpochReads;
  clock: Pick<EngineClock, 'seconds'>;
  wallets: { list(): WalletInfo[] };
}

export async function vaultsView(s: VaultsReads, epochStarts: EpochStarts): Promise<VaultsView> {
  // every wallet's accounts, then every account's holdings, each read at once rather than one after another
  const vaultsWithStarts = s.client
    .vaults()
    .then((vaults) =>
      Promise.all(vaults.map(async (v) => ({ ...v, start: await epochStarts.of(s.client, v) }))),
    );
  const [vaults, now, owners] = await Promise.all([
    vaultsWithStarts,
    s.clock.seconds(),
    Promise.all(
      s.wallets.list().map(async (wallet) => ({
        wallet,
        accountIds: (await s.client.walletAccounts(wallet.publicKey)) ?? [],
      })),
    ),
  ]);
  const perAccount = await Promise.all(
    owners.flatMap(({ wallet, accountIds }) =>
      accountIds.map(async (accountId) => ({
        wallet,
        accountId,
        held: await s.client.vaultHoldings(accountId),
      })),
    ),
  );
  const thisEpoch = new Map(vaults.map((v) => [v.vaultId, v.start && epochPerformance(v, v.start)] as const));
  const navDecimals = new Map(vaults.map((v) => [v.vaultId, v.navDecimals]));
  const holdings: VaultsView['holdings'] = [];
  for (const { wallet, accountId, held } of perAccount) {
    for (const h of held) {
      if (h.shares === 0n && h.claimable === 0n) continue;
      const epoch = thisEpoch.get(h.vaultId);
      const decimals = navDecimals.get(h.vaultId);
      holdings.push({
        walletId: wallet.walletId,
        walletLabel: wallet.label,
        accountId,
        vaultId: h.vaultId,
        shares: h.shares,
        ownerSharePpm: h.ownerSharePpm,
        value: h.value,
        currentWithdrawal: h.currentWithdrawal,
        previousWithdrawal: h.previousWithdrawal,
        claimable: h.claimable,
        claimableAt: h.claimableAt,
        epochChange:
          epoch && decimals !== undefined ? shareChange(h.shares, epoch.navChange, decimals) : null,
      });
    }
  }
  return {
    now: Number(now),
    vaults: vaults.map((v) => ({
      vaultId: v.vaultId,
      name: v.name,
      marketId: v.marketId,
      equity: v.equity,
      navPerShare: v.navPerShare,
      navDecimals: v.navDecimals,
      totalShares: v.totalShares,
      pnl: v.pnl,
      epoch: v.epoch,
      epochSeconds: v.epochSeconds,
      epochEnd: v.epochEnd,
      thisEpoch: thisEpoch.get(v.vaultId) ?? null,
    })),
    holdings,
  };
}
