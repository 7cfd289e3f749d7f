// One devnet instance: engine, settlement chain, snapshots and streams, wired from explicit parts. The
// HTTP layer (routes.ts) only translates requests to these calls.
import type { DevnetConfig } from './config';
import type { Clock } from './clock';
import type { ProtocolSchema } from '../protocol/schema';
import { accountStreamPayload } from './funds/account-stream';
import { Engine } from './engine/engine';
import type { AccountEvent, FreeCollateral } from './engine/rule';
import { creditDeposit, fundsRules, settleWithdrawals } from './funds/rules';
import { sessionRules } from './sessions/rules';
import { orderRules } from './orders/rules';
import { withAtomic } from './orders/atomic';
import { triggerRules } from './triggers/rules';
import { vaultRules } from './vaults/rules';
import type { Exchange } from './engine/exchange';
import { ChainRuntime } from './chain/runtime';
import { Bridge } from './chain/bridge';
import { advanceOracle, initialOracleState } from './trading/oracle';
import { accountMargin } from './trading/margin';
import { requote } from './trading/maker';
import { settleFunding } from './trading/funding';
import { createSnapshotStore, type SnapshotStore } from './persistence';
import { StreamHub } from './streams';
import type { TickContext } from './engine/tick';
import { fireTriggers } from './triggers/fire';
import { advanceVaults } from './vaults/epochs';
import { flushVaultUpdates, vaultStreamKind } from './vaults/stream';
import { MarketStreams } from './trading/streams';
import { liquidateUnhealthy } from './trading/liquidation';
import { emptyState, fromSnapshotJson, toSnapshotJson } from './state';
import { emptyBridge } from './chain/state';
import { applyRecord, StateJournal, type JournalRecord, type SavedState } from './journal';
import type { OracleState } from './trading/state';

/** the signer recorded for changes the engine makes on its own (trigger fills, liquidations, epochs) */
export const ENGINE_SIGNER = 'engine';

/**
 * The one snapshot format there is: a full snapshot (state.json) and the journal records after it
 * (journal.ts). A later version that changes it bumps this and reads the old one in parseSnapshot; until
 * then anything else is refused rather than half read.
 */
const SNAPSHOT_FORMAT = 2;

interface Snapshot extends SavedState {
  format: typeof SNAPSHOT_FORMAT;
  /** the last journal record this snapshot holds: the records after it are applied on top */
  journalSeq: number;
}

function parseSnapshot(text: string): Snapshot {
  const parsed = fromSnapshotJson(text) as { format?: unknown };
  if (parsed.format !== SNAPSHOT_FORMAT)
    throw new Error(
      `The devnet's saved state is in a format this version does not read (${JSON.stringify(parsed.format ?? null)}, expected ${SNAPSHOT_FORMAT}). Move its data folder away to start afresh.`,
    );
  return parsed as Snapshot;
}

/** The saved snapshot with the journal's records after it applied: the state as of the last commit. */
function restore(saved: { snapshot: string | null; records: string[] }): Snapshot | null {
  if (saved.snapshot === null) {
    if (saved.records.length > 0)
      throw new Error(
        "The devnet's data folder has a journal but no state.json to apply it to. Move its data folder away to start afresh.",
      );
    return null;
  }
  const snapshot = parseSnapshot(saved.snapshot);
  for (const text of saved.records) {
    const record = fromSnapshotJson(text) as JournalRecord;
    // records the snapshot already holds: it was written, and the devnet stopped before the journal was emptied
    if (record.seq <= snapshot.journalSeq) continue;
    if (record.seq !== snapshot.journalSeq + 1)
      throw new Error(
        `The devnet's journal skips from record ${snapshot.journalSeq} to ${record.seq}. Move its data folder away to start afresh.`,
      );
    applyRecord(snapshot, record);
    snapshot.journalSeq = record.seq;
  }
  return snapshot;
}

/** The state a data folder holds (its snapshot with the journal's records applied), as a restart restores it. */
export function readSavedState(dir: string): SavedState | null {
  const saved = restore(createSnapshotStore(dir).load());
  return saved && { engine: saved.engine, chain: saved.chain };
}

