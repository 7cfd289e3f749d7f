// Action timestamps come from the engine's clock (GET /timestamp), never the local one. The offset between
// the two is estimated from the round-trip midpoint and resampled periodically and after any TIMESTAMP_*
// rejection, so a drifting local clock cannot make actions stale.
export interface EngineClockDeps {
  fetchTimestamp: () => Promise<number>;
  now?: () => number;
  /** resample when the last sample is older than this */
  maxAgeMs?: number;
}

export class EngineClock {
  private offsetMs: number | null = null;
  private sampledAt = 0;
  private readonly now: () => number;

  constructor(private readonly deps: EngineClockDeps) {
    this.now = deps.now ?? Date.now;
  }

  async sync(): Promise<void> {
    const sent = this.now();
    const engineSeconds = await this.deps.fetchTimestamp();
    const received = this.now();
    // The engine read its clock somewhere in the round trip; the midpoint is the best guess, and the engine's
    // whole seconds are on average half a second behind its true time.
    this.offsetMs = engineSeconds * 1000 + 500 - (sent + received) / 2;
    this.sampledAt = received;
  }

  /** Engine time in whole seconds, sampling first if needed. */
  async seconds(): Promise<bigint> {
    const age = this.now() - this.sampledAt;
    // A negative age means the local clock was set back (NTP step, sleep, VM restore): the offset measured
    // against it is wrong by that much, so it is measured again rather than kept for another maxAge.
    if (this.offsetMs === null || age < 0 || age > (this.deps.maxAgeMs ?? 60_000)) await this.sync();
    return BigInt(Math.floor((this.now() + this.offsetMs!) / 1000));
  }

  invalidate(): void {
    this.offsetMs = null;
  }
}
