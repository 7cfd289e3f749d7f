// What changed in the devnet's state since the last commit, as one journal record, so that a commit writes what
// it changed rather than the whole state (which grows with every action). Between full snapshots, the
// journal (persistence.ts frames and syncs it) holds one record per group commit; a restart reads the
// snapshot and applies the records after it in order.
//
// A record holds:
// - lists: the new tail of each list that only grows at its end (actions, trades, transfers, history rows,
//   the chain's transaction log, which also drops its oldest). A list whose items still change until they
//   are final (withdrawals until processed) is written again from its oldest item that was not final.
// - maps: the entries of orders, triggers and bridge deposits that are new or were not final at the last
//   commit (an order stops changing once filled or cancelled), and those deleted since.
// - bodies: the duplicate check's hashes of the bodies accepted since the last commit.
// - candles: each market's hourly candles from the last one written (the current hour's, which still
//   changes) on; 14 days of them are kept, so whole they would be most of a record.
// - rest: everything else, whole (accounts, balances, positions, books, sessions, nonces, counters, prices,
//   vaults, the chain's accounts): small beside the history, and it grows with users, not with time.
// `tests/unit/devnet/journal.test.ts` holds a devnet restarted from its records equal to the one that wrote them.
import type { EngineState } from './state';
import type { BridgeState, ChainState } from './chain/state';
import type { Candle } from './trading/state';

/** The devnet's whole saved state: what a snapshot holds and a journal record changes. */
export interface SavedState {
  engine: EngineState;
  /** the Solana runtime's accounts and transaction log, and the bridge's deposits */
  chain: ChainState & { bridge: BridgeState };
}

interface ListSpec {
  path: readonly string[];
  /** how many items were dropped from the front over the list's life (the chain keeps its last 2,000) */
  dropped?: (state: SavedState) => number;
  /** whether an item no longer changes (absent: it never does once in the list) */
  final?: (item: never) => boolean;
}

interface MapSpec {
  path: readonly string[];
  final: (item: never) => boolean;
  /** the keys added since `mark`, and the mark to give next time (`mark` null: none, only the mark) */
  added: (
    state: SavedState,
    map: Record<string, unknown>,
    mark: unknown,
  ) => { keys: string[]; mark: unknown };
}

const LISTS: readonly ListSpec[] = [
  { path: ['engine', 'actions'] },
  { path: ['engine', 'deposits'] },
  {
    path: ['engine', 'withdrawals'],
    final: (w: EngineState['withdrawals'][number]) => w.status === 'processed',
  },
  { path: ['engine', 'transfers'] },
  { path: ['engine', 'systemTransfers'] },
  { path: ['engine', 'trades'] },
  { path: ['engine', 'history', 'pnl'] },
  { path: ['engine', 'history', 'positions'] },
  { path: ['engine', 'history', 'funding'] },
  { path: ['engine', 'history', 'liquidations'] },
  { path: ['engine', 'history', 'feeTiers'] },
  { path: ['engine', 'triggers', 'placements'] },
  { path: ['engine', 'triggers', 'finalisations'] },
  { path: ['engine', 'vaults', 'configRows'] },
  { path: ['engine', 'vaults', 'depositRows'] },
  { path: ['engine', 'vaults', 'withdrawalRows'] },
  { path: ['engine', 'vaults', 'epochRows'] },
  {
    path: ['chain', 'txs'],
    dropped: (s) => (s.chain.txCount ?? s.chain.txs.length) - s.chain.txs.length,
  },
];

/** Keys numbered from a counter: the new ones are those from the last counter value to the current. */
const numbered =
  (next: (state: SavedState) => bigint) =>
  (state: SavedState, _map: Record<string, unknown>, mark: unknown) => {
    const to = next(state);
    const keys: string[] = [];
    if (mark !== null) for (let id = mark as bigint; id < to; id += 1n) keys.push(id.toString());
    return { keys, mark: to };
  };

