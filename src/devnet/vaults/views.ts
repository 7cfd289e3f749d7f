// Vault state as the interface shows it: VaultViewState, VaultUserState and the history rows, as JSON.
import type { DevnetConfig } from '../config';
import type {
  WireVaultConfigRow,
  WireVaultDepositRow,
  WireVaultEpochRow,
  WireVaultUserState,
  WireVaultViewState,
  WireVaultWithdrawalRow,
} from '../../shared/exchange/vaults';
import { navPerShare, seedOf, valueOfShares, vaultEquity } from './ledger';
import { human, time, unitsOf } from '../json';
import {
  NAV_DECIMALS,
  emptyHolding,
  type VaultConfigRecord,
  type VaultDepositRecord,
  type VaultEpochRecord,
  type VaultState,
  type VaultWithdrawalRecord,
} from './state';
import type { EngineState } from '../state';

/** quote amounts and shares (one share counts in quote units) */
const quoteOf = (config: DevnetConfig) => unitsOf(config).quote;

export function vaultView(state: EngineState, config: DevnetConfig, vault: VaultState): WireVaultViewState {
  const seed = seedOf(config, vault.vaultId)!;
  const q = quoteOf(config);
  const u = unitsOf(config);
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
    totalShares: q(vault.totalShares),
    equity: q(equity),
    navPerShare: human(navPerShare(equity, vault.totalShares), NAV_DECIMALS),
    navDecimals: NAV_DECIMALS,
    netDeposits: q(vault.netDeposits),
    pnl: q(equity - vault.netDeposits),
    epoch: vault.epoch,
    epochSeconds: seed.epochSeconds,
    epochEnd: time(vault.epochEnd),
    pendingWithdrawalShares: q(pending),
    claimReserve: q(vault.claimReserve),
    position:
      position && position.size !== 0n
        ? {
            size: u.size(position.size, seed.marketId),
            entryPrice: u.price(position.entryPrice, seed.marketId),
          }
        : null,
    createdAt: time(vault.createdAt),
    updateId: vault.updateId,
  };
}

export function vaultUserView(
  state: EngineState,
  config: DevnetConfig,
  vault: VaultState,
  accountId: number,
): WireVaultUserState {
  const q = quoteOf(config);
  const h = vault.holdings[accountId] ?? emptyHolding();
  const equity = vaultEquity(state, config, vault);
  const pending = h.currentShares > 0n;
  return {
    vaultId: vault.vaultId,
    accountId,
    shares: q(h.shares),
    ownerSharePpm: vault.totalShares === 0n ? 0 : Number((h.shares * 1_000_000n) / vault.totalShares),
    value: q(valueOfShares(h.shares, equity, vault.totalShares)),
    currentWithdrawal: q(h.currentShares),
    previousWithdrawal: q(h.previousShares),
    claimable: q(h.claimable),
    claimableEpoch: pending ? vault.epoch + 1 : null,
    claimableAt: pending ? time(vault.epochEnd) : null,
  };
}

export const wireConfigRow =
  (config: DevnetConfig) =>
  (r: VaultConfigRecord): WireVaultConfigRow => ({
    id: r.id.toString(),
    time: time(r.time),
    vaultId: r.vaultId,
    name: r.name,
    marketId: r.marketId,
    epochSeconds: r.epochSeconds,
    ownerCapital: quoteOf(config)(r.ownerCapital),
    strategy: r.strategy && {
      ...r.strategy,
      maxTradeNotional: quoteOf(config)(r.strategy.maxTradeNotional),
    },
  });

export const wireDepositRow =
  (config: DevnetConfig) =>
  (r: VaultDepositRecord): WireVaultDepositRow => ({
    id: r.id.toString(),
    actionId: r.actionId === null ? null : r.actionId.toString(),
    time: time(r.time),
    vaultId: r.vaultId,
    accountId: r.accountId,
    amount: quoteOf(config)(r.amount),
    shares: quoteOf(config)(r.shares),
    navPerShare: human(r.navPerShare, NAV_DECIMALS),
  });

const REQUEST_KINDS = { QUOTE_NOTIONAL: 'quoteNotional', SHARES: 'shares' } as const;

export const wireWithdrawalRow =
  (config: DevnetConfig) =>
  (r: VaultWithdrawalRecord): WireVaultWithdrawalRow => ({
    id: r.id.toString(),
    actionId: r.actionId.toString(),
    time: time(r.time),
    vaultId: r.vaultId,
    accountId: r.accountId,
    type: r.type,
    ...(r.requestKind ? { requestKind: REQUEST_KINDS[r.requestKind] } : {}),
    shares: quoteOf(config)(r.shares),
    amount: quoteOf(config)(r.amount),
    epoch: r.epoch,
  });

export const wireEpochRow =
  (config: DevnetConfig) =>
  (r: VaultEpochRecord): WireVaultEpochRow => ({
    id: r.id.toString(),
    actionId: r.actionId.toString(),
    time: time(r.time),
    vaultId: r.vaultId,
    epoch: r.epoch,
    startTime: time(r.startTime),
    endTime: time(r.endTime),
    equity: quoteOf(config)(r.equity),
    totalShares: quoteOf(config)(r.totalShares),
    navPerShare: human(r.navPerShare, NAV_DECIMALS),
    withdrawnShares: quoteOf(config)(r.withdrawnShares),
    withdrawnAmount: quoteOf(config)(r.withdrawnAmount),
    pnl: quoteOf(config)(r.pnl),
  });
