// What the Vaults page and the triggers panel show: every vault with its value and epoch, every holding of
// every account of every wallet, and an account's active and finished triggers. Amounts stay bigint.
import type { z } from 'zod';
import type { TriggersViewSchema, VaultsViewSchema } from '../../shared/ipc/app-schemas';
import type { Services } from '../services';

type VaultsView = z.output<typeof VaultsViewSchema>;
type TriggersView = z.output<typeof TriggersViewSchema>;

export async function vaultsView(s: Services): Promise<VaultsView> {
  const [vaults, now] = await Promise.all([s.client.vaults(), s.clock.seconds()]);
  const holdings: VaultsView['holdings'] = [];
  for (const wallet of s.wallets.list()) {
    const user = await s.client.user(wallet.publicKey);
    for (const accountId of user?.accountIds ?? []) {
      for (const h of await s.client.vaultHoldings(accountId)) {
        if (h.shares === 0n && h.claimable === 0n) continue;
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
        });
      }
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
    })),
    holdings,
  };
}

/** How many finished triggers the view shows: the newest ones. */
export const FINISHED_TRIGGERS_SHOWN = 50;
/** Bounds the walk through a very long history; beyond it the newest pages are not reached. */
const MAX_FINALISATION_PAGES = 200;

/**
 * The newest finished triggers. The exchange pages finalisations oldest first, so the newest are on the
 * last page: walk to it, keeping only the tail.
 */
async function newestFinalisations(s: Services, accountId: number) {
  type Row = Awaited<ReturnType<Services['client']['triggerFinalisations']>>['items'][number];
  let tail: Row[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_FINALISATION_PAGES; page += 1) {
    const result = await s.client.triggerFinalisations(accountId, {
      pageSize: 255,
      ...(cursor !== undefined ? { startInclusive: cursor } : {}),
    });
    tail = [...tail, ...result.items].slice(-FINISHED_TRIGGERS_SHOWN);
    if (!result.nextStartInclusive) break;
    cursor = result.nextStartInclusive;
  }
  return tail;
}

export async function triggersView(s: Services, accountId: number): Promise<TriggersView> {
  const [active, finished] = await Promise.all([
    s.client.triggers(accountId),
    newestFinalisations(s, accountId),
  ]);
  const view = (t: (typeof active)[number] | (typeof finished)[number]) => ({
    triggerId: t.triggerId,
    marketId: t.marketId,
    side: t.side === 'ask' ? ('ASK' as const) : ('BID' as const),
    kind: t.kind === 'StopLoss' ? ('STOP_LOSS' as const) : ('TAKE_PROFIT' as const),
    triggerPrice: t.triggerPrice,
    limitPrice: t.limitPrice,
    size: t.limitBaseSize,
  });
  return {
    active: active.map((t) => ({ ...view(t), createdAt: t.createdAt })),
    // newest first: the latest outcome is what a person looks for
    finished: finished
      .map((t) => ({ ...view(t), status: t.status, time: t.time, orderId: t.orderId, reason: t.reason }))
      .reverse(),
  };
}
