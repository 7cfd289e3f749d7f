// An account's figures read the moment its live update arrives in main, rather than when the renderer, told
// of the update, asks for them: the read is then under way while the event travels to the window and the
// window's request travels back, and the request joins it. Often the read has already finished by the time
// the request arrives (the exchange is near, the window busy), so a finished read is kept too, for a moment
// (KEPT_MS): the request then costs no second read. Only the read started at the account's latest update is
// handed out, and only while under way or that young, so nobody is answered figures older than a read of
// their own would give, beyond that moment (prices move the figures without an update: a mark-to-market
// refresh soon after an update gets the update's read, at most KEPT_MS old).

/** How long a finished read is handed out after it finished. */
const KEPT_MS = 1_000;

interface Latest<T> {
  read: Promise<T>;
  /** when it finished (the clock's ms); absent while under way */
  finishedAt?: number;
}

export class FreshAccountReads<T> {
  private readonly latest = new Map<number, Latest<T>>();

  constructor(
    private readonly readAccount: (accountId: number) => Promise<T>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The account changed on the exchange: its figures are read now, for whoever asks next. */
  updated(accountId: number): void {
    const entry: Latest<T> = { read: this.readAccount(accountId) };
    this.latest.set(accountId, entry);
    entry.read.then(
      () => (entry.finishedAt = this.now()),
      // a failed read is answered to whoever joined it, and read again by the next one to ask
      () => {
        if (this.latest.get(accountId) === entry) this.latest.delete(accountId);
      },
    );
  }

  /**
   * This app changed the exchange (an action of its own executed): a read started before is not handed out,
   * so whoever asks right after their own action sees it, even before the account's update arrives.
   */
  stale(): void {
    this.latest.clear();
  }

  /** The account's figures: the read its latest update started, while under way or just finished; else a new read. */
  read(accountId: number): Promise<T> {
    const entry = this.latest.get(accountId);
    if (entry && (entry.finishedAt === undefined || this.now() - entry.finishedAt <= KEPT_MS))
      return entry.read;
    if (entry) this.latest.delete(accountId);
    return this.readAccount(accountId);
  }
}
