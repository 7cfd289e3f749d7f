// An account's figures read the moment its live update arrives in main, rather than when the renderer, told
// of the update, asks for them: the read is then under way while the event travels to the window and the
// window's request travels back, and the request joins it. A read is shared only while it is under way, and
// only reads started after the account's latest update are shared, so nobody is answered older figures than
// a read of their own would give.

export class FreshAccountReads<T> {
  private readonly underway = new Map<number, Promise<T>>();

  constructor(private readonly readAccount: (accountId: number) => Promise<T>) {}

  /** The account changed on the exchange: its figures are read now, for whoever asks next. */
  updated(accountId: number): void {
    const read = this.readAccount(accountId);
    this.underway.set(accountId, read);
    const done = () => {
      if (this.underway.get(accountId) === read) this.underway.delete(accountId);
    };
    // a failed read is answered to whoever joined it, and read again by the next one to ask
    read.then(done, done);
  }

  /** The account's figures: the read started at its latest update while under way, else a new read. */
  read(accountId: number): Promise<T> {
    return this.underway.get(accountId) ?? this.readAccount(accountId);
  }
}
