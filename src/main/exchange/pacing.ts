// Keeps the exchange client within the exchange's rate limits. The exchange has two buckets (POST /action and
// everything else: service-interface.md) and states no numbers, so each bucket's rate is learnt here: no
// limit until the exchange first answers 429, then half of what it accepted over the second before, growing again by
// about one request per second each second while nothing is refused (additive increase, multiplicative
// decrease, as TCP learns a path's capacity). A 429's Retry-After holds the whole bucket back until then, so
// the requests queued behind the refused one do not run into the same empty bucket.

export type RateBucket = 'action' | 'other';

/** Which of the exchange's buckets a request draws from. */
export const bucketOf = (method: string, path: string): RateBucket =>
  method === 'POST' && (path === '/action' || path.startsWith('/action?')) ? 'action' : 'other';

/** Slower than this the learnt rate never goes: the exchange's Retry-After paces anything below it. */
const FLOOR_PER_SECOND = 1;
/** The window over which the rate the exchange accepted is measured when its first 429 arrives. */
const WINDOW_MS = 1_000;

export interface PacerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
}

const realClock: PacerClock = { now: () => performance.now(), setTimeout: (fn, ms) => setTimeout(fn, ms) };

class BucketPace {
  /** requests per second; Infinity until the exchange first refused one */
  private rate = Infinity;
  private tokens = 0;
  private refilledAt: number;
  private pausedUntil = 0;
  /** when recent requests were answered, while no rate is known */
  private readonly accepted: number[] = [];
  private readonly waiting: (() => void)[] = [];
  private timerSet = false;

  constructor(private readonly clock: PacerClock) {
    this.refilledAt = clock.now();
  }

  get perSecond(): number {
    return this.rate;
  }

  /** Resolves when one request may go out, in the order they asked. */
  take(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.drain();
    });
  }

  /** The exchange refused a request for its rate: hold back for `retryAfterMs` and send slower from then. */
  refused(retryAfterMs: number): void {
    const now = this.clock.now();
    // the requests already on their way when the first refusal came are refused too: one episode, one halving
    const newEpisode = now >= this.pausedUntil;
    this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterMs);
    this.tokens = 0;
    this.refilledAt = this.pausedUntil;
    if (!newEpisode) return;
    // with no rate known yet, what the exchange accepted over the last second is what it allows, burst and all
    const sending = this.rate === Infinity ? this.recentRate(now) : this.rate;
    this.rate = Math.max(FLOOR_PER_SECOND, sending / 2);
  }

  /** A request of this bucket was answered without a refusal. */
  answered(): void {
    if (this.rate !== Infinity) {
      this.rate += 1 / this.rate;
      return;
    }
    this.accepted.push(this.clock.now());
    if (this.accepted.length > 4096) this.accepted.splice(0, 2048);
  }

  private recentRate(now: number): number {
    while (this.accepted.length && this.accepted[0]! <= now - WINDOW_MS) this.accepted.shift();
    return (this.accepted.length * 1000) / WINDOW_MS;
  }

  private drain(): void {
    while (this.waiting.length) {
      const now = this.clock.now();
      const wait = this.waitFor(now);
      if (wait > 0) {
        if (!this.timerSet) {
          this.timerSet = true;
          this.clock.setTimeout(() => {
            this.timerSet = false;
            this.drain();
          }, wait);
        }
        return;
      }
      if (this.rate !== Infinity) this.tokens -= 1;
      this.waiting.shift()!();
    }
  }

  /** ms until a request may go, taking its token into account (0: now) */
  private waitFor(now: number): number {
    if (now < this.pausedUntil) return this.pausedUntil - now;
    if (this.rate === Infinity) return 0;
    // a second's worth may go at once: the exchange's own buckets allow a burst
    this.tokens = Math.min(
      Math.max(1, this.rate),
      this.tokens + ((now - this.refilledAt) / 1000) * this.rate,
    );
    this.refilledAt = now;
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.rate) * 1000);
  }
}

/** The client's budget for each of the exchange's buckets. */
export class RequestPacer {
  private readonly buckets: Record<RateBucket, BucketPace>;

  constructor(clock: PacerClock = realClock) {
    this.buckets = { action: new BucketPace(clock), other: new BucketPace(clock) };
  }

  take(bucket: RateBucket): Promise<void> {
    return this.buckets[bucket].take();
  }

  refused(bucket: RateBucket, retryAfterMs: number): void {
    this.buckets[bucket].refused(retryAfterMs);
  }

  answered(bucket: RateBucket): void {
    this.buckets[bucket].answered();
  }

  /** the rate learnt for a bucket (requests per second); Infinity while the exchange has refused none */
  perSecond(bucket: RateBucket): number {
    return this.buckets[bucket].perSecond;
  }
}
