// Vault reads: vaults, per-user state, histories. Like the oracle, vaults start on first use, so a read
// before the first tick sees (and creates) them rather than an empty list.
import type { DevnetConfig } from '../config';
import type { Exchange } from '../engine/exchange';
import type { HttpRequest } from '../http/router';
import { HttpError, type ErrorName } from '../http/errors';
import { historyPage } from '../http/paging';
import { PAGING } from '../http/contract';
import { json, requireAccount, type Route } from '../http/route';
import { ensureVaults, seedOf } from './ledger';
import { vaultsOf, type VaultState } from './state';
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

export function vaultRoutes(devnet: Exchange, config: DevnetConfig): Route[] {
  const state = () => devnet.engine.state;
  /** the vaults as of now: prices walked to the engine time, every configured vault created */
  const vaults = (): VaultState[] => {
    devnet.oracle();
    if (ensureVaults(state(), config, devnet.engine.nowSeconds()).length) devnet.schedulePersist();
    return config.vaults.map((seed) => vaultsOf(state()).byId[seed.vaultId]!);
  };
  const vault = (req: HttpRequest): VaultState => {
    const raw = req.params.vault_id ?? '';
    if (!/^\d{1,10}$/.test(raw) || Number(raw) > 0xffffffff)
      throw new HttpError('BadRequest', `"${raw}" is not a vault id`);
    if (!seedOf(config, Number(raw)))
      throw new HttpError('VaultNotFound', `vault ${raw} does not exist`, undefined, {
        vault_id: Number(raw),
      });
    return vaults().find((v) => v.vaultId === Number(raw))!;
  };
  const account = (req: HttpRequest): number => requireAccount(req, (id) => devnet.engine.account(id)).id;
  const history = <T extends { id: bigint; time: number }, W>(
    req: HttpRequest,
    rows: T[],
    toWire: (row: T) => W,
  ) => historyPage(req.query, devnet.engine.nowSeconds(), rows, toWire);

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
    {
      method: 'GET',
      path: '/vault/{vault_id}/history/config',
      tag: 'vaults',
      summary:
        'Page (uint64 cursor) of VaultConfigRow; since, until, startInclusive, pageSize; 404 VaultNotFound',
      query: PAGING,
      errors: VAULT_ERRORS,
      handler: (req) => {
        const id = vault(req).vaultId;
        return json(
          history(
            req,
            vaultsOf(state()).configRows.filter((r) => r.vaultId === id),
            wireConfigRow(config),
          ),
        );
      },
    },
    {
      method: 'GET',
      path: '/vault/{vault_id}/history/deposit',
      tag: 'vaults',
      summary: 'Page (uint64 cursor) of VaultDepositRow, the owner’s seed first; 404 VaultNotFound',
      query: PAGING,
      errors: VAULT_ERRORS,
      handler: (req) => {
        const id = vault(req).vaultId;
        return json(
          history(
            req,
            vaultsOf(state()).depositRows.filter((r) => r.vaultId === id),
            wireDepositRow(config),
          ),
        );
      },
    },
    {
      method: 'GET',
      path: '/vault/{vault_id}/history/withdrawal',
      tag: 'vaults',
      summary:
        'Page (uint64 cursor) of VaultWithdrawalRow: requests, conversions at epoch ends, claims; 404 VaultNotFound',
      query: PAGING,
      errors: VAULT_ERRORS,
      handler: (req) => {
        const id = vault(req).vaultId;
        return json(
          history(
            req,
            vaultsOf(state()).withdrawalRows.filter((r) => r.vaultId === id),
            wireWithdrawalRow(config),
          ),
        );
      },
    },
    {
      method: 'GET',
      path: '/vault/{vault_id}/history/epoch',
      tag: 'vaults',
      summary: 'Page (uint64 cursor) of VaultEpochHistoryInfo, one row per ended epoch; 404 VaultNotFound',
      query: PAGING,
      errors: VAULT_ERRORS,
      handler: (req) => {
        const id = vault(req).vaultId;
        return json(
          history(
            req,
            vaultsOf(state()).epochRows.filter((r) => r.vaultId === id),
            wireEpochRow(config),
          ),
        );
      },
    },
    {
      method: 'GET',
      path: '/account/{account_id}/history/vault/deposit',
      tag: 'history',
      summary: "Page (uint64 cursor) of the account's VaultDepositRow across vaults; 404 UserNotFound",
      query: PAGING,
      errors: ACCOUNT_ERRORS,
      handler: (req) => {
        const id = account(req);
        return json(
          history(
            req,
            vaultsOf(state()).depositRows.filter((r) => r.accountId === id),
            wireDepositRow(config),
          ),
        );
      },
    },
    {
      method: 'GET',
      path: '/account/{account_id}/history/vault/withdrawal',
      tag: 'history',
      summary: "Page (uint64 cursor) of the account's VaultWithdrawalRow across vaults; 404 UserNotFound",
      query: PAGING,
      errors: ACCOUNT_ERRORS,
      handler: (req) => {
        const id = account(req);
        return json(
          history(
            req,
            vaultsOf(state()).withdrawalRows.filter((r) => r.accountId === id),
            wireWithdrawalRow(config),
          ),
        );
      },
    },
  ];
}
