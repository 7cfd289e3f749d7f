// Reads of an account that its live stream vouches for. An account followed on the exchange's streams says
// when it changes, so what was read of it since its stream connected stays true until the stream says
// otherwise: a refresh then reads again only what changed, instead of every account of every wallet (at 480
// accounts a refresh of the portfolio was 960 requests, every 10 s). Only a read that began on the current
// connection, with no update of its account since it began, is kept: one that began earlier may miss an
// update sent before the subscription. Nothing is kept of an account while its stream's connection is down
// (the streams are spread over a few connections: the exchange takes a limited number on each).

/** What is kept of an account, each read with its own request. */
export type LiveReadKind = 'account' | 'pnl' | 'vaultHoldings';

/** How long a wallet's list of accounts is kept: a new account elsewhere shows within this. */
const ACCOUNT_LIST_KEPT_MS = 5 * 60_000;

interface Kept {
  value: Promise<unknown>;
  /** the account's connection it was read on (reads under way are joined on their connection only) */
  connection: number;
  generation: number;
}

export class LiveReads {
  /** per account, counts its stream's connections: a read is kept only if the one it began on is still up */
  private readonly connections = new Map<number, number>();
  /** the accounts whose stream's connection is open */
  private readonly live = new Set<number>();
  private followed = new Set<number>();
  /** bumped by each update of an account */
  private readonly generations = new Map<number, number>();
  private readonly kept = new Map<string, Kept>();
  private readonly accountLists = new Map<string, { accountIds: number[]; at: number }>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The connection carrying these accounts' streams opened (true) or was lost or replaced (false). */
  connectionChanged(accountIds: readonly number[], connected: boolean): void {
    for (const id of accountIds) {
      this.connections.set(id, (this.connections.get(id) ?? 0) + 1);
      if (connected) this.live.add(id);
      else this.live.delete(id);
      for (const kind of KINDS) this.kept.delete(`${kind}:${id}`);
    }
  }

  /** The accounts the streams follow from now on. */
  follow(accountIds: number[]): void {
    this.followed = new Set(accountIds);
    for (const key of [...this.kept.keys()]) if (!this.followed.has(accountOf(key))) this.kept.delete(key);
  }

  /** The account's stream said it changed (or it is to be read afresh): what was kept of it is not true any more. */
  changed(accountId: number): void {
    this.generations.set(accountId, (this.generations.get(accountId) ?? 0) + 1);
    for (const kind of KINDS) this.kept.delete(`${kind}:${accountId}`);
    // a transfer into a new account changes the account it came from: its wallet's list is read again
    for (const [publicKey, list] of this.accountLists)
      if (list.accountIds.includes(accountId)) this.accountLists.delete(publicKey);
  }

  /**
   * `read()`'s answer, or what was kept of it while its stream vouches for it; a read under way is joined.
   * `keep` says whether an answer is worth keeping (what moves with prices alone is not); `fresh` reads
   * again whatever is kept (a stream's resync, which must see the exchange's state now).
   */
  read<T>(
    kind: LiveReadKind,
    accountId: number,
    read: () => Promise<T>,
    { keep = () => true, fresh = false }: { keep?: (value: T) => boolean; fresh?: boolean } = {},
  ): Promise<T> {
    const key = `${kind}:${accountId}`;
    const generation = this.generations.get(accountId) ?? 0;
    const connection = this.connections.get(accountId) ?? 0;
    const existing = this.kept.get(key);
    if (!fresh && existing && existing.connection === connection && existing.generation === generation)
      return existing.value as Promise<T>;
    const value = read();
    if (!this.live.has(accountId) || !this.followed.has(accountId)) return value;
    const entry: Kept = { value, connection, generation };
    this.kept.set(key, entry);
    const drop = () => {
      if (this.kept.get(key) === entry) this.kept.delete(key);
    };
    value.then((answer) => {
      if (!keep(answer)) drop();
    }, drop);
    return value;
  }

  /**
   * A wallet's account ids, as last read (by whoever read its GET /user), if that is recent, every one of
   * them is followed live, and none changed since.
   */
  accountList(publicKey: string): number[] | null {
    const list = this.accountLists.get(publicKey);
    if (!list || this.now() - list.at > ACCOUNT_LIST_KEPT_MS) return null;
    return list.accountIds.every((id) => this.live.has(id)) ? list.accountIds : null;
  }

  /** A read of the wallet's GET /user answered with these account ids (null: the exchange does not know it). */
  accountListRead(publicKey: string, accountIds: number[] | null): void {
    if (accountIds === null || accountIds.length === 0) this.accountLists.delete(publicKey);
    else this.accountLists.set(publicKey, { accountIds, at: this.now() });
  }
}

const KINDS: readonly LiveReadKind[] = ['account', 'pnl', 'vaultHoldings'];
const accountOf = (key: string): number => Number(key.slice(key.indexOf(':') + 1));