export interface DevnetDeps {
  config: DevnetConfig;
  clock: Clock;
  schema: ProtocolSchema;
  store: SnapshotStore;
  /**
   * Write each change to disk before answering (a journal record per group commit, and a full snapshot now
   * and then), so nothing acknowledged can be lost in a crash (true with a data folder). Without one,
   * snapshots are only for /state/download and are taken when asked for.
   */
  durable?: boolean;
}

export class Devnet implements Exchange {
  readonly engine: Engine;
  /** the settlement chain (a Solana runtime) */
  readonly chain: ChainRuntime;
  /** watches the chain for deposits into the exchange's vaults and pays withdrawals out of them */
  readonly bridge: Bridge;
  readonly hub = new StreamHub();
  private readonly marketStreams: MarketStreams;
  private dirty = false;

  /** Quote collateral backs positions, so only what the margin leaves free may leave the account. */
  private readonly freeCollateral: FreeCollateral = (state, account, tokenId) => {
    const balance = account.balances[tokenId] ?? 0n;
    if (tokenId !== this.deps.config.quoteTokenId) return balance;
    const free = accountMargin(state, this.deps.config, account).freeCollateral;
    return free < balance ? free : balance;
  };

  /** what each commit changed, for its journal record */
  private readonly journal: StateJournal;
  /** the journal's size when it was last written, and the last full snapshot's */
  private journalBytes = 0;
  private snapshotBytes = 0;
  /** the next commit writes a full snapshot: none is on disk yet, or a record could not be written */
  private snapshotNext = false;

  constructor(private readonly deps: DevnetDeps) {
    const saved = deps.store.load();
    const snapshot = restore(saved);
    this.engine = new Engine({
      config: deps.config,
      clock: deps.clock,
      schema: deps.schema,
      state: snapshot?.engine ?? emptyState(),
      onChange: (events) => this.changed(events),
      rules: withAtomic({ ...sessionRules, ...fundsRules, ...orderRules, ...triggerRules, ...vaultRules }),
      freeCollateral: this.freeCollateral,
    });
    this.chain = new ChainRuntime(deps.config.tokens, deps.clock, snapshot?.chain);
    this.bridge = new Bridge(this.chain, deps.config.tokens, snapshot?.chain.bridge ?? emptyBridge(), {
      nowMs: () => deps.clock.nowMs(),
      depositDelayMs: () => deps.config.depositDelayMs,
    });
    // Anything that lands on the chain is saved with the exchange's state, in the same commit (one journal
    // record), so a restart finds the deposit and its credit (or neither), never one without the other.
    this.chain.onConfirmed(() => this.schedulePersist());
    this.hub.register(vaultStreamKind(() => this.engine.state));
    this.marketStreams = new MarketStreams(this.hub, deps.config, () => this.engine.state);
    this.journal = new StateJournal(() => this.savedState());
    this.journal.reset(snapshot?.journalSeq ?? 0);
    this.snapshotBytes = saved.snapshot?.length ?? 0;
    if (deps.durable) {
      this.engine.takeRecentBodies(); // the engine keeps the bodies each commit accepted from here on
      this.snapshotNext = snapshot === null;
      // the records read are written into a snapshot, so the journal starts empty
      if (saved.records.length > 0) this.snapshot();
    }
    this.hub.register({
      prefix: 'account',
      form: 'account@<account_id>',
      validate: (arg) =>
        !/^\d{1,10}$/.test(arg)
          ? 'the account id must be a number'
          : this.engine.account(Number(arg))
            ? null
            : `account ${arg} does not exist`,
    });
  }

  private changed(events: AccountEvent[]): void {
    for (const { accountId, event, updateId } of events) {
      const account = this.engine.account(accountId);
      // the payload is built only for a stream someone listens to: it cost every action its shaping
      if (account && this.hub.hasSubscribers(`account@${accountId}`))
        this.hub.publish(
          `account@${accountId}`,
          'account',
          accountStreamPayload(this.engine.state, this.deps.config, accountId, { accountId, ...event }),
          updateId ?? account.updateId,
        );
    }
    flushVaultUpdates(this.engine.state, (stream, kind, payload, id) =>
      this.hub.publish(stream, kind, payload, id),
    );
    this.marketStreams.publish(this.engine.nowSeconds());
    this.schedulePersist();
  }