const MAPS: readonly MapSpec[] = [
  {
    path: ['engine', 'orders'],
    final: (o: EngineState['orders'][string]) => o.status !== 'open',
    added: numbered((s) => s.engine.nextOrderId),
  },
  {
    path: ['engine', 'triggers', 'triggers'],
    final: (t: EngineState['triggers']['triggers'][string]) => t.status !== 'Active',
    added: numbered((s) => s.engine.triggers.nextTriggerId),
  },
  {
    path: ['chain', 'bridge', 'deposits'],
    final: (d: BridgeState['deposits'][string]) => d.status !== 'confirmed',
    // few (one per deposit), keyed by signature: the keys not seen before
    added: (_state, map, mark) => {
      const keys = Object.keys(map);
      if (mark === null) return { keys: [], mark: keys };
      const seen = new Set(mark as string[]);
      return { keys: keys.filter((k) => !seen.has(k)), mark: keys };
    },
  },
];

/** the state's parts a record carries other than whole: the lists, the maps and the body hashes */
const TRACKED: readonly (readonly string[])[] = [
  ...LISTS.map((l) => l.path),
  ...MAPS.map((m) => m.path),
  ['engine', 'seenBodies'],
  // each market's hourly candles (the last 14 days): the current hour's changes until the next begins
  ['engine', 'oracle', 'markets', '*', 'candles'],
];

export interface JournalRecord {
  /** the commit's number: 1 after the snapshot whose journalSeq is 0, and so on */
  seq: number;
  /** per list: [path index, first absolute index written, items dropped from the front, items] */
  lists: [number, number, number, unknown[]][];
  /** per map: [path index, entries set, keys deleted] */
  maps: [number, Record<string, unknown>, string[]][];
  bodies: Record<string, string>;
  /** per market: [market id, the candles from the first changed one on, the candles kept after] */
  candles: [string, Candle[], number][];
  rest: unknown;
}

const at = (root: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root);

/** the paths below `paths`' step `depth` that `key` is on (`*` stands for every key) */
const under = (paths: readonly (readonly string[])[], depth: number, key: string) =>
  paths.filter((p) => p[depth] === key || p[depth] === '*');

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object';

/** The state without the tracked paths: shallow copies down to each, so the state is not touched. */
function restOf(state: SavedState): unknown {
  const copy = (node: Record<string, unknown>, depth: number, paths: readonly (readonly string[])[]) => {
    const out: Record<string, unknown> = { ...node };
    const keys = new Set(paths.flatMap((p) => (p[depth] === '*' ? Object.keys(node) : [p[depth]!])));
    for (const key of keys) {
      const below = under(paths, depth, key);
      const value = node[key];
      if (below.some((p) => p.length === depth + 1)) delete out[key];
      else if (isObject(value)) out[key] = copy(value, depth + 1, below);
    }
    return out;
  };
  return copy(state as unknown as Record<string, unknown>, 0, TRACKED);
}

/** Puts a record's `rest` into the state: every part but the tracked paths is replaced by the record's. */
function assignRest(
  target: Record<string, unknown>,
  rest: Record<string, unknown>,
  depth: number,
  paths: readonly (readonly string[])[],
) {
  for (const key of Object.keys(target))
    if (!(key in rest) && under(paths, depth, key).length === 0) delete target[key];
  for (const [key, value] of Object.entries(rest)) {
    const below = under(paths, depth, key);
    const current = target[key];
    if (below.some((p) => p.length === depth + 1)) continue; // never in a rest
    if (below.length === 0 || !isObject(current) || !isObject(value)) target[key] = value;
    else assignRest(current, value, depth + 1, below);
  }
}

/**
 * Writes a state's changes as records, one per commit. `reset` after a full snapshot (everything up to it is
 * in the snapshot); `next` then says what changed since the last record or reset.
 */
export class StateJournal {
  private seq = 0;
  /** per list: the absolute index up to which every item was final when last written */
  private stable: number[] = [];
  /** per map: the keys written while not final, and the mark of its added keys */
  private open: Set<string>[] = [];
  private marks: unknown[] = [];
  /** per market: the start of the last candle written (it may still change) */
  private candleStarts = new Map<string, number>();

  constructor(private readonly state: () => SavedState) {}

