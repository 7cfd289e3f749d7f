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
import type { VaultState, VaultsState } from './state';
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

type HistoryScope = 'vault' | 'account';
/** what every vault history row has (the account's only where an account made it) */
type HistoryRow = { id: bigint; time: number; vaultId: number; accountId?: number };

interface Scope {
  path(kind: string): string;
  tag: Route['tag'];
  errors: readonly ErrorName[];
  /** which rows the request's vault or account owns */
  keep(req: HttpRequest): (row: HistoryRow) => boolean;
}

/** One kind of vault history: its rows, how a row is written, and the summary of each scope serving it. */
interface VaultHistory<R extends HistoryRow> {
  kind: string;
  rows(vaults: VaultsState): R[];
  toWire(row: R): unknown;
  summaries: Partial<Record<HistoryScope, string>>;
}

/** rows and toWire checked against each other, then kept beside the other kinds */
const history = <R extends HistoryRow>(h: VaultHistory<R>): VaultHistory<HistoryRow> => h;

/**
 * GET /vault/{vault_id}/history/<kind> for every kind with a vault summary, then
 * GET /account/{account_id}/history/vault/<kind> for every kind with an account one.
 */
const vaultHistories = (config: DevnetConfig): VaultHistory<HistoryRow>[] => [
  history({
    kind: 'config',
    rows: (v) => v.configRows,
    toWire: wireConfigRow(config),
    summaries: {
      vault:
        'Page (uint64 cursor) of VaultConfigRow; since, until, startInclusive, pageSize; 404 VaultNotFound',
    },
  }),
  history({
    kind: 'deposit',
    rows: (v) => v.depositRows,
    toWire: wireDepositRow(config),
    summaries: {
      vault: 'Page (uint64 cursor) of VaultDepositRow, the owner’s seed first; 404 VaultNotFound',
      account: "Page (uint64 cursor) of the account's VaultDepositRow across vaults; 404 UserNotFound",
    },
  }),
  history({
    kind: 'withdrawal',
    rows: (v) => v.withdrawalRows,
    toWire: wireWithdrawalRow(config),
    summaries: {
      vault:
        'Page (uint64 cursor) of VaultWithdrawalRow: requests, conversions at epoch ends, claims; 404 VaultNotFound',
      account: "Page (uint64 cursor) of the account's VaultWithdrawalRow across vaults; 404 UserNotFound",
    },
  }),
  history({
    kind: 'epoch',
    rows: (v) => v.epochRows,
    toWire: wireEpochRow(config),
    summaries: {
      vault: 'Page (uint64 cursor) of VaultEpochHistoryInfo, one row per ended epoch; 404 VaultNotFound',
    },
  }),
];

export function vaultRoutes(devnet: Exchange, config: DevnetConfig, path: PathParams): Route[] {
  const state = () => devnet.engine.state;
  /** the vaults as of now: prices walked to the engine time, every configured vault created */
  const vaults = (): VaultState[] => {
    devnet.oracle();
    if (ensureVaults(state(), config, devnet.engine.nowSeconds()).length) devnet.schedulePersist();
    return config.vaults.map((seed) => state().vaults.byId[seed.vaultId]!);
  };
  const vault = (req: HttpRequest): VaultState => {
    const id = path.vaultId(req);
    return vaults().find((v) => v.vaultId === id)!;
  };
  const account = path.accountId;
  /** where a history is read from: a vault's rows, or one account's rows across vaults */
  const scopes: Record<HistoryScope, Scope> = {
    vault: {
      path: (kind) => `/vault/{vault_id}/history/${kind}`,
      tag: 'vaults',
      errors: VAULT_ERRORS,
      keep: (req) => {
        const id = vault(req).vaultId;
        return (row) => row.vaultId === id;
      },
    },
    account: {
      path: (kind) => `/account/{account_id}/history/vault/${kind}`,
      tag: 'history',
      errors: ACCOUNT_ERRORS,
      keep: (req) => {
        const id = account(req);
        return (row) => row.accountId === id;
      },
    },
  };
  /** a paged history: the rows of `history` the path's vault or account owns */
  const historyRoute = (history: VaultHistory<HistoryRow>, scope: HistoryScope, summary: string): Route => {
    const { path: pathOf, keep, ...route } = scopes[scope];
    return {
      ...route,
      method: 'GET',
      path: pathOf(history.kind),
      summary,
      query: PAGING,
      handler: (req) => {
        const owned = keep(req);
        const rows = history.rows(state().vaults).filter(owned);
        return json(historyPage(req.query, devnet.engine.nowSeconds(), rows, (row) => history.toWire(row)));
      },
    };
  };
  const histories = vaultHistories(config);
  const historyRoutes = (['vault', 'account'] as const).flatMap((scope) =>
    histories.flatMap((history) => {
      const summary = history.summaries[scope];
      return summary === undefined ? [] : [historyRoute(history, scope, summary)];
    }),
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
    ...historyRoutes,
  ];
}
