// One devnet instance: engine, settlement chain, snapshots and streams, wired from explicit parts. The
// HTTP layer (routes.ts) only translates requests to these calls.
import type { DevnetConfig } from './config';
import type { Clock } from './clock';
import type { ProtocolSchema } from '../protocol/schema';
import { Engine, type AccountEvent } from './engine/engine';
import { emptyState, fromSnapshotJson, toSnapshotJson } from './engine/state';
import { creditDeposit, settleWithdrawals } from './engine/rules/funds';
import { Chain, emptyChain, type ChainState } from './chain/chain';
import type { EngineState } from './engine/state';
import { advanceOracle, initialOracleState, type OracleState } from './markets/oracle';
import type { SnapshotStore } from './persistence';
import { StreamHub } from './streams';

interface Snapshot {
  engine: EngineState;
  chain: ChainState;
}

export interface DevnetDeps {
  config: DevnetConfig;
  clock: Clock;
  schema: ProtocolSchema;
  store: SnapshotStore;
  /**
   * Write the snapshot before answering, so nothing acknowledged can be lost in a crash (true with a data
   * folder). Without one, snapshots are only for /state/download and are written shortly after changes.
   */
  durable?: boolean;
}

export class Devnet {
  readonly engine: Engine;
  readonly chain: Chain;
  readonly hub = new StreamHub();
  private persistTimer: NodeJS.Timeout | null = null;
  private dirty = false;

  constructor(private readonly deps: DevnetDeps) {
    const saved = deps.store.load();
    const snapshot: Snapshot = saved
      ? this.parseSnapshot(saved)
      : { engine: emptyState(), chain: emptyChain() };
    this.engine = new Engine({
      config: deps.config,
      clock: deps.clock,
      schema: deps.schema,
      state: snapshot.engine,
      onChange: (events) => this.changed(events),
    });
    this.chain = new Chain(snapshot.chain, deps.config);
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

  private parseSnapshot(text: string): Snapshot {
    const parsed = fromSnapshotJson(text) as Partial<Snapshot>;
    // Fields added in later versions start empty rather than undefined.
    return { engine: { ...emptyState(), ...parsed.engine }, chain: { ...emptyChain(), ...parsed.chain } };
  }

  private changed(events: AccountEvent[]): void {
    for (const { accountId, event } of events) {
      const account = this.engine.account(accountId);
      if (account)
        this.hub.publish(`account@${accountId}`, 'account', { accountId, ...event }, account.updateId);
    }
    this.schedulePersist();
  }

  schedulePersist(): void {
    this.dirty = true;
    if (this.deps.durable) return this.persist();
    if (this.persistTimer) return;
    this.persistTimer = setTimeout(() => {
      this.persistTimer = null;
      this.persist();
    }, 50);
  }

  persist(): void {
    if (!this.dirty) return;
    this.dirty = false;
    const text = toSnapshotJson({ engine: this.engine.state, chain: this.chain.state } satisfies Snapshot);
    this.deps.store.save(text, this.engine.state.nextActionId - 1n, new Date(this.deps.clock.nowMs()));
  }

  /** Processes what is due: deposits past their delay are credited, withdrawals are paid out. */
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

  tick(): void {
    this.oracle();
    const nowMs = this.deps.clock.nowMs();
    const now = Math.floor(nowMs / 1000);
    const events: AccountEvent[] = [];
    for (const tx of this.chain.dueDeposits(nowMs)) {
      const result = creditDeposit(
        this.engine.state,
        {
          recipient: tx.to,
          ...(tx.accountId !== undefined ? { accountId: tx.accountId } : {}),
          tokenId: tx.tokenId,
          amount: tx.amount,
          chainTxId: tx.txId,
          from: tx.from!,
        },
        now,
      );
      if ('error' in result) {
        // Refused by the exchange: the chain returns the tokens to the depositor.
        tx.status = 'failed';
        tx.failure = result.error;
        this.chain.payout(tx.from!, tx.tokenId, tx.amount, 0n);
      } else {
        tx.status = 'credited';
        tx.accountId = result.accountId;
        events.push(...result.events);
      }
      this.schedulePersist();
    }
    events.push(
      ...settleWithdrawals(this.engine.state, nowMs, (dest, token, amount, nonce) =>
        this.chain.payout(dest, token, amount, nonce),
      ),
    );
    if (events.length) this.changed(events);
  }

  close(): void {
    if (this.persistTimer) clearTimeout(this.persistTimer);
    this.persistTimer = null;
    this.persist();
    this.hub.closeAll();
  }
}
