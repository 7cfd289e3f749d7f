// One account in detail (its figures, positions and owner) as the screens read it: the Accounts screen, and
// every live update of an account, whose figures the window reads again. An account's owner never changes on
// the exchange, so it is asked for once per account rather than with every update (one request of two).
import type { z } from 'zod';
import type { Account } from '../exchange/account-model';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { AccountDetailSchema, AccountViewSchema } from '../../shared/ipc/portfolio';
import type { WalletInfo } from '../wallets/wallet-service';
import type { EquitySamples } from './equity-samples';
import { liquidationDistanceBps } from '../exchange/risk';
import { distanceLevel, healthLevel } from '../../shared/risk-levels';

type AccountView = z.output<typeof AccountViewSchema>;
export type AccountDetail = z.output<typeof AccountDetailSchema>;

export function accountView(a: Account): AccountView {
  return {
    accountId: a.accountId,
    balances: a.balances,
    equity: a.margin.equity,
    freeCollateral: a.margin.freeCollateral,
    initialRequirement: a.margin.initialRequirement,
    maintenanceRequirement: a.margin.maintenanceRequirement,
    healthBps: a.margin.healthBps,
    healthLevel: healthLevel(a.margin.healthBps),
    positions: a.positions.map((p) => {
      const distance = liquidationDistanceBps(p.size, p.markPrice, p.liquidationPrice);
      return {
        marketId: p.marketId,
        size: p.size,
        entryPrice: p.entryPrice,
        markPrice: p.markPrice,
        unrealizedPnl: p.unrealizedPnl,
        fundingPnl: p.fundingPnl,
        liquidationPrice: p.liquidationPrice,
        liquidationDistanceBps: distance,
        liquidationLevel: distanceLevel(distance),
      };
    }),
    openOrders: a.openOrders,
    updateId: a.updateId,
  };
}

export interface AccountDetailDeps {
  client: Pick<ExchangeClient, 'account' | 'accountOwner'>;
  wallets: { list(): WalletInfo[] };
  equity: Pick<EquitySamples, 'record'>;
}

/** Reads an account in detail; the owner of each account once (a failed read of it is asked again). */
export function accountDetailReader(deps: AccountDetailDeps): (accountId: number) => Promise<AccountDetail> {
  const owners = new Map<number, Promise<string>>();
  const ownerOf = (accountId: number): Promise<string> => {
    let owner = owners.get(accountId);
    if (!owner) {
      owner = deps.client.accountOwner(accountId);
      owners.set(accountId, owner);
      owner.catch(() => owners.delete(accountId));
    }
    return owner;
  };
  return async (accountId) => {
    const [account, ownerKey] = await Promise.all([deps.client.account(accountId), ownerOf(accountId)]);
    const owner = deps.wallets.list().find((w) => w.publicKey === ownerKey) ?? null;
    if (owner) deps.equity.record(accountId, account.margin.equity);
    return {
      ...accountView(account),
      owner: ownerKey,
      walletId: owner?.walletId ?? null,
      walletLabel: owner?.label ?? null,
    };
  };
}