  schedulePersist(): void {
    this.dirty = true;
    if (this.deps.durable) {
      void this.flushSoon();
      return;
    }
    // Without a data folder a snapshot only feeds /state/snapshots and /state/download, which take one when
    // they are asked (Devnet.persist): serializing the whole state on a timer stalled every request behind
    // it, longer as the state grew.
  }

  private flushing: Promise<void> | null = null;

  /**
   * Resolves once every change made so far is on disk (at once without a data folder). The server answers a
   * POST only after this, so an answer still means the change survives a crash; but the changes of every
   * request that arrived together share one journal record and one fdatasync (group commit).
   */
  whenDurable(): Promise<void> {
    if (!this.deps.durable || !this.dirty) return this.flushing ?? Promise.resolve();
    return this.flushSoon();
  }

  /** Whether every change made so far is on disk already: whenDurable() would have nothing to wait for. */
  isDurable(): boolean {
    return !this.deps.durable || (!this.dirty && this.flushing === null);
  }

  /** One write for everything changed before the event loop's next check phase. */
  private flushSoon(): Promise<void> {
    if (this.flushing) return this.flushing;
    const flush = new Promise<void>((resolve, reject) =>
      setImmediate(() => {
        this.flushing = null;
        try {
          this.commit();
          resolve();
        } catch (error) {
          reject(error as Error);
        }
      }),
    );
    // a change from the clock (no request waiting) must not end the process when the disk fails: say so
    flush.catch((error: unknown) => console.error('devnet: the state could not be saved', error));
    this.flushing = flush;
    return flush;
  }

  /** The whole state as saved: the engine's (duplicate check apart), the chain's and the bridge's. */
  private savedState(): SavedState {
    return {
      engine: this.engine.state,
      chain: { ...this.chain.snapshot(), bridge: this.bridge.state },
    };
  }

  /** Writes everything changed so far: a journal record, or a full snapshot when one is due. */
  private commit(): void {
    if (!this.dirty) return;
    this.dirty = false;
    if (
      this.snapshotNext ||
      this.journalBytes >= Math.max(this.deps.config.journalBytesPerSnapshot, this.snapshotBytes)
    ) {
      this.snapshot();
      return;
    }
    const record = this.journal.next(this.engine.takeRecentBodies());
    try {
      this.journalBytes = this.deps.store.append(toSnapshotJson(record));
    } catch (error) {
      // the record's changes are not on disk, and the journal has moved past them: a full snapshot next
      this.snapshotNext = true;
      this.dirty = true;
      throw error;
    }
  }

  /** A full snapshot of the state as it is now, after which the journal starts empty. */
  private snapshot(): void {
    const seq = this.journal.lastSeq;
    const text = toSnapshotJson({
      format: SNAPSHOT_FORMAT,
      journalSeq: seq,
      engine: this.engine.snapshotState(),
      chain: { ...this.chain.snapshot(), bridge: this.bridge.state },
    } satisfies Snapshot);
    this.dirty = false;
    try {
      this.snapshotBytes = this.deps.store.save(
        text,
        this.engine.state.nextActionId - 1n,
        new Date(this.deps.clock.nowMs()),
      ).size;
    } catch (error) {
      this.snapshotNext = true;
      this.dirty = true;
      throw error;
    }
    this.snapshotNext = false;
    this.journalBytes = 0;
    this.journal.reset(seq);
    this.engine.takeRecentBodies();
  }

  /**
   * A snapshot of the state as it is now, for /state/* (and at close): with a data folder, written only when
   * the journal has records the newest snapshot does not hold.
   */
  persist(): void {
    if (this.deps.durable) {
      this.commit();
      if (this.journalBytes > 0) this.snapshot();
    } else if (this.dirty) this.snapshot();
  }

