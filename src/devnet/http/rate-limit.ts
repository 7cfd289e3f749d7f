// Two token buckets per client address, one for POST /action and one for everything else, as the interface
// describes; an empty bucket answers 429 with Retry-After.
import type { RateLimit } from '../config';

interface Bucket {
  tokens: number;
  updatedMs: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limits: { action: RateLimit; other: RateLimit },
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** Returns 0 when allowed, otherwise the seconds to wait. */
  take(client: string, bucket: 'action' | 'other'): number {
    const limit = this.limits[bucket];
    const key = `${bucket}:${client}`;
    const now = this.nowMs();
    const state = this.buckets.get(key) ?? { tokens: limit.burst, updatedMs: now };
    state.tokens = Math.min(limit.burst, state.tokens + ((now - state.updatedMs) / 1000) * limit.perSecond);
    state.updatedMs = now;
    this.buckets.set(key, state);
    if (state.tokens >= 1) {
      state.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - state.tokens) / limit.perSecond));
  }
}