  /** The state as of record `seq` is on disk in full (a snapshot). */
  reset(seq: number): void {
    const state = this.state();
    this.seq = seq;
    this.stable = LISTS.map((spec) => {
      const list = at(state, spec.path) as never[];
      const first = spec.final ? list.findIndex((item) => !spec.final!(item)) : -1;
      return (spec.dropped?.(state) ?? 0) + (first === -1 ? list.length : first);
    });
    this.open = MAPS.map((spec) => {
      const map = at(state, spec.path) as Record<string, never>;
      return new Set(Object.keys(map).filter((key) => !spec.final(map[key]!)));
    });
    this.candleStarts = new Map(
      Object.entries(state.engine.oracle?.markets ?? {}).flatMap(([id, market]) => {
        const last = market.candles.at(-1);
        return last ? [[id, last.start] as const] : [];
      }),
    );
    this.marks = MAPS.map(
      (spec) => spec.added(state, at(state, spec.path) as Record<string, unknown>, null).mark,
    );
  }

  get lastSeq(): number {
    return this.seq;
  }

  /** The record of everything changed since the last one (or the reset); `bodies` from the engine. */
  next(bodies: Record<string, string>): JournalRecord {
    const state = this.state();
    const lists: JournalRecord['lists'] = [];
    LISTS.forEach((spec, index) => {
      const list = at(state, spec.path) as never[];
      const dropped = spec.dropped?.(state) ?? 0;
      let from = Math.max(this.stable[index]!, dropped);
      if (from - dropped > list.length) from = dropped; // never expected: written whole again
      const items = list.slice(from - dropped);
      let stable = from;
      if (spec.final) while (stable - from < items.length && spec.final(items[stable - from]!)) stable += 1;
      else stable += items.length;
      this.stable[index] = stable;
      if (items.length > 0) lists.push([index, from, dropped, items]);
    });
    const maps: JournalRecord['maps'] = [];
    MAPS.forEach((spec, index) => {
      const map = at(state, spec.path) as Record<string, never>;
      const open = this.open[index]!;
      const set: Record<string, unknown> = {};
      const deleted: string[] = [];
      const { keys, mark } = spec.added(state, map, this.marks[index]);
      this.marks[index] = mark;
      for (const key of [...open, ...keys]) {
        const value = map[key];
        if (value === undefined) {
          if (open.delete(key)) deleted.push(key);
          continue;
        }
        set[key] = value;
        if (spec.final(value)) open.delete(key);
        else open.add(key);
      }
      if (deleted.length > 0 || Object.keys(set).length > 0) maps.push([index, set, deleted]);
    });
    const candles: JournalRecord['candles'] = [];
    for (const [id, market] of Object.entries(state.engine.oracle?.markets ?? {})) {
      const list = market.candles;
      const since = this.candleStarts.get(id);
      let from = list.length;
      while (from > 0 && (since === undefined || list[from - 1]!.start >= since)) from -= 1;
      if (from === list.length) continue;
      candles.push([id, list.slice(from), list.length]);
      this.candleStarts.set(id, list.at(-1)!.start);
    }
    this.seq += 1;
    return { seq: this.seq, lists, maps, bodies, candles, rest: restOf(state) };
  }
}

/** Applies a record to a state read from a snapshot (and the records before this one). */
export function applyRecord(state: SavedState, record: JournalRecord): void {
  for (const [index, from, dropped, items] of record.lists) {
    const spec = LISTS[index]!;
    const list = at(state, spec.path) as unknown[];
    const droppedBefore = spec.dropped?.(state) ?? 0;
    list.splice(0, dropped - droppedBefore);
    if (from - dropped > list.length || from < dropped)
      throw new Error(
        `journal record ${record.seq} does not follow the state before it (${spec.path.join('.')})`,
      );
    list.length = from - dropped;
    for (const item of items) list.push(item);
  }
  for (const [index, set, deleted] of record.maps) {
    const map = at(state, MAPS[index]!.path) as Record<string, unknown>;
    Object.assign(map, set);
    for (const key of deleted) delete map[key];
  }
  Object.assign(state.engine.seenBodies, record.bodies);
  assignRest(state as unknown as Record<string, unknown>, record.rest as Record<string, unknown>, 0, TRACKED);
  for (const [id, items, length] of record.candles) {
    const market = state.engine.oracle?.markets[Number(id)];
    if (!market) throw new Error(`journal record ${record.seq} has candles of a market it does not have`);
    const list = (market.candles ??= []);
    const first = items[0]!.start;
    while (list.length > 0 && list.at(-1)!.start >= first) list.pop();
    list.push(...items);
    if (list.length > length) list.splice(0, list.length - length);
  }
}
