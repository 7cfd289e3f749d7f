// Vault reads: vaults, per-user state, histories. Like the oracle, vaults start on first use, so a read
// before the first tick sees (and creates) them rather than an empty list.
import type { DevnetConfig } from '../config';
import type { Exchange } from '../engine/exchange';
import type { HttpRequest } from '../http/router';
import type { ErrorName } from '../http/errors';
import { historyPage } from '../http/paging';
import { PAGING } from '../http/contract';
import { json, type Route } from '../http/route';
import type { PathParams } from '../http/path';
import { ensureVaults, seedOf } from './ledger';
import { vaultsOf, type VaultState, type VaultsState } from './state';
import {
  vaultUserView,
  vaultView,
  wireConfigRow,
  wireDepositRow,
  wireEpochRow,
  wireWithdrawalRow,
} from './views';
import type { WireAccountVaultUserStateInfo } from '../../shared/exchange/vaults';

const VAULT_ERRORS: readonly ErrorName[] = ['BadRequest', 'VaultNotFound'];
const ACCOUNT_ERRORS: readonly ErrorName[] = ['BadRequest', 'UserNotFound'];

export function vaultRoutes(devnet: Exchange, config: DevnetConfig, path: PathParams): Route[] {
  const state = () => devnet.engine.state;
  /** the vaults as of now: prices walked to the engine time, every configured vault created */
  const vaults = (): VaultState[] => {
    devnet.oracle();
    if (ensureVaults(state(), config, devnet.engine.nowSeconds()).length) devnet.schedulePersist();
    return config.vaults.map((seed) => vaultsOf(state()).byId[seed.vaultId]!);
  };
  const vault = (req: HttpRequest): VaultState => {
    const id = path.vaultId(req);
    return vaults().find((v) => v.vaultId === id)!;
  };
  const account = path.accountId;
  /** a paged history: the rows `rowsOf` finds for the vault or account the path names */
  const historyRoute = <R extends { id: bigint; time: number }, W>(
    route: Pick<Route, 'path' | 'tag' | 'summary' | 'errors'>,
    rowsOf: (req: HttpRequest, vaults: VaultsState) => R[],
    toWire: (row: R) => W,
  ): Route => ({
    ...route,
    method: 'GET',
    query: PAGING,
    handler: (req) =>
      json(historyPage(req.query, devnet.engine.nowSeconds(), rowsOf(req, vaultsOf(state())), toWire)),
  });
  /** GET /vault/{vault_id}/history/<kind>: the vault's rows of that kind */
  const vaultHistory = <R extends { id: bigint; time: number; vaultId: number }, W>(
    kind: string,
    summary: string,
    rows: (vaults: VaultsState) => R[],
    toWire: (row: R) => W,
  ) =>
    historyRoute(
      { path: `/vault/{vault_id}/history/${kind}`, tag: 'vaults', summary, errors: VAULT_ERRORS },
      (req, all) => {
        const id = vault(req).vaultId;
        return rows(all).filter((r) => r.vaultId === id);
      },
      toWire,
    );
  /** GET /account/{account_id}/history/vault/<kind>: the account's rows of that kind across vaults */
  const accountHistory = <R extends { id: bigint; time: number; accountId: number }, W>(
    kind: string,
    summary: string,
    rows: (vaults: VaultsState) => R[],
    toWire: (row: R) => W,
  ) =>
    historyRoute(
      {
        path: `/account/{account_id}/history/vault/${kind}`,
        tag: 'history',
        summary,
        errors: ACCOUNT_ERRORS,
      },
      (req, all) => {
        const id = account(req);
        return rows(all).filter((r) => r.accountId === id);
      },
      toWire,
    );

  return [
    {
      method: 'GET',
      path: '/vaults',
      tag: 'vaults',
      summary:
        'Every vault as a VaultViewState: shares, equity, NAV per share, PnL, epoch, pending withdrawals',
      handler: () => json(vaults().map((v) => vaultView(state(), config, v))),
    },
    {
      method: 'GET',
      path: '/vault/{vault_id}',
      tag: 'vaults',
      summary: 'VaultViewState; 404 VaultNotFound',
      errors: VAULT_ERRORS,
      handler: (req) => json(vaultView(state(), config, vault(req))),
    },
    {
      method: 'GET',
      path: '/vault/{vault_id}/user/{account_id}',
      tag: 'vaults',
      summary:
        "VaultUserState: the account's shares, ownership (ppm), value and withdrawals (current, previous, claimable); 404 VaultNotFound or UserNotFound",
      errors: ['BadRequest', 'VaultNotFound', 'UserNotFound'],
      handler: (req) => {
        const v = vault(req);
        return json(vaultUserView(state(), config, v, account(req)));
      },
    },
    {
      method: 'GET',
      path: '/account/{account_id}/vault-user-states',
      tag: 'vaults',
      summary:
        'AccountVaultUserStateInfo for every vault the account holds shares or withdrawals in; 404 UserNotFound',
      errors: ACCOUNT_ERRORS,
      handler: (req) => {
        const id = account(req);
        const body: WireAccountVaultUserStateInfo[] = vaults()
          .filter((v) => v.holdings[id] !== undefined)
          .map((v) => ({
            ...vaultUserView(state(), config, v, id),
            vaultName: seedOf(config, v.vaultId)!.name,
          }));
        return json(body);
      },
    },
    vaultHistory(
      'config',
      'Page (uint64 cursor) of VaultConfigRow; since, until, startInclusive, pageSize; 404 VaultNotFound',
      (v) => v.configRows,
      wireConfigRow(config),
    ),
    vaultHistory(
      'deposit',
      'Page (uint64 cursor) of VaultDepositRow, the owner’s seed first; 404 VaultNotFound',
      (v) => v.depositRows,
      wireDepositRow(config),
    ),
    vaultHistory(
      'withdrawal',
      'Page (uint64 cursor) of VaultWithdrawalRow: requests, conversions at epoch ends, claims; 404 VaultNotFound',
      (v) => v.withdrawalRows,
      wireWithdrawalRow(config),
    ),
    vaultHistory(
      'epoch',
      'Page (uint64 cursor) of VaultEpochHistoryInfo, one row per ended epoch; 404 VaultNotFound',
      (v) => v.epochRows,
      wireEpochRow(config),
    ),
    accountHistory(
      'deposit',
      "Page (uint64 cursor) of the account's VaultDepositRow across vaults; 404 UserNotFound",
      (v) => v.depositRows,
      wireDepositRow(config),
    ),
    accountHistory(
      'withdrawal',
      "Page (uint64 cursor) of the account's VaultWithdrawalRow across vaults; 404 UserNotFound",
      (v) => v.withdrawalRows,
      wireWithdrawalRow(config),
    ),
  ];
}
