// Vault state kept in the engine snapshot.
//
// How the devnet's vaults work (the interface leaves these "not shown"; docs and tests follow this):
// - Creation. Each configured vault is created on first use (the first tick, action or read that needs it):
//   a vault account owned by the system wallet derivedAddress(`vault:<id>`), credited with the seed's
//   ownerCapital in the quote token. The vault account itself holds the owner's shares.
// - Shares. bigint. The first shares are minted at 1 quote unit per share. Later deposits mint at the net
//   asset value: shares = floor(amount × totalShares / equity), equity being the vault account's margin
//   equity (balances plus unrealised PnL at the mark). Rounding always favours the vault (the holders who
//   stay): deposits round shares down, withdrawal requests by quote notional round shares up, conversions
//   round quote down. navPerShare is quote units per share scaled by 10^NAV_DECIMALS.
// - Epochs. Epoch numbers start at 1 at creation; an epoch ends on the next multiple of epochSeconds in
//   engine time, so epochs end at the same wall-clock moments on every devnet. VaultSyncEpochs (anyone with
//   a session) and every tick roll all epochs that are due; several due at once are rolled one by one, and
//   pending requests convert at the first of them (the NAV of the roll).
// - Withdrawals. A request (SHARES, or QUOTE_NOTIONAL converted to shares) queues shares in the current
//   epoch ("current"); they keep their share of PnL until the epoch ends. At the roll the vault first trims
//   its position by the fraction being withdrawn (a reduce-only order through the book, so its leverage does
//   not jump), then converts the queued shares at the NAV after that trim, burns them ("previous") and moves
//   their value out of the vault account into a claim reserve ("claimable"), where the strategy can no longer
//   lose it. The receipt's epoch is the first epoch in which the request can be claimed.
// - Claims pay the whole claimable amount to the account; a request still in the current epoch is not ready
//   (VAULT_CLAIM_NOT_READY); without any request there is nothing to claim (VAULT_NOTHING_TO_CLAIM).
// - PnL = equity − net deposits, where net deposits are the seed plus deposits minus converted withdrawals.
// - Strategy. Every intervalSeconds the vault compares its market's index with the index at its previous
//   decision. A move of at least thresholdBps sets a target position of leverageBps of equity (with the
//   move for momentum, against it for mean reversion); the vault trades toward it with an
//   IMMEDIATE_OR_CANCEL order through the book, at most maxTradeNotional a decision. Smaller moves hold.
//   It depends only on prices, so it is deterministic given the oracle seed.
// - Stream vault@<id>: the full VaultViewState after every deposit, request, claim, epoch roll and strategy
//   trade, with an update id that grows by one per message per vault.
import type { VaultStrategy } from '../config';

export const NAV_DECIMALS = 6;

export interface VaultHolding {
  /** shares held, including those queued in the current epoch's request */
  shares: bigint;
  /** shares requested in the current epoch, converted when it ends */
  currentShares: bigint;
  /** shares converted at an epoch end whose value waits in `claimable` */
  previousShares: bigint;
  /** quote units set aside for this account */
  claimable: bigint;
}

export interface VaultState {
  vaultId: number;
  /** the system wallet that owns the vault account */
  owner: string;
  accountId: number;
  quoteTokenId: number;
  createdAt: number;
  epoch: number;
  /** engine seconds at which the current epoch ends */
  epochEnd: number;
  totalShares: bigint;
  /** seed + deposits − converted withdrawals, in quote units */
  netDeposits: bigint;
  /** quote units moved out of the vault account for converted withdrawals, not yet claimed */
  claimReserve: bigint;
  /** per account id */
  holdings: Record<number, VaultHolding>;
  strategy: { lastDecisionAt: number; lastPrice: bigint | null };
  /** the last vault@ stream update id */
  updateId: number;
}

export interface VaultConfigRecord {
  id: bigint;
  time: number;
  vaultId: number;
  name: string;
  marketId: number;
  epochSeconds: number;
  ownerCapital: bigint;
  strategy: VaultStrategy | null;
}

export interface VaultDepositRecord {
  id: bigint;
  /** null for the owner's seed, which no action made */
  actionId: bigint | null;
  time: number;
  vaultId: number;
  accountId: number;
  amount: bigint;
  shares: bigint;
  navPerShare: bigint;
}

export interface VaultWithdrawalRecord {
  id: bigint;
  actionId: bigint;
  time: number;
  vaultId: number;
  accountId: number;
  type: 'requested' | 'converted' | 'claimed';
  /** how a request's amount was given */
  requestKind?: 'QUOTE_NOTIONAL' | 'SHARES';
  shares: bigint;
  /** quote units: the value at that moment's NAV for a request, exact for a conversion or a claim */
  amount: bigint;
  /** requested: the epoch it becomes claimable in; converted: the epoch that ended; claimed: the current one */
  epoch: number;
}

export interface VaultEpochRecord {
  id: bigint;
  actionId: bigint;
  time: number;
  vaultId: number;
  epoch: number;
  startTime: number;
  endTime: number;
  /** after the roll */
  equity: bigint;
  totalShares: bigint;
  /** the NAV the epoch's withdrawals converted at */
  navPerShare: bigint;
  withdrawnShares: bigint;
  withdrawnAmount: bigint;
  pnl: bigint;
}

export interface VaultsState {
  byId: Record<number, VaultState>;
  configRows: VaultConfigRecord[];
  depositRows: VaultDepositRecord[];
  withdrawalRows: VaultWithdrawalRecord[];
  epochRows: VaultEpochRecord[];
}

export const emptyVaultsState = (): VaultsState => ({
  byId: {},
  configRows: [],
  depositRows: [],
  withdrawalRows: [],
  epochRows: [],
});

export const emptyHolding = (): VaultHolding => ({
  shares: 0n,
  currentShares: 0n,
  previousShares: 0n,
  claimable: 0n,
});

/** Cash set aside for vault withdrawal claims, per token (GET /account/system `claimVault`). */
export function claimVaultBalances(state: { vaults: VaultsState }): { tokenId: number; amount: bigint }[] {
  const totals = new Map<number, bigint>();
  for (const vault of Object.values(state.vaults.byId))
    totals.set(vault.quoteTokenId, (totals.get(vault.quoteTokenId) ?? 0n) + vault.claimReserve);
  return [...totals].filter(([, amount]) => amount > 0n).map(([tokenId, amount]) => ({ tokenId, amount }));
}
