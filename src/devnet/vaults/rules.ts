// VaultDeposit, VaultWithdrawRequest, VaultWithdrawClaim, VaultSyncEpochs. Each checks everything before it
// changes anything; a vault not used yet is judged as it will be when created (the owner's seed, NAV 1).
import type { VaultSeed } from '../config';
import { type RuleContext, type RuleSet, Rejection } from '../engine/rule';
import type { ErrorName } from '../../shared/receipt-errors';
import {
  ensureVault,
  navPerShare,
  seedOf,
  sharesForDeposit,
  sharesForNotional,
  valueOfShares,
  vaultAccount,
  vaultEquity,
} from './ledger';
import { emptyHolding, type VaultState } from './state';
import { accountEvent, announceCreated, rollDueEpochs } from './epochs';
import { queueVaultUpdate } from './stream';
import type { AccountState } from '../trading/state';

/** A zero amount (what proto3 sends when the field is missing) or one too small to buy a single share. */
const INVALID_AMOUNT: ErrorName = 'VAULT_AMOUNT_TOO_SMALL';

function seedFor(ctx: RuleContext, vaultId: number): VaultSeed {
  const seed = seedOf(ctx.config, vaultId);
  if (!seed) throw new Rejection('VAULT_NOT_FOUND');
  return seed;
}

function ownedAccount(ctx: RuleContext, accountId: number | undefined): AccountState {
  const id = accountId ?? ctx.state.users[ctx.user]?.accountIds[0];
  const account = id === undefined ? undefined : ctx.state.accounts[id];
  if (!account) throw new Rejection('ACCOUNT_NOT_FOUND');
  if (account.owner !== ctx.user) throw new Rejection('ACCOUNT_INVALID_OWNER');
  return account;
}

/** Equity and shares now, or as they will be at creation for a vault not used yet. */
function pricing(ctx: RuleContext, seed: VaultSeed): { equity: bigint; totalShares: bigint } {
  const vault = ctx.state.vaults.byId[seed.vaultId];
  return vault
    ? { equity: vaultEquity(ctx.state, ctx.config, vault), totalShares: vault.totalShares }
    : { equity: seed.ownerCapital, totalShares: seed.ownerCapital };
}

function useVault(ctx: RuleContext, seed: VaultSeed): VaultState {
  const { vault, created } = ensureVault(ctx.state, ctx.config, seed, ctx.now);
  if (created) announceCreated(ctx.state, ctx.config, vault, ctx.emit);
  return vault;
}

