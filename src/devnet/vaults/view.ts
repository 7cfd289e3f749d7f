// Vault state as the interface shows it: VaultViewState, VaultUserState and the history rows, as JSON.
import type { DevnetConfig } from '../config';
import type { EngineState } from '../engine/state';
import type {
  WireVaultConfigRow,
  WireVaultDepositRow,
  WireVaultEpochRow,
  WireVaultUserState,
  WireVaultViewState,
  WireVaultWithdrawalRow,
} from '../../shared/exchange/vaults';
import { navPerShare, seedOf, valueOfShares, vaultEquity } from './ledger';
import {
  NAV_DECIMALS,
  emptyHolding,
  type VaultConfigRecord,
  type VaultDepositRecord,
  type VaultEpochRecord,
  type VaultState,
  type VaultWithdrawalRecord,
} from './state';

export function vaultView(state: EngineState, config: DevnetConfig, vault: VaultState): WireVaultViewState {
  const seed = seedOf(config, vault.vaultId)!;
  const equity = vaultEquity(state, config, vault);
  const position = state.positions[vault.accountId]?.[seed.marketId];
  let pending = 0n;
  for (const h of Object.values(vault.holdings)) pending += h.currentShares;
  return {
    vaultId: vault.vaultId,
    name: seed.name,
    marketId: seed.marketId,
    vaultAccountId: vault.accountId,
    quoteTokenId: vault.quoteTokenId,
    totalShares: vault.totalShares.toString(),
    equity: equity.toString(),
    navPerShare: navPerShare(equity, vault.totalShares).toString(),
    navDecimals: NAV_DECIMALS,
    netDeposits: vault.netDeposits.toString(),
    pnl: (equity - vault.netDeposits).toString(),
    epoch: vault.epoch,
    epochSeconds: seed.epochSeconds,
    epochEnd: vault.epochEnd,
    pendingWithdrawalShares: pending.toString(),
    claimReserve: vault.claimReserve.toString(),
    position:
      position && position.size !== 0n
        ? { size: position.size.toString(), entryPrice: position.entryPrice.toString() }
        : null,
    createdAt: vault.createdAt,
    updateId: vault.updateId,
  };
}

export function vaultUserView(
  state: EngineState,
  config: DevnetConfig,
  vault: VaultState,
  accountId: number,
): WireVaultUserState {
  const h = vault.holdings[accountId] ?? emptyHolding();
  const equity = vaultEquity(state, config, vault);
  const pending = h.currentShares > 0n;
  return {
    vaultId: vault.vaultId,
    accountId,
    shares: h.shares.toString(),
    ownerSharePpm: vault.totalShares === 0n ? 0 : Number((h.shares * 1_000_000n) / vault.totalShares),
    value: valueOfShares(h.shares, equity, vault.totalShares).toString(),
    currentWithdrawal: h.currentShares.toString(),
    previousWithdrawal: h.previousShares.toString(),
    claimable: h.claimable.toString(),
    claimableEpoch: pending ? vault.epoch + 1 : null,
    claimableAt: pending ? vault.epochEnd : null,
  };
}

export const wireConfigRow = (r: VaultConfigRecord): WireVaultConfigRow => ({
  id: r.id.toString(),
  time: r.time,
  vaultId: r.vaultId,
  name: r.name,
  marketId: r.marketId,
  epochSeconds: r.epochSeconds,
  ownerCapital: r.ownerCapital.toString(),
  strategy: r.strategy && { ...r.strategy, maxTradeNotional: r.strategy.maxTradeNotional.toString() },
});

export const wireDepositRow = (r: VaultDepositRecord): WireVaultDepositRow => ({
  id: r.id.toString(),
  actionId: r.actionId === null ? null : r.actionId.toString(),
  time: r.time,
  vaultId: r.vaultId,
  accountId: r.accountId,
  amount: r.amount.toString(),
  shares: r.shares.toString(),
  navPerShare: r.navPerShare.toString(),
});

export const wireWithdrawalRow = (r: VaultWithdrawalRecord): WireVaultWithdrawalRow => ({
  id: r.id.toString(),
  actionId: r.actionId.toString(),
  time: r.time,
  vaultId: r.vaultId,
  accountId: r.accountId,
  type: r.type,
  ...(r.requestKind ? { requestKind: r.requestKind } : {}),
  shares: r.shares.toString(),
  amount: r.amount.toString(),
  epoch: r.epoch,
});

export const wireEpochRow = (r: VaultEpochRecord): WireVaultEpochRow => ({
  id: r.id.toString(),
  actionId: r.actionId.toString(),
  time: r.time,
  vaultId: r.vaultId,
  epoch: r.epoch,
  startTime: r.startTime,
  endTime: r.endTime,
  equity: r.equity.toString(),
  totalShares: r.totalShares.toString(),
  navPerShare: r.navPerShare.toString(),
  withdrawnShares: r.withdrawnShares.toString(),
  withdrawnAmount: r.withdrawnAmount.toString(),
  pnl: r.pnl.toString(),
});
