// Time-driven vault work: epochs roll over (converting queued withdrawals), the strategy account trades.
import type { DevnetConfig, VaultSeed } from '../config';
import type { RuleContext } from '../engine/rule';
import { receiptToJson } from '../engine/receipt-json';
import { internalRuleContext, type TickContext } from '../engine/tick';
import { abs } from '../trading/positions';
import { ensureVault, navPerShare, valueOfShares, vaultAccount, vaultEquity } from './ledger';
import type { VaultState } from './state';
import { flushVaultUpdates, queueVaultUpdate } from './stream';
import { runStrategy } from './strategy';
import { vaultOrder } from './trade';
import type { AccountState } from '../trading/state';
import type { EngineState } from '../state';

export const balancesJson = (account: AccountState) =>
  Object.entries(account.balances).map(([tokenId, amount]) => ({
    tokenId: Number(tokenId),
    amount: amount.toString(),
  }));

/** Bumps the account's update id and queues its account@ event, balances included. */
export function accountEvent(
  account: AccountState,
  emit: RuleContext['emit'],
  event: Record<string, unknown>,
): void {
  account.updateId += 1;
  emit(account.id, { ...event, balances: balancesJson(account) });
}

/** A vault just created: its account shows the seed, its stream the first view. */
export function announceCreated(
  state: EngineState,
  config: DevnetConfig,
  vault: VaultState,
  emit: RuleContext['emit'],
): void {
  accountEvent(vaultAccount(state, vault), emit, { type: 'vaultCreated', vaultId: vault.vaultId });
  queueVaultUpdate(state, config, vault);
}

/**
 * Rolls every epoch of the vault that has ended by ctx.now. The requests queued in the current epoch convert
 * at the first roll's NAV (after trimming the position by the withdrawn fraction) and their value moves to
 * the claim reserve; each ended epoch gets a history row. Returns false when nothing was due.
 */
export function rollDueEpochs(ctx: RuleContext, vault: VaultState, seed: VaultSeed): boolean {
  if (ctx.now < vault.epochEnd) return false;
  const { state, config } = ctx;
  const vaults = state.vaults;
  const account = vaultAccount(state, vault);
  let requested = 0n;
  for (const h of Object.values(vault.holdings)) requested += h.currentShares;

  const position = state.positions[vault.accountId]?.[seed.marketId]?.size ?? 0n;
  if (requested > 0n && position !== 0n && vault.totalShares > 0n) {
    const cut = (abs(position) * requested) / vault.totalShares;
    if (cut > 0n) vaultOrder(ctx, vault, seed.marketId, position > 0n ? -cut : cut, true);
  }

  const equity = vaultEquity(state, config, vault);
  const nav = navPerShare(equity, vault.totalShares);
  let paid = 0n;
  for (const [accountId, h] of Object.entries(vault.holdings)) {
    if (h.currentShares === 0n) continue;
    const value = valueOfShares(h.currentShares, equity, vault.totalShares);
    vaults.withdrawalRows.push({
      id: state.nextRowId++,
      actionId: ctx.actionId,
      time: ctx.now,
      vaultId: vault.vaultId,
      accountId: Number(accountId),
      type: 'converted',
      shares: h.currentShares,
      amount: value,
      epoch: vault.epoch,
    });
    h.shares -= h.currentShares;
    h.previousShares += h.currentShares;
    h.claimable += value;
    h.currentShares = 0n;
    paid += value;
  }
  vault.totalShares -= requested;
  account.balances[vault.quoteTokenId] = (account.balances[vault.quoteTokenId] ?? 0n) - paid;
  vault.claimReserve += paid;
  vault.netDeposits -= paid;

  let first = true;
  while (ctx.now >= vault.epochEnd) {
    const after = vaultEquity(state, config, vault);
    vaults.epochRows.push({
      id: state.nextRowId++,
      actionId: ctx.actionId,
      time: ctx.now,
      vaultId: vault.vaultId,
      epoch: vault.epoch,
      startTime: Math.max(vault.createdAt, vault.epochEnd - seed.epochSeconds),
      endTime: vault.epochEnd,
      equity: after,
      totalShares: vault.totalShares,
      navPerShare: first ? nav : navPerShare(after, vault.totalShares),
      withdrawnShares: first ? requested : 0n,
      withdrawnAmount: first ? paid : 0n,
      pnl: after - vault.netDeposits,
    });
    first = false;
    vault.epoch += 1;
    vault.epochEnd += seed.epochSeconds;
  }
  accountEvent(account, ctx.emit, { type: 'vaultEpochRolled', vaultId: vault.vaultId, epoch: vault.epoch });
  queueVaultUpdate(state, config, vault);
  return true;
}

export function advanceVaults(tick: TickContext): void {
  const { state, config, now } = tick;
  for (const seed of config.vaults) {
    const { vault, created } = ensureVault(state, config, seed, now);
    if (created) announceCreated(state, config, vault, tick.emit);
    if (now >= vault.epochEnd) {
      // the receipt is known only after the roll; the action log keeps this same object
      const receipt: Record<string, unknown> = {};
      const actionId = tick.recordAction('vaultSyncEpochs', receipt);
      rollDueEpochs(internalRuleContext(tick, vault.owner, actionId), vault, seed);
      Object.assign(
        receipt,
        receiptToJson({
          actionId,
          kind: {
            type: 'vaultEpochsSynced',
            vaultId: vault.vaultId,
            vaultAccountId: vault.accountId,
            epoch: BigInt(vault.epoch),
          },
        }),
      );
    }
    runStrategy(tick, vault, seed);
  }
  flushVaultUpdates(state, tick.publish);
}