  /** Prices as of now: the oracle is started on first use and walked forward to the engine time. */
  oracle(): OracleState {
    const { config } = this.deps;
    const now = Math.floor(this.deps.clock.nowMs() / 1000);
    const state = this.engine.state;
    state.oracle ??= initialOracleState(
      config.markets,
      config.tokens,
      config.referencePrices,
      config.quoteTokenId,
      now,
      config.oracle,
    );
    // Moves are recomputable from the seed and the engine time, so they are saved with the next real change
    // rather than on every tick.
    advanceOracle(state.oracle, now, config.oracle);
    return state.oracle;
  }

  /** Devnet control: moves a market's index (and mark) to a price; the walk goes on from there. */
  /** Devnet control: a simulated protocol debt (scaled quote units); > 0 makes the protocol unhealthy. */
  setProtocolDebt(amount: bigint): void {
    this.engine.state.protocolDebt = amount;
    this.schedulePersist();
  }

  setIndexPrice(marketId: number, price: bigint): boolean {
    const market = this.oracle().markets[marketId];
    if (!market) return false;
    market.index = price;
    market.mark = price;
    this.schedulePersist();
    this.tick();
    return true;
  }

  /** the index each market was last quoted at, so the maker re-quotes only when it moved */
  private readonly quotedAt = new Map<number, bigint>();

  private tickContext(now: number, nowMs: number, events: AccountEvent[]): TickContext {
    const state = this.engine.state;
    return {
      state,
      config: this.deps.config,
      now,
      nowMs,
      freeCollateral: this.freeCollateral,
      recordAction: (kind, receipt) => {
        const actionId = state.nextActionId++;
        state.actions.push({ actionId, time: now, signer: ENGINE_SIGNER, nonce: 0, kind, receipt });
        return actionId;
      },
      emit: (accountId, event) =>
        events.push({ accountId, event, updateId: state.accounts[accountId]?.updateId ?? 0 }),
      publish: (stream, kindKey, payload, updateId) => this.hub.publish(stream, kindKey, payload, updateId),
    };
  }

  /** Everything time moves: prices, quotes, funding, triggers, liquidations, vault epochs, the bridge. */
  tick(): void {
    this.oracle();
    const nowMs = this.deps.clock.nowMs();
    const now = Math.floor(nowMs / 1000);
    const events: AccountEvent[] = [];
    const ctx = this.tickContext(now, nowMs, events);
    const actionsBefore = ctx.state.nextActionId;
    // Quotes are recomputable from the prices, so they alone do not force a snapshot; a quote that trades
    // with a resting order is an engine action with account events, which do.
    requote(ctx, this.quotedAt);
    for (const accountId of settleFunding(ctx.state, ctx.config, now))
      ctx.emit(accountId, { type: 'funding' });
    fireTriggers(ctx);
    liquidateUnhealthy(ctx);
    advanceVaults(ctx);
    for (const deposit of this.bridge.due(nowMs)) {
      const result = creditDeposit(
        this.engine.state,
        {
          recipient: deposit.recipient,
          ...(deposit.accountId !== undefined ? { accountId: deposit.accountId } : {}),
          tokenId: deposit.tokenId,
          amount: BigInt(deposit.amount),
          chainTxId: deposit.signature,
          from: deposit.sender,
        },
        now,
      );
      if ('error' in result) {
        // The tokens are in the vault and stay there: the deposit is kept, with why, for an operator.
        deposit.status = 'uncredited';
        deposit.reason = result.error;
      } else {
        deposit.status = 'credited';
        deposit.creditedAccountId = result.accountId;
        events.push(...result.events);
      }
      this.schedulePersist();
    }
    events.push(
      ...settleWithdrawals(this.engine.state, nowMs, (dest, token, amount, nonce) =>
        this.bridge.payout(dest, token, amount, nonce),
      ),
    );
    if (events.length) this.changed(events);
    else {
      this.marketStreams.publish(now);
      // an engine action no account heard of (an epoch roll of an empty vault) is still an action
      if (ctx.state.nextActionId !== actionsBefore) this.schedulePersist();
    }
  }

  close(): void {
    this.persist();
    this.deps.store.close();
    this.hub.closeAll();
  }
}
