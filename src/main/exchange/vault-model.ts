// Vaults in the app's model: quote amounts and shares scaled to the quote token's units, NAV per share to
// the navDecimals the exchange states, times in seconds.
import type { z } from 'zod';
import type { AccountVaultUserStateInfoSchema, VaultViewStateSchema } from '../../shared/exchange/vaults';
import { MoneyFormatError, scaledFromDecimal } from '../../shared/money';
import { AppFailure } from '../../shared/result';
import type { Scaler } from './scale';

type VaultJson = z.output<typeof VaultViewStateSchema>;
type HoldingJson = z.output<typeof AccountVaultUserStateInfoSchema>;

/** A NAV per share stated to the vault's navDecimals, exactly. */
function navOf(vaultId: number, text: string, navDecimals: number): bigint {
  try {
    return scaledFromDecimal(text, navDecimals);
  } catch (error) {
    if (!(error instanceof MoneyFormatError)) throw error;
    throw new AppFailure(
      'EXCHANGE_BAD_RESPONSE',
      `The exchange stated vault ${vaultId}'s NAV per share with more than its ${navDecimals} decimals.`,
    );
  }
}

export function vaultFromJson(v: VaultJson, s: Scaler) {
  const q = (text: string, what: string) => s.quote(text, `vault ${v.vaultId} ${what}`);
  const navPerShare = navOf(v.vaultId, v.navPerShare, v.navDecimals);
  return {
    vaultId: v.vaultId,
    name: v.name,
    marketId: v.marketId,
    vaultAccountId: v.vaultAccountId,
    quoteTokenId: v.quoteTokenId,
    totalShares: q(v.totalShares, 'totalShares'),
    equity: q(v.equity, 'equity'),
    navPerShare,
    navDecimals: v.navDecimals,
    netDeposits: q(v.netDeposits, 'netDeposits'),
    pnl: q(v.pnl, 'pnl'),
    epoch: v.epoch,
    epochSeconds: v.epochSeconds,
    epochEnd: v.epochEnd,
    pendingWithdrawalShares: q(v.pendingWithdrawalShares, 'pendingWithdrawalShares'),
    claimReserve: q(v.claimReserve, 'claimReserve'),
    createdAt: v.createdAt,
    updateId: v.updateId,
  };
}

export function holdingFromJson(h: HoldingJson, s: Scaler) {
  const q = (text: string, what: string) => s.quote(text, `a vault holding's ${what}`);
  return {
    vaultId: h.vaultId,
    vaultName: h.vaultName,
    accountId: h.accountId,
    shares: q(h.shares, 'shares'),
    ownerSharePpm: h.ownerSharePpm,
    value: q(h.value, 'value'),
    currentWithdrawal: q(h.currentWithdrawal, 'currentWithdrawal'),
    previousWithdrawal: q(h.previousWithdrawal, 'previousWithdrawal'),
    claimable: q(h.claimable, 'claimable'),
    claimableEpoch: h.claimableEpoch,
    claimableAt: h.claimableAt,
  };
}

/** Where a vault stood at a point of its history (an epoch's end, its first deposit): NAV per share, PnL. */
export function vaultMarkFromJson(
  vaultId: number,
  row: { navPerShare: string; pnl: string },
  navDecimals: number,
  s: Scaler,
) {
  return {
    navPerShare: navOf(vaultId, row.navPerShare, navDecimals),
    pnl: s.quote(row.pnl, `vault ${vaultId} pnl`),
  };
}
