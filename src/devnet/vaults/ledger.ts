// Vault creation and the share arithmetic: NAV, minting and conversion, each rounded in the vault's favour.
import { derivedAddress, type DevnetConfig, type VaultSeed } from '../config';
import { createAccount } from '../trading/accounts';
import { accountMargin } from '../trading/margin';
import { NAV_DECIMALS, type VaultState } from './state';
import type { AccountState } from '../trading/state';
import type { EngineState } from '../state';

const NAV_SCALE = 10n ** BigInt(NAV_DECIMALS);

export const vaultWallet = (vaultId: number): string => derivedAddress(`vault:${vaultId}`);

export const seedOf = (config: DevnetConfig, vaultId: number): VaultSeed | undefined =>
  config.vaults.find((v) => v.vaultId === vaultId);

/** The end of the epoch that contains `time`: the next multiple of epochSeconds. */
export const epochEndAfter = (time: number, epochSeconds: number): number =>
  (Math.floor(time / epochSeconds) + 1) * epochSeconds;

/** The vault, created with its account and the owner's seed if this is its first use. */
export function ensureVault(
  state: EngineState,
  config: DevnetConfig,
  seed: VaultSeed,
  now: number,
): { vault: VaultState; created: boolean } {
  const vaults = state.vaults;
  const existing = vaults.byId[seed.vaultId];
  if (existing) return { vault: existing, created: false };
  const owner = vaultWallet(seed.vaultId);
  state.users[owner] ??= { pubkey: owner, accountIds: [], createdAt: now };
  const account = createAccount(state, owner);
  account.balances[config.quoteTokenId] = seed.ownerCapital;
  const vault: VaultState = {
    vaultId: seed.vaultId,
    owner,
    accountId: account.id,
    quoteTokenId: config.quoteTokenId,
    createdAt: now,
    epoch: 1,
    epochEnd: epochEndAfter(now, seed.epochSeconds),
    totalShares: seed.ownerCapital,
    netDeposits: seed.ownerCapital,
    claimReserve: 0n,
    holdings: {
      [account.id]: { shares: seed.ownerCapital, currentShares: 0n, previousShares: 0n, claimable: 0n },
    },
    strategy: { lastDecisionAt: now, lastPrice: state.oracle?.markets[seed.marketId]?.index ?? null },
    updateId: 0,
  };
  vaults.byId[seed.vaultId] = vault;
  vaults.configRows.push({
    id: state.nextRowId++,
    time: now,
    vaultId: seed.vaultId,
    name: seed.name,
    marketId: seed.marketId,
    epochSeconds: seed.epochSeconds,
    ownerCapital: seed.ownerCapital,
    strategy: seed.strategy ?? null,
  });
  vaults.depositRows.push({
    id: state.nextRowId++,
    actionId: null,
    time: now,
    vaultId: seed.vaultId,
    accountId: account.id,
    amount: seed.ownerCapital,
    shares: seed.ownerCapital,
    navPerShare: NAV_SCALE,
  });
  return { vault, created: true };
}

/** Every configured vault, creating those not used yet; returns the ones created now. */
export function ensureVaults(state: EngineState, config: DevnetConfig, now: number): VaultState[] {
  return config.vaults
    .map((seed) => ensureVault(state, config, seed, now))
    .flatMap((r) => (r.created ? [r.vault] : []));
}

export function vaultAccount(state: EngineState, vault: VaultState): AccountState {
  return state.accounts[vault.accountId]!;
}

/** The vault account's margin equity: balances plus unrealised PnL at the mark. */
export const vaultEquity = (state: EngineState, config: DevnetConfig, vault: VaultState): bigint =>
  accountMargin(state, config, vaultAccount(state, vault)).equity;

/** Quote units per share, scaled by 10^NAV_DECIMALS; 1 while there are no shares. */
export function navPerShare(equity: bigint, totalShares: bigint): bigint {
  if (totalShares === 0n) return NAV_SCALE;
  return equity <= 0n ? 0n : (equity * NAV_SCALE) / totalShares;
}

/** Shares a deposit mints: 1 per quote unit into an empty vault, else at NAV rounded down. */
export function sharesForDeposit(amount: bigint, equity: bigint, totalShares: bigint): bigint {
  if (totalShares === 0n) return amount;
  if (equity <= 0n) return 0n;
  return (amount * totalShares) / equity;
}

/** Shares that cover a quote notional at NAV, rounded up; null when shares are worth nothing. */
export function sharesForNotional(amount: bigint, equity: bigint, totalShares: bigint): bigint | null {
  if (equity <= 0n || totalShares === 0n) return null;
  return (amount * totalShares + equity - 1n) / equity;
}

/** Quote value of shares at NAV, rounded down. */
export function valueOfShares(shares: bigint, equity: bigint, totalShares: bigint): bigint {
  if (totalShares === 0n || equity <= 0n) return 0n;
  return (shares * equity) / totalShares;
}