export const vaultRules: RuleSet = {
  vaultDeposit(kind, ctx) {
    const { state, config } = ctx;
    const seed = seedFor(ctx, kind.vaultId);
    const account = ownedAccount(ctx, kind.accountId);
    if (kind.amount <= 0n) throw new Rejection(INVALID_AMOUNT);
    if (kind.amount > ctx.freeCollateral(state, account, config.quoteTokenId))
      throw new Rejection('BALANCE_INSUFFICIENT');
    const { equity, totalShares } = pricing(ctx, seed);
    const shares = sharesForDeposit(kind.amount, equity, totalShares);
    if (shares <= 0n) throw new Rejection(INVALID_AMOUNT);

    const vault = useVault(ctx, seed);
    const target = vaultAccount(state, vault);
    const q = config.quoteTokenId;
    account.balances[q] = (account.balances[q] ?? 0n) - kind.amount;
    target.balances[q] = (target.balances[q] ?? 0n) + kind.amount;
    (vault.holdings[account.id] ??= emptyHolding()).shares += shares;
    vault.totalShares += shares;
    vault.netDeposits += kind.amount;
    state.vaults.depositRows.push({
      id: state.nextRowId++,
      actionId: ctx.actionId,
      time: ctx.now,
      vaultId: vault.vaultId,
      accountId: account.id,
      amount: kind.amount,
      shares,
      navPerShare: navPerShare(equity, totalShares),
    });
    const event = { vaultId: vault.vaultId, amount: kind.amount.toString(), shares: shares.toString() };
    accountEvent(account, ctx.emit, { type: 'vaultDeposit', ...event });
    accountEvent(target, ctx.emit, { type: 'vaultDepositReceived', fromAccountId: account.id, ...event });
    queueVaultUpdate(state, config, vault);
    return {
      type: 'vaultDeposited',
      vaultId: vault.vaultId,
      accountId: account.id,
      amount: kind.amount,
      shares,
    };
  },

  vaultWithdrawRequest(kind, ctx) {
    const { state, config } = ctx;
    const seed = seedFor(ctx, kind.vaultId);
    const account = ownedAccount(ctx, kind.accountId);
    if (kind.amount <= 0n) throw new Rejection(INVALID_AMOUNT);
    const vault = state.vaults.byId[seed.vaultId];
    const holding = vault?.holdings[account.id];
    if (!vault || !holding) throw new Rejection('VAULT_INSUFFICIENT_SHARES');
    const equity = vaultEquity(state, config, vault);
    const shares =
      kind.kind === 'SHARES' ? kind.amount : sharesForNotional(kind.amount, equity, vault.totalShares);
    if (shares === null || shares > holding.shares - holding.currentShares)
      throw new Rejection('VAULT_INSUFFICIENT_SHARES');

    holding.currentShares += shares;
    const claimableEpoch = vault.epoch + 1;
    state.vaults.withdrawalRows.push({
      id: state.nextRowId++,
      actionId: ctx.actionId,
      time: ctx.now,
      vaultId: vault.vaultId,
      accountId: account.id,
      type: 'requested',
      requestKind: kind.kind,
      shares,
      amount: valueOfShares(shares, equity, vault.totalShares),
      epoch: claimableEpoch,
    });
    queueVaultUpdate(state, config, vault);
    return {
      type: 'vaultWithdrawRequested',
      vaultId: vault.vaultId,
      accountId: account.id,
      shares,
      epoch: BigInt(claimableEpoch),
    };
  },

  vaultWithdrawClaim(kind, ctx) {
    const { state, config } = ctx;
    const seed = seedFor(ctx, kind.vaultId);
    const account = ownedAccount(ctx, kind.accountId);
    const vault = state.vaults.byId[seed.vaultId];
    const holding = vault?.holdings[account.id];
    const ready = holding !== undefined && (holding.previousShares > 0n || holding.claimable > 0n);
    if (!ready) {
      if (holding && holding.currentShares > 0n) throw new Rejection('VAULT_CLAIM_NOT_READY');
      throw new Rejection('VAULT_NOTHING_TO_CLAIM');
    }

    const amount = holding.claimable;
    const q = vault!.quoteTokenId;
    account.balances[q] = (account.balances[q] ?? 0n) + amount;
    vault!.claimReserve -= amount;
    state.vaults.withdrawalRows.push({
      id: state.nextRowId++,
      actionId: ctx.actionId,
      time: ctx.now,
      vaultId: vault!.vaultId,
      accountId: account.id,
      type: 'claimed',
      shares: holding.previousShares,
      amount,
      epoch: vault!.epoch,
    });
    holding.previousShares = 0n;
    holding.claimable = 0n;
    if (holding.shares === 0n && holding.currentShares === 0n) delete vault!.holdings[account.id];
    accountEvent(account, ctx.emit, {
      type: 'vaultClaimed',
      vaultId: vault!.vaultId,
      amount: amount.toString(),
    });
    queueVaultUpdate(state, config, vault!);
    return { type: 'vaultClaimed', vaultId: vault!.vaultId, accountId: account.id, amount };
  },

  vaultSyncEpochs(kind, ctx) {
    const seed = seedFor(ctx, kind.vaultId);
    const vault = useVault(ctx, seed);
    rollDueEpochs(ctx, vault, seed);
    return {
      type: 'vaultEpochsSynced',
      vaultId: vault.vaultId,
      vaultAccountId: vault.accountId,
      epoch: BigInt(vault.epoch),
    };
  },
};
