// The exchange's whole state as plain data: what a snapshot holds and a restart restores, composed of the
// state each feature owns (its state.ts). Balances and amounts are bigint; (de)serialisation tags them as
// strings. The bottom of the devnet's layers (README.md): it imports only other state.
import type { SessionState } from './sessions/state';
import type { DepositRecord, TransferRecord, WithdrawalRecord } from './funds/state';
import {
  emptyTradingHistory,
  type AccountState,
  type BookState,
  type OracleState,
  type OrderRecord,
  type PositionState,
  type TradeRecord,
  type TradingHistory,
  type UserState,
} from './trading/state';
import { emptyTriggersState, type TriggersState } from './triggers/state';
import { emptyVaultsState, type VaultsState } from './vaults/state';

export interface ActionRecord {
  actionId: bigint;
  time: number;
  signer: string;
  nonce: number;
  kind: string;
  /** the receipt as JSON (bigints as strings) */
  receipt: unknown;
  /** base64 of the varint-delimited Action as submitted, for GET /action (absent for what the engine
   * records itself as time passes: nothing was submitted) */
  payload?: string;
}

export interface EngineState {
  users: Record<string, UserState>;
  accounts: Record<number, AccountState>;
  sessions: Record<string, SessionState>;
  /** highest accepted nonce per signer key (base58) */
  nonces: Record<string, number>;
  /**
   * sha256 of accepted bodies (hex) -> action id, so an identical resend is a DUPLICATE with the original
   * id. As a snapshot holds them: while the devnet runs, the engine keeps them in a compact table
   * (engine/body-hashes.ts) and this is empty; Engine.snapshotState() writes them here again.
   */
  seenBodies: Record<string, string>;
  actions: ActionRecord[];
  deposits: DepositRecord[];
  withdrawals: WithdrawalRecord[];
  transfers: TransferRecord[];
  /** transfers involving the fee vault (withdrawal fees) */
  systemTransfers: TransferRecord[];
  feeVault: Record<number, bigint>;
  nextAccountId: number;
  nextSessionId: bigint;
  nextActionId: bigint;
  nextRowId: bigint;
  nextEventNonce: bigint;
  lastAckedEventNonce: bigint;
  /** simulated protocol debt in quote units; > 0 means the protocol is unhealthy */
  protocolDebt: bigint;
  /** index and mark prices, funding and hourly history per market; null until the first tick */
  oracle: OracleState | null;
  /** fee tier per account where it is not the default tier 0 */
  feeTiers: Record<number, number>;
  books: Record<number, BookState>;
  /** per account, per market */
  positions: Record<number, Record<number, PositionState>>;
  orders: Record<string, OrderRecord>;
  trades: TradeRecord[];
  nextOrderId: bigint;
  nextTradeId: bigint;
  /** the built-in market maker's account, once created */
  marketMakerAccount: number | null;
  /** fills, position changes, funding, liquidations and fee-tier changes per account */
  history: TradingHistory;
  triggers: TriggersState;
  vaults: VaultsState;
}

export function emptyState(): EngineState {
  return {
    users: {},
    accounts: {},
    sessions: {},
    nonces: {},
    seenBodies: {},
    actions: [],
    deposits: [],
    withdrawals: [],
    transfers: [],
    systemTransfers: [],
    feeVault: {},
    nextAccountId: 1,
    nextSessionId: 1n,
    nextActionId: 1n,
    nextRowId: 1n,
    nextEventNonce: 1n,
    lastAckedEventNonce: 0n,
    protocolDebt: 0n,
    oracle: null,
    feeTiers: {},
    books: {},
    positions: {},
    orders: {},
    trades: [],
    nextOrderId: 1n,
    nextTradeId: 1n,
    marketMakerAccount: null,
    history: emptyTradingHistory(),
    triggers: emptyTriggersState(),
    vaults: emptyVaultsState(),
  };
}

const BIGINT_TAG = '$n';

/** JSON for snapshots: bigints tagged so they come back as bigints. */
export function toSnapshotJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'bigint' ? { [BIGINT_TAG]: v.toString() } : v,
  );
}

export function fromSnapshotJson(text: string): unknown {
  return JSON.parse(text, (_k, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 && BIGINT_TAG in v) {
      return BigInt((v as Record<string, string>)[BIGINT_TAG]!);
    }
    return v;
  });
}
